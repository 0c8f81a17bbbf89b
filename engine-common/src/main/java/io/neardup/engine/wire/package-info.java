/**
 * The transport layout of the shared models, written into and read from the engines' own streams
 * (both are java.io streams) with no engine code ({@link io.neardup.engine.wire.WireInput}, {@link
 * io.neardup.engine.wire.WireOutput}).
 */
package io.neardup.engine.wire;

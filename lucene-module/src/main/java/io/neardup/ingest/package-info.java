/**
 * Near-duplicate cluster ids at write time: what the engines' {@code neardup} ingest processors
 * share (parameters, mapping checks, sketches, the memory of recent sketches).
 */
package io.neardup.ingest;

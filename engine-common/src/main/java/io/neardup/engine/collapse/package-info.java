/**
 * What both engines' {@code neardup_collapse} routes share on the coordinating node: the window of
 * hits gathered from the shards and its collapse ({@link
 * io.neardup.engine.collapse.CollapseWindow}).
 */
package io.neardup.engine.collapse;

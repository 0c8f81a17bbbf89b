/**
 * {@code neardup_collapse} and {@code neardup_sketches}: collapse near-duplicates among the top
 * hits on the coordinating node.
 */
package io.neardup.opensearch.collapse;

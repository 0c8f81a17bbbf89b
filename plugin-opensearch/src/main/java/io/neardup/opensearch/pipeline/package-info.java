/** Search pipeline processors: {@code neardup_collapse} set once per pipeline or index. */
package io.neardup.opensearch.pipeline;

/** The {@code neardup} query: near-duplicates of a text or of an indexed document. */
package io.neardup.opensearch.query;

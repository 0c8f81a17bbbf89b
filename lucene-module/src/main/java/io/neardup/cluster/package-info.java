/**
 * Grouping near-duplicates, free of Lucene: union-find, an in-memory table of sketches, the
 * length-ratio bound of Jaccard similarity and canonical policies.
 */
package io.neardup.cluster;

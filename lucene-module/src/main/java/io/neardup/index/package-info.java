/**
 * Whole-index operations: the neardup metadata recorded in a Lucene commit, and clustering of all
 * documents by their band postings and stored sketches.
 */
package io.neardup.index;

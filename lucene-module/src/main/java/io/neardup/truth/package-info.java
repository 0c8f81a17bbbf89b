/**
 * Exact ground truth, free of Lucene: every pair of shingle sets whose exact Jaccard similarity
 * reaches a threshold ({@link io.neardup.truth.AllPairsJoin}), to measure any method against.
 */
package io.neardup.truth;

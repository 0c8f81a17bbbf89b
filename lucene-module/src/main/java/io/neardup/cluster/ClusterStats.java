package io.neardup.cluster;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a {@link io.neardup.cluster.core.Clusterer} run found and did, for logs and tuning.
 *
 * @param documents documents added
 * @param withSets documents with a non-empty set (the others are nobody's near-duplicate)
 * @param identicalGroups groups of two or more documents with equal sets
 * @param buckets band buckets of two or more representatives
 * @param largestBucket representatives in the largest bucket
 * @param oversizedBuckets buckets above the maximum bucket size, verified against representatives
 * @param candidatePairs pairs whose similarity was checked (length-ratio pruned ones included)
 * @param skippedPairs candidate pairs not checked because they were already in one cluster ({@link
 *     Clusterer#joinsOnly(boolean)})
 * @param prunedPairs pairs ruled out by their set sizes alone ({@link Verification#EXACT})
 * @param verifiedPairs pairs reaching the threshold, listed or not
 * @param listedPairs pairs given to the {@link PairSink}
 * @param unlistedIdenticalPairs pairs inside groups of identical documents that were not listed
 * @param uncomparedPairs pairs of documents of one oversized bucket that ended in one cluster
 *     without being compared
 * @param spilledRuns sorted runs written to disk
 * @param keys bucket keys stored (band hashes, shared values or signatures), over all documents
 * @param setBytes bytes of the sets stored for verification, over all documents
 * @param phaseTimes wall time per phase, in phase order
 */
public record ClusterStats(
    int documents,
    int withSets,
    int identicalGroups,
    long buckets,
    int largestBucket,
    int oversizedBuckets,
    long candidatePairs,
    long skippedPairs,
    long prunedPairs,
    long verifiedPairs,
    long listedPairs,
    long unlistedIdenticalPairs,
    long uncomparedPairs,
    int spilledRuns,
    long keys,
    long setBytes,
    Map<String, Duration> phaseTimes) {

  /** What the method keeps per document with a set, in bytes: its keys and its set. */
  public double bytesPerDocument() {
    return withSets == 0 ? 0 : (keys * (double) Long.BYTES + setBytes) / withSets;
  }

  public ClusterStats {
    phaseTimes = Collections.unmodifiableMap(new LinkedHashMap<>(phaseTimes));
  }

  /** The same figures with a phase run before the clusterer's own, such as reading an index. */
  public ClusterStats withPhaseBefore(String phase, Duration time) {
    Map<String, Duration> times = new LinkedHashMap<>();
    times.put(phase, time);
    times.putAll(phaseTimes);
    return new ClusterStats(
        documents,
        withSets,
        identicalGroups,
        buckets,
        largestBucket,
        oversizedBuckets,
        candidatePairs,
        skippedPairs,
        prunedPairs,
        verifiedPairs,
        listedPairs,
        unlistedIdenticalPairs,
        uncomparedPairs,
        spilledRuns,
        keys,
        setBytes,
        times);
  }
}

package io.neardup.cluster;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a clusterer ({@code io.neardup.index.NearDupClusterer} or {@link StreamingClusterer}) run
 * did, for logs and tuning.
 *
 * @param documents live documents with a sketch
 * @param buckets band buckets with at least two live documents
 * @param largestBucket live documents in the largest bucket
 * @param oversizedBuckets buckets above the maximum bucket size, verified against representatives
 * @param candidatePairs pairs whose similarity was checked (length-ratio pruned ones included)
 * @param skippedPairs candidate pairs not checked because they were already in one cluster
 * @param prunedPairs pairs ruled out by their set sizes alone ({@link Verification#EXACT})
 * @param verifiedPairs pairs that reached the threshold and were reported
 * @param exactDuplicateGroups groups of two or more documents with the same exact-duplicate token
 * @param phaseTimes wall time per phase, in phase order
 */
public record ClusterStats(
    int documents,
    long buckets,
    int largestBucket,
    int oversizedBuckets,
    long candidatePairs,
    long skippedPairs,
    long prunedPairs,
    long verifiedPairs,
    int exactDuplicateGroups,
    Map<String, Duration> phaseTimes) {

  public ClusterStats {
    phaseTimes = Collections.unmodifiableMap(new LinkedHashMap<>(phaseTimes));
  }
}

package io.neardup.cluster;

import java.io.IOException;

/**
 * Receives the verified pairs of a {@link io.neardup.cluster.core.Clusterer} run, for example to
 * write them out. The clusterer calls it from one thread at a time, but not always the same thread,
 * and in no particular order.
 */
@FunctionalInterface
public interface PairSink {
  /**
   * One verified pair: its similarity reached the threshold.
   *
   * @param docA the lower top-level document id
   * @param docB the higher top-level document id
   * @param similarity the estimated or exact Jaccard similarity, by the run's {@link Verification},
   *     or the similarity of the run's {@link io.neardup.cluster.core.PairMeasure}
   * @throws IOException stops the run, which rethrows it
   */
  void accept(int docA, int docB, double similarity) throws IOException;
}

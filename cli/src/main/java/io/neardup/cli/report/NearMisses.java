package io.neardup.cli.report;

import io.neardup.cli.output.ResultFiles;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.IntFunction;

/**
 * The verified candidate pairs closest below the threshold: the pairs a report shows as not paired,
 * to see why. Keeps a fixed number of them whatever the run's size: the closest, ties by their ids
 * (document numbers depend on the threads that indexed them), so the same input gives the same
 * pairs.
 */
public final class NearMisses {
  /** Pairs a report shows. */
  public static final int DEFAULT_KEEP = 10;

  /** Pairs tied at the lowest similarity kept beyond {@code keep}, to choose among by id. */
  private static final int MAX_TIES = 1_000;

  private record Miss(int a, int b, double similarity) {}

  private final int keep;
  // the lowest similarity first; pairs tied with the lowest kept stay until ids choose
  private final PriorityQueue<Miss> kept =
      new PriorityQueue<>(Comparator.comparingDouble(Miss::similarity));

  public NearMisses(int keep) {
    this.keep = keep;
  }

  /** Offers a pair below the threshold; from one thread, as the clusterer hands them over. */
  void add(int a, int b, double similarity) {
    if (keep == 0 || (kept.size() >= keep && similarity < kept.peek().similarity())) {
      return;
    }
    kept.add(new Miss(a, b, similarity));
    // drop the lowest similarity when the pairs above it are enough on their own
    double lowest = kept.peek().similarity();
    int atLowest = 0;
    for (Miss m : kept) {
      atLowest += m.similarity() == lowest ? 1 : 0;
    }
    if (kept.size() - atLowest >= keep || atLowest > keep + MAX_TIES) {
      kept.removeIf(m -> m.similarity() == lowest);
    }
  }

  /**
   * The pairs kept, closest to the threshold first (ties by ids), each with its ids in order.
   *
   * @param ids the id of each document number
   */
  public List<ResultFiles.Pair> closest(IntFunction<String> ids) {
    List<ResultFiles.Pair> out = new ArrayList<>(kept.size());
    for (Miss m : kept) {
      out.add(ResultFiles.Pair.of(ids.apply(m.a()), ids.apply(m.b()), m.similarity()));
    }
    out.sort(
        Comparator.comparingDouble(ResultFiles.Pair::similarity)
            .reversed()
            .thenComparing(ResultFiles.Pair::a)
            .thenComparing(ResultFiles.Pair::b));
    return out.subList(0, Math.min(keep, out.size()));
  }
}

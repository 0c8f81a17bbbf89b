package io.neardup.cluster.core;

import java.io.IOException;

/**
 * The rule for a bucket larger than the maximum bucket size (thousands of variants of one
 * boilerplate text), whose pairs are never all verified: its members, in bucket order, are compared
 * with a few representatives only (the first member, and each member that matched none of the
 * earlier representatives, up to the configured number) and joined to those they reach, so the cost
 * stays linear in the bucket's size. A member already in one cluster with a representative counts
 * as matching it, uncompared. The single-node core ({@link Clusterer}) and the distributed run both
 * apply it, each over its own union-find and comparison; one instance serves one bucket at a time.
 */
public final class Representatives {
  /** How a run compares and joins two of its documents. */
  public interface Pairs {
    /** Whether the two are in one cluster already. */
    boolean connected(int a, int b);

    /** The pair's similarity if it reaches the run's threshold, else a negative number. */
    double similarity(int a, int b) throws IOException;

    /** Joins a pair that reached the threshold, {@code a < b}. */
    void join(int a, int b, double similarity) throws IOException;
  }

  private final int[] reps;
  private int count;
  private long compared;

  /**
   * @param max the most representatives of a bucket, at least 1
   */
  public Representatives(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("representatives must be >= 1, got " + max);
    }
    this.reps = new int[max];
  }

  /** Starts the next bucket: no representatives yet. */
  public void reset() {
    count = 0;
  }

  /**
   * Compares the bucket's next member with the representatives so far and joins it to those it
   * reaches; it becomes one when it matched none and there is room.
   *
   * @return the pairs joined
   */
  public int offer(int member, Pairs pairs) throws IOException {
    boolean matched = false;
    int joined = 0;
    for (int r = 0; r < count; r++) {
      int rep = reps[r];
      if (pairs.connected(rep, member)) {
        matched = true;
        continue;
      }
      compared++;
      double s = pairs.similarity(rep, member);
      if (s >= 0) {
        pairs.join(Math.min(rep, member), Math.max(rep, member), s);
        joined++;
        matched = true;
      }
    }
    if (!matched && count < reps.length) {
      reps[count++] = member;
    }
    return joined;
  }

  /** The current bucket's number of representatives. */
  public int count() {
    return count;
  }

  /** The current bucket's {@code i}-th representative. */
  public int get(int i) {
    return reps[i];
  }

  /** Whether {@code doc} is a representative of the current bucket. */
  public boolean isRepresentative(int doc) {
    for (int r = 0; r < count; r++) {
      if (reps[r] == doc) {
        return true;
      }
    }
    return false;
  }

  /** Pairs compared so far, over all buckets. */
  public long compared() {
    return compared;
  }
}

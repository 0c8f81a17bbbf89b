package io.neardup.cluster;

import java.util.Arrays;

/**
 * One group of near-duplicate documents found by a {@link io.neardup.cluster.core.Clusterer}.
 *
 * @param canonical the document chosen by the run's {@link io.neardup.canonical.CanonicalPolicy};
 *     one of the members
 * @param members the top-level document ids in ascending order, canonical included; at least two
 */
public record Cluster(int canonical, int[] members) {
  public Cluster {
    if (members == null || members.length < 2) {
      throw new IllegalArgumentException(
          "a cluster must have at least 2 members, got "
              + (members == null ? "null" : Arrays.toString(members)));
    }
    members = members.clone();
    for (int i = 1; i < members.length; i++) {
      if (members[i] <= members[i - 1]) {
        throw new IllegalArgumentException(
            "members must be ascending and distinct, got " + Arrays.toString(members));
      }
    }
    if (Arrays.binarySearch(members, canonical) < 0) {
      throw new IllegalArgumentException(
          "canonical must be a member, got " + canonical + " for " + Arrays.toString(members));
    }
  }

  /** A copy of the members. */
  @Override
  public int[] members() {
    return members.clone();
  }

  /** Number of members. */
  public int size() {
    return members.length;
  }

  /** The i-th member in ascending order. */
  public int member(int i) {
    return members[i];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Cluster c && canonical == c.canonical && Arrays.equals(members, c.members);
  }

  @Override
  public int hashCode() {
    return 31 * canonical + Arrays.hashCode(members);
  }

  @Override
  public String toString() {
    return "Cluster{canonical=" + canonical + ", members=" + Arrays.toString(members) + "}";
  }
}

package io.neardup.cluster.core;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Phase "identical": documents with equal sets (identical texts, as far as shingles go) form a
 * group, joined with similarity 1 and represented in the buckets by its first document. Documents
 * are first sorted by a hash of their set, then each run of equal hashes is split into groups of
 * truly equal sets.
 */
final class IdenticalGroups {
  private final ClusterRun run;
  // the members of each group, by its first member
  private final Map<Integer, int[]> groups = new HashMap<>();
  // the first member of the group of each document, or -1 when it is in none
  private int[] groupOf;

  IdenticalGroups(ClusterRun run) {
    this.run = run;
  }

  void find(LongSorter identityEntries) throws IOException {
    SetComparison.Buffers buffers = new SetComparison.Buffers();
    SortedRuns.forEach(
        identityEntries,
        "identical",
        run.progress,
        doc -> true,
        (docs, size) -> split(docs, size, buffers));
  }

  private void split(int[] docs, int size, SetComparison.Buffers buffers) throws IOException {
    int remaining = size;
    while (remaining >= 2) {
      int first = docs[0];
      int[] group = new int[remaining];
      int inGroup = 0;
      int left = 0;
      group[inGroup++] = first;
      for (int i = 1; i < remaining; i++) {
        int d = docs[i];
        if (run.comparison.equal(first, d, buffers)) {
          group[inGroup++] = d;
        } else {
          docs[left++] = d;
        }
      }
      if (inGroup >= 2) {
        add(Arrays.copyOf(group, inGroup));
      }
      remaining = left;
    }
  }

  private void add(int[] members) throws IOException {
    if (groupOf == null) {
      groupOf = new int[run.n];
      Arrays.fill(groupOf, -1);
    }
    groups.put(members[0], members);
    for (int m : members) {
      groupOf[m] = members[0];
    }
    run.joinGroup(members);
  }

  /** The number of groups. */
  int count() {
    return groups.size();
  }

  /** Whether a document stands for itself in the buckets: in no group, or its group's first. */
  boolean representative(int doc) {
    return groupOf == null || groupOf[doc] < 0 || groupOf[doc] == doc;
  }

  /** The size of the group a representative stands for, 1 for a document in none. */
  int size(int doc) {
    return groupOf == null || groupOf[doc] < 0 ? 1 : groups.get(groupOf[doc]).length;
  }

  /** The members of the group a representative stands for: itself when in none. */
  int[] members(int doc) {
    return size(doc) == 1 ? new int[] {doc} : groups.get(groupOf[doc]);
  }
}

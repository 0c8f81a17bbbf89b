package io.neardup.cluster.core;

import java.io.IOException;
import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * Reads sorted entries (upper 32 bits: a hash; lower 32 bits: a document) as runs of documents
 * sharing the hash: the buckets of one band hash, or the documents of one set hash.
 */
final class SortedRuns {
  private SortedRuns() {}

  /** Receives a run of documents whose entries share their upper 32 bits. */
  interface Handler {
    void accept(int[] docs, int size) throws IOException;
  }

  /**
   * Sorts the entries of {@code sorter} and hands each run of entries with equal upper halves to
   * {@code handler}: the documents of the lower halves that {@code keep} accepts, ascending; runs
   * of fewer than two such documents are skipped.
   */
  static void forEach(
      LongSorter sorter, String phase, PhaseProgress progress, IntPredicate keep, Handler handler)
      throws IOException {
    int[] run = new int[16];
    long done = 0;
    long total = sorter.size();
    try (LongSorter.Cursor cursor = sorter.sorted()) {
      int size = 0;
      long key = 0;
      boolean started = false;
      while (true) {
        boolean more = cursor.next();
        long v = more ? cursor.value() : 0;
        if (!more || !started || (v >>> 32) != key) {
          if (size >= 2) {
            handler.accept(run, size);
          }
          if (!more) {
            break;
          }
          size = 0;
          key = v >>> 32;
          started = true;
        }
        int doc = (int) v;
        if (keep.test(doc)) {
          if (size == run.length) {
            run = Arrays.copyOf(run, size * 2);
          }
          run[size++] = doc;
        }
        if ((++done & 0xFFFF) == 0) {
          progress.update(phase, done, total);
        }
      }
    }
    progress.update(phase, total, total);
  }
}

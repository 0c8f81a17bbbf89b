package io.neardup.cluster.core;

import java.io.IOException;

/**
 * The candidate pairs of a bucket, the documents that share a band hash: every two different
 * members once, packed as {@code (low << 32) | high} of their document numbers, so that sorting
 * packed pairs orders them by their first and then their second document. Members may come in any
 * order and repeat (two bands of one document with equal hashes); a bucket over the size rule is
 * not listed but verified by the {@link Representatives} rule. Both the single-node run and the
 * engines' distributed run list their buckets with it.
 */
public final class BucketPairs {
  /** Receives the listed pairs a block at a time. */
  @FunctionalInterface
  public interface Sink {
    /** Takes {@code count} packed pairs from the start of {@code pairs}, which is reused after. */
    void add(long[] pairs, int count) throws IOException;
  }

  private final long[] block;

  /** A lister that hands its pairs over in blocks of {@code blockSize}. */
  public BucketPairs(int blockSize) {
    if (blockSize < 1) {
      throw new IllegalArgumentException("blockSize must be >= 1, got " + blockSize);
    }
    this.block = new long[blockSize];
  }

  /** The first document of a packed pair. */
  public static int low(long pair) {
    return (int) (pair >>> 32);
  }

  /** The second document of a packed pair. */
  public static int high(long pair) {
    return (int) pair;
  }

  /** Lists the pairs of the bucket {@code docs[0, size)} into {@code sink}. */
  public void list(int[] docs, int size, Sink sink) throws IOException {
    int k = 0;
    for (int i = 0; i < size - 1; i++) {
      int a = docs[i];
      for (int j = i + 1; j < size; j++) {
        int b = docs[j];
        if (a == b) {
          continue;
        }
        if (k == block.length) {
          sink.add(block, k);
          k = 0;
        }
        block[k++] = a < b ? (long) a << 32 | b : (long) b << 32 | a;
      }
    }
    if (k > 0) {
      sink.add(block, k);
    }
  }
}

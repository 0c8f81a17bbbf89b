package io.neardup.cluster.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BucketPairsTest {
  private static List<String> listed(BucketPairs lister, int[] docs, int size, List<Integer> blocks)
      throws IOException {
    List<String> out = new ArrayList<>();
    lister.list(
        docs,
        size,
        (pairs, count) -> {
          blocks.add(count);
          for (int i = 0; i < count; i++) {
            out.add(BucketPairs.low(pairs[i]) + "-" + BucketPairs.high(pairs[i]));
          }
        });
    return out;
  }

  @Test
  void everyTwoDifferentMembersOnceLowFirst() throws IOException {
    List<Integer> blocks = new ArrayList<>();
    // unordered members, a repeated one (two bands of one document), and a tail beyond size
    List<String> pairs = listed(new BucketPairs(1024), new int[] {7, 3, 9, 3, 1}, 4, blocks);
    assertEquals(List.of("3-7", "7-9", "3-7", "3-9", "3-9"), pairs);
    assertEquals(List.of(5), blocks);
  }

  @Test
  void handsPairsOverInBlocks() throws IOException {
    List<Integer> blocks = new ArrayList<>();
    List<String> pairs = listed(new BucketPairs(2), new int[] {0, 1, 2, 3}, 4, blocks);
    assertEquals(List.of("0-1", "0-2", "0-3", "1-2", "1-3", "2-3"), pairs);
    assertEquals(List.of(2, 2, 2), blocks);
    blocks.clear();
    assertEquals(List.of(), listed(new BucketPairs(2), new int[] {5, 5}, 2, blocks));
    assertEquals(List.of(), blocks);
  }

  @Test
  void packedPairsSortByFirstThenSecondDocument() {
    long a = (long) 1 << 32 | 2_000_000_000;
    long b = (long) 2 << 32 | 0;
    assertEquals(-1, Long.compare(a, b));
    assertEquals(2_000_000_000, BucketPairs.high(a));
    assertThrows(IllegalArgumentException.class, () -> new BucketPairs(0));
  }
}

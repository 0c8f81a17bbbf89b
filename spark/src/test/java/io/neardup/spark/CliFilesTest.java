package io.neardup.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The pairs file's similarities are written as the CLI writes them ({@code %.6f}). */
class CliFilesTest {
  @Test
  void similaritiesAreFormattedAsTheCliFormatsThem() {
    SplittableRandom random = new SplittableRandom(27);
    for (int i = 0; i < 200_000; i++) {
      double s =
          switch (i % 4) {
            case 0 -> random.nextDouble();
            // shingle-set Jaccard: a ratio of counts
            case 1 -> random.nextInt(1, 5000) / (double) random.nextInt(5000, 10000);
            // next to a tie of the seventh decimal, on either side
            case 2 -> Math.nextAfter((random.nextInt(1_000_000) + 0.5) / 1e6, random.nextInt(2));
            default -> (random.nextInt(1_000_000) + 0.5) / 1e6;
          };
      check(s);
    }
    for (double s : new double[] {0, 1, 0.8, 0.0000005, 0.9999995, 0.1, 1e-9, 0.123456}) {
      check(s);
    }
  }

  private static void check(double s) {
    StringBuilder sb = new StringBuilder();
    CliFiles.appendSimilarity(sb, s);
    assertEquals(String.format(Locale.ROOT, "%.6f", s), sb.toString(), "similarity " + s);
  }
}

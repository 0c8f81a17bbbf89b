package io.neardup.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.SketchFormat;
import io.neardup.sketch.Sketcher;
import java.io.IOException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ReassignmentTest {
  private static final NearDupSettings SETTINGS = NearDupSettings.DEFAULT;

  private static byte[] sketch(long[] set) {
    return SketchFormat.encode(new Sketcher(SETTINGS.sketch()).sketch(set));
  }

  private static long[] set(Random r) {
    long[] s = new long[200];
    for (int i = 0; i < s.length; i++) {
      s[i] = r.nextLong();
    }
    return s;
  }

  /** Two copies split over two ids, a document with no flag, one already right. */
  @Test
  void listsOnlyWhatDiffersAndAnAbsentFlag() throws IOException {
    Random r = new Random(7);
    long[] text = set(r);
    try (GatheredClusters clusters =
        new GatheredClusters(SETTINGS, 0.8, 4, CanonicalPolicy.BEST_SCORE)) {
      Reassignment reassignment = new Reassignment(4);
      clusters.add("i", "a", sketch(text), null);
      reassignment.current(0, "a", true);
      clusters.add("i", "b", sketch(text), null);
      reassignment.current(1, "b", true);
      clusters.add("i", "c", sketch(set(r)), null);
      reassignment.current(2, "c", null);
      clusters.add("i", "d", sketch(set(r)), null);
      reassignment.current(3, "d", true);
      assertEquals(
          List.of(new Reassignment.Change(1, "a", false), new Reassignment.Change(2, "c", true)),
          reassignment.changes(clusters, true));
    }
  }
}

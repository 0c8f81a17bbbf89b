package io.neardup.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.SketchFormat;
import io.neardup.sketch.Sketcher;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GatheredClustersTest {
  private static final NearDupSettings SETTINGS = NearDupSettings.DEFAULT;

  private static long[] set(Random r, int size) {
    long[] s = new long[size];
    for (int i = 0; i < size; i++) {
      s[i] = r.nextLong();
    }
    return s;
  }

  private static byte[] sketch(long[] set) {
    return SketchFormat.encode(new Sketcher(SETTINGS.sketch()).sketch(set));
  }

  /** Families of one set and copies sharing all but one value, and singletons. */
  @Test
  void clustersFamiliesByFirstMemberWithTheCanonicalThePolicyPrefers() throws IOException {
    Random r = new Random(42);
    List<String> ids = new ArrayList<>();
    List<byte[]> sketches = new ArrayList<>();
    List<Long> keys = new ArrayList<>();
    for (int family = 0; family < 4; family++) {
      long[] original = set(r, 200);
      for (int copy = 0; copy <= family + 1; copy++) {
        long[] s = original.clone();
        s[r.nextInt(s.length)] = r.nextLong();
        ids.add("f" + family + "-" + copy);
        sketches.add(sketch(s));
        keys.add((long) (10 - copy)); // the last copy has the lowest key
      }
    }
    for (int i = 0; i < 5; i++) {
      ids.add("single-" + i);
      sketches.add(sketch(set(r, 200)));
      keys.add(0L);
    }
    ids.add("empty");
    sketches.add(new byte[0]);
    keys.add(null);
    try (GatheredClusters clusters =
        new GatheredClusters(SETTINGS, 0.8, ids.size(), CanonicalPolicy.lowest("k"))) {
      for (int i = 0; i < ids.size(); i++) {
        clusters.add("docs", ids.get(i), sketches.get(i), keys.get(i));
      }
      assertTrue(clusters.full());
      GatheredClusters.Page all = clusters.page(0, 100);
      assertEquals(4, all.totalClusters());
      assertEquals(ids.size(), all.documents());
      assertEquals(2 + 3 + 4 + 5, all.clusteredDocuments());
      for (int i = 0; i < 4; i++) {
        GatheredClusters.Group g = all.clusters().get(i);
        int family = i; // by first member: the families were added in order
        assertEquals(family + 2, 1 + g.copies().size());
        assertEquals("f" + family + "-" + (family + 1), g.canonical().id());
        Set<String> members = new HashSet<>();
        for (GatheredClusters.Member m : g.copies()) {
          members.add(m.id());
          assertEquals("docs", m.index());
          assertTrue(m.similarity() >= 0.8, "similarity " + m.similarity());
        }
        assertEquals(family + 1, members.size());
      }
      GatheredClusters.Page second = clusters.page(1, 2);
      assertEquals(1, second.from());
      assertEquals(all.clusters().subList(1, 3), second.clusters());
      assertEquals(0, clusters.page(10, 5).clusters().size());
    }
  }

  @Test
  void aDocumentWithoutAnIdOrWithABrokenSketchIsNamed() throws IOException {
    try (GatheredClusters clusters =
        new GatheredClusters(SETTINGS, 0.8, 2, CanonicalPolicy.BEST_SCORE)) {
      assertTrue(
          assertThrows(
                  IllegalStateException.class, () -> clusters.add("docs", "", new byte[0], null))
              .getMessage()
              .contains("has no id next to its sketch"));
      assertTrue(
          assertThrows(
                  IllegalStateException.class,
                  () -> clusters.add("docs", "7", new byte[] {1, 2, 3}, null))
              .getMessage()
              .startsWith("document [7] of index [docs] has an unreadable sketch"));
    }
  }

  @Test
  void budgetsEveryDocument() {
    assertTrue(
        GatheredClusters.bytesPerDocument(SETTINGS)
            > SketchFormat.serializedSize(SETTINGS.sketch()));
  }
}

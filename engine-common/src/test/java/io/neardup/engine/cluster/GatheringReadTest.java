package io.neardup.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.SketchFormat;
import io.neardup.sketch.Sketcher;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class GatheringReadTest {
  private static final NearDupSettings SETTINGS = NearDupSettings.DEFAULT;
  private static final ClusterPlan.Resolved MAPPED =
      new ClusterPlan.Resolved(
          SETTINGS, 0.8, Verification.SKETCH, "body.dup", CanonicalPolicy.BEST_SCORE);

  /** The engine's circuit breaker: what is reserved now, and the most ever reserved. */
  private static final class Breaker implements DistributedClusters.Memory {
    long used;
    final List<String> labels = new ArrayList<>();

    @Override
    public void reserve(long bytes, String label) {
      used += bytes;
      labels.add(label);
    }

    @Override
    public void release(long bytes) {
      used -= bytes;
    }
  }

  private static List<Object> hit(long[] set, String id) {
    return List.of(SketchFormat.encode(new Sketcher(SETTINGS.sketch()).sketch(set)), "", id);
  }

  @Test
  void readsBatchesUntilFullAndReleasesWhatItReserved() throws IOException {
    Breaker breaker = new Breaker();
    Random r = new Random(7);
    long[] original = new long[200];
    for (int i = 0; i < original.length; i++) {
      original[i] = r.nextLong();
    }
    try (GatheringRead read = new GatheringRead("_neardup/reconcile", MAPPED, 16, breaker)) {
      assertEquals(3, read.start(3));
      assertEquals(3 * (MAPPED.bytesPerDocument() + 16), breaker.used);
      assertEquals(List.of("neardup_clusters"), breaker.labels);
      assertEquals(0, read.add("i", hit(original, "a")));
      assertEquals(1, read.add("i", hit(original.clone(), "b")));
      assertTrue(read.more(2, 2), "a full batch: another may follow");
      assertFalse(read.more(1, 2), "a short batch ends the snapshot");
      assertEquals(
          2, read.add("i", List.of(new byte[0], "", "c")), "a text without tokens still counts");
      assertTrue(read.full());
      assertFalse(read.more(5, 5), "a full read asks for no more");
      assertEquals(-1, read.add("i", hit(original, "late")), "documents past the count");
      GatheredClusters.Page page = read.clusters().page(0, 10);
      assertEquals(List.of("a", "b"), page.clusters().get(0).ids());
    }
    assertEquals(0, breaker.used, "closing releases the reservation");
  }

  @Test
  void refusesMoreDocumentsThanOneReadHolds() {
    Breaker breaker = new Breaker();
    try (GatheringRead read = new GatheringRead("_neardup/reconcile", MAPPED, 0, breaker)) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> read.start(1L << 31));
      assertEquals(
          "[_neardup/reconcile] can cluster at most 2^31 documents per request, the query matches"
              + " 2147483648: narrow it with [query]",
          e.getMessage());
    }
    assertEquals(0, breaker.used);
  }
}

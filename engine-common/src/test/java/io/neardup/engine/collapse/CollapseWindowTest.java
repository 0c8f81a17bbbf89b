package io.neardup.engine.collapse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.collapse.core.WindowCollapse;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.engine.api.CollapseParams;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.shingle.ShingleSetFormat;
import io.neardup.sketch.SketchFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The window the engines' collapse routes fill: hits from the shards or from the fetch phase. */
class CollapseWindowTest {
  private static final CollapseParams PARAMS =
      new CollapseParams("f", null, 100, CollapseMode.GROUP, CanonicalPolicy.BEST_SCORE);

  /** A text of 100 words and a copy with {@code edits} words replaced, spread out. */
  private static String[] pair(int edits) {
    String[] words = new String[100];
    for (int i = 0; i < words.length; i++) {
      words[i] = "w" + (i * 7919 % 1000);
    }
    String original = String.join(" ", words);
    for (int e = 0; e < edits; e++) {
      words[5 + e * 12] = "edit" + e;
    }
    return new String[] {original, String.join(" ", words)};
  }

  /** A text's serialized sketch and shingle set, as a {@code verify: exact} field stores them. */
  private static Analysed analyse(String text) {
    try (NearDupAnalyzer analyzer = new NearDupAnalyzer(NearDupSettings.DEFAULT, true)) {
      NearDupDocument d = new NearDupDocumentBuilder(analyzer, NearDupFields.DEFAULT).analyze(text);
      long[] fingerprints = d.shingles();
      int[] compact = new int[fingerprints.length];
      int n = CompactShingleSet.compact(fingerprints, fingerprints.length, compact);
      return new Analysed(
          SketchFormat.encode(d.sketch()), ShingleSetFormat.encodeDelta(compact, n));
    }
  }

  private record Analysed(byte[] sketchBytes, byte[] set) {}

  /** The two texts of {@link #pair} with three edits, each with its set or without. */
  private static Analysed[] nearThreshold(boolean sets) {
    String[] texts = pair(3);
    Analysed a = analyse(texts[0]);
    Analysed b = analyse(texts[1]);
    return sets
        ? new Analysed[] {a, b}
        : new Analysed[] {new Analysed(a.sketchBytes(), null), new Analysed(b.sketchBytes(), null)};
  }

  /** A window of fetched hits "a" and "b", the sets among their values where they have one. */
  private static CollapseWindow fetched(Analysed[] hits, String secondId, Object secondKey) {
    CollapseWindow window = new CollapseWindow(hits.length);
    for (int i = 0; i < hits.length; i++) {
      String id = i == 1 ? secondId : "a";
      List<Object> values =
          hits[i].set() == null
              ? List.of(hits[i].sketchBytes(), i == 1 ? secondKey : "", id)
              : List.of(hits[i].sketchBytes(), i == 1 ? secondKey : "", id, hits[i].set());
      window.fetchedHit(i, "i", id, hits.length - i, values);
    }
    return window;
  }

  @Test
  void fetchedValuesCollapseAsTheShardsWindowDoes() {
    // three replaced words change about 15 of 96 shingles: J near 0.74, decided by the sets
    Analysed[] ab = nearThreshold(true);
    CollapseWindow fromShards = new CollapseWindow(2);
    fromShards.hit(0, "i", "a", 2f, ab[0].sketchBytes(), ab[0].set(), null);
    fromShards.hit(1, "i", "", 1f, ab[1].sketchBytes(), ab[1].set(), 7L);
    CollapseWindow fetched = fetched(ab, "", 7L);
    for (double min : new double[] {0.6, 0.74, 0.8}) {
      WindowCollapse x = fromShards.collapse(PARAMS, min);
      WindowCollapse y = fetched.collapse(PARAMS, min);
      assertEquals(x.isCanonical(1), y.isCanonical(1));
      assertEquals(x.similarity(1), y.similarity(1));
      assertEquals(x.note(0, fromShards.names()), y.note(0, fetched.names()));
    }
    // an unknown id is named null, not ""
    WindowCollapse low = fetched.collapse(PARAMS, 0.6);
    assertFalse(low.isCanonical(1));
    @SuppressWarnings("unchecked")
    Map<String, Object> copy =
        ((List<Map<String, Object>>) low.note(0, fetched.names()).get("copies")).get(0);
    assertNull(copy.get("_id"));
  }

  @Test
  void theSetsDecideNearTheThresholdAndTheEstimateWithoutThem() {
    CollapseWindow withSets = fetched(nearThreshold(true), "b", "");
    CollapseWindow sketchesOnly = fetched(nearThreshold(false), "b", "");
    double exact = withSets.collapse(PARAMS, 0.5).similarity(1);
    double estimate = sketchesOnly.collapse(PARAMS, 0.5).similarity(1);
    assertTrue(exact > 0.6 && exact < 0.9, "exact Jaccard " + exact);
    // just above and below the exact similarity: the sets decide however the estimate falls
    assertFalse(withSets.collapse(PARAMS, exact - 0.001).isCanonical(1));
    assertTrue(withSets.collapse(PARAMS, exact + 0.001).isCanonical(1));
    assertEquals(estimate, sketchesOnly.collapse(PARAMS, 0.5).similarity(1));
  }

  @Test
  void aHitWithoutValuesIsACanonicalOfItsOwn() {
    Analysed a = analyse(pair(0)[0]);
    CollapseWindow window = new CollapseWindow(3);
    window.fetchedHit(0, "i", "a", 3f, List.of(a.sketchBytes(), "", "a", a.set()));
    window.fetchedHit(1, "i", "b", 2f, null);
    window.fetchedHit(2, "i", "c", 1f, List.of());
    WindowCollapse collapse = window.collapse(PARAMS, 0.8);
    assertEquals(3, collapse.canonicalCount());
    assertEquals(3, window.size());
  }
}

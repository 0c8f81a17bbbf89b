package io.neardup.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.analysis.NearDupChainAnalyzer;
import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Sketch;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RecentSketchesTest {
  private static final NearDupSettings SETTINGS = NearDupSettings.DEFAULT;
  private static final String[] WORDS =
      "time year people way day man thing woman life child world school state family student group"
          .split(" ");

  private final Random random = new Random(42);

  private static Sketch sketch(String text) {
    NearDupDocumentBuilder builder =
        new NearDupDocumentBuilder(
            new NearDupChainAnalyzer(new NormalizedTextAnalyzer(), SETTINGS),
            new NearDupFields("f"));
    return builder.analyze(text).sketch();
  }

  private String randomText() {
    List<String> words = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      words.add(WORDS[random.nextInt(WORDS.length)]);
    }
    return String.join(" ", words);
  }

  /** A handle on a cluster id, compared by identity as an engine's listener is. */
  private static final class Handle {
    private static int made;
    private final int id = made++;

    @Override
    public String toString() {
      return "h" + id;
    }
  }

  private static Handle joinOrAdd(
      RecentSketches<Handle> recent, String key, Sketch sketch, Handle fresh) {
    return recent.joinOrAdd(key, sketch, SETTINGS.banding(), SETTINGS.threshold(), fresh);
  }

  private static SketchedText exactText(String text) {
    return new NearDupIngest()
        .analyse(
            "k",
            "f",
            new io.neardup.engine.param.NearDupMappings.FieldParameters(
                SETTINGS, io.neardup.cluster.Verification.EXACT),
            text);
  }

  /** A text of distinct words, so that every edit changes a known number of shingles. */
  private String distinctWords(int n) {
    List<String> words = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      words.add("w" + random.nextInt(1_000_000));
    }
    return String.join(" ", words);
  }

  @Test
  void withShingleSetsPairsNearTheThresholdAreDecidedExactly() {
    int disagreements = 0;
    for (int round = 0; round < 400 && disagreements < 5; round++) {
      String base = distinctWords(80 + random.nextInt(80));
      List<String> words = new ArrayList<>(List.of(base.split(" ")));
      // one replaced word changes up to five shingles: about the threshold with 2 or 3 edits
      for (int e = 1 + random.nextInt(4); e > 0; e--) {
        words.set(random.nextInt(words.size()), "x" + random.nextInt(1_000_000));
      }
      String copy = String.join(" ", words);
      SketchedText a = exactText(base);
      SketchedText b = exactText(copy);
      double exact = a.shingleSet().jaccard(b.shingleSet());
      boolean bySketch = a.sketch().similarity(b.sketch()) >= SETTINGS.threshold();
      boolean byExact = exact >= SETTINGS.threshold();
      RecentSketches<Handle> recent =
          new RecentSketches<>(100, 4, 1_000, RecentSketches.DEFAULT_SET_BYTES);
      Handle first = new Handle();
      recent.joinOrAdd("k", a, SETTINGS.banding(), SETTINGS.threshold(), first);
      Handle joined =
          recent.joinOrAdd("k", b, SETTINGS.banding(), SETTINGS.threshold(), new Handle());
      boolean sharesBand =
          joinOrAdd(
              new RecentSketches<>(100, 4, 1_000, RecentSketches.DEFAULT_SET_BYTES),
              a.sketch(),
              b.sketch());
      if (sharesBand) {
        assertEquals(byExact, joined == first, "exact " + exact + ", by sketch " + bySketch);
        disagreements += bySketch != byExact ? 1 : 0;
      }
    }
    assertTrue(disagreements > 0, "some pairs are decided differently by the sketch");
  }

  /** Whether two sketches share a band (the second joins the first at similarity 0+). */
  private static boolean joinOrAdd(RecentSketches<Handle> recent, Sketch a, Sketch b) {
    Handle first = new Handle();
    recent.joinOrAdd("k", a, SETTINGS.banding(), Double.MIN_VALUE, first);
    return recent.joinOrAdd("k", b, SETTINGS.banding(), Double.MIN_VALUE, new Handle()) == first;
  }

  @Test
  void copyJoinsThePendingCluster() {
    RecentSketches<Handle> recent =
        new RecentSketches<>(100, 4, 1_000, RecentSketches.DEFAULT_SET_BYTES);
    String text = randomText();
    Handle first = new Handle();
    assertNull(joinOrAdd(recent, "i/f", sketch(text), first));
    assertSame(first, joinOrAdd(recent, "i/f", sketch(text + " appendix"), new Handle()));
    // another key (index or field) never sees it
    assertNull(joinOrAdd(recent, "j/f", sketch(text), new Handle()));
    // an unrelated text starts its own cluster
    assertNull(joinOrAdd(recent, "i/f", sketch(randomText()), new Handle()));
  }

  @Test
  void boundedPerKeyAndKeys() {
    RecentSketches<Handle> recent =
        new RecentSketches<>(3, 2, 1_000, RecentSketches.DEFAULT_SET_BYTES);
    String oldest = randomText();
    joinOrAdd(recent, "a", sketch(oldest), new Handle());
    for (int i = 0; i < 5; i++) {
      joinOrAdd(recent, "a", sketch(randomText()), new Handle());
    }
    assertEquals(3, recent.size("a"));
    // the oldest sketch was forgotten: its copy starts a cluster again
    assertNull(joinOrAdd(recent, "a", sketch(oldest), new Handle()));
    joinOrAdd(recent, "b", sketch(randomText()), new Handle());
    joinOrAdd(recent, "c", sketch(randomText()), new Handle());
    assertEquals(0, recent.size("a"));
    assertEquals(1, recent.size("c"));
  }

  /**
   * The node's bound holds whatever the number of indexes: an index no longer written to (deleted,
   * or done) gives way to the one written now, its oldest sketches first.
   */
  @Test
  void boundedForTheWholeNodeLeastRecentlyUsedFirst() {
    RecentSketches<Handle> recent =
        new RecentSketches<>(10, 8, 15, RecentSketches.DEFAULT_SET_BYTES);
    for (String key : List.of("old", "done")) {
      for (int i = 0; i < 10; i++) {
        joinOrAdd(recent, key, sketch(randomText()), new Handle());
      }
    }
    assertEquals(15, recent.size());
    assertEquals(5, recent.size("old"));
    assertEquals(10, recent.size("done"));
    String kept = randomText();
    Handle first = new Handle();
    joinOrAdd(recent, "now", sketch(kept), first);
    for (int i = 0; i < 8; i++) {
      joinOrAdd(recent, "now", sketch(randomText()), new Handle());
    }
    assertEquals(15, recent.size());
    assertEquals(0, recent.size("old"));
    assertEquals(6, recent.size("done"));
    assertEquals(9, recent.size("now"));
    // the pair written to keeps its sketches while others have some
    assertSame(first, joinOrAdd(recent, "now", sketch(kept), new Handle()));
  }

  /** Shingle sets are bounded for the whole node too, the oldest dropped first. */
  @Test
  void setBytesBoundedForTheWholeNode() {
    List<SketchedText> texts = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      String text = randomText();
      texts.add(new SketchedText(sketch(text), new byte[100]));
    }
    RecentSketches<Handle> recent = new RecentSketches<>(100, 8, 100, 350);
    for (int i = 0; i < texts.size(); i++) {
      recent.joinOrAdd(
          i % 2 == 0 ? "a" : "b",
          texts.get(i),
          SETTINGS.banding(),
          SETTINGS.threshold(),
          new Handle());
      assertTrue(recent.setBytes() <= 350, "set bytes after add " + i);
    }
    assertEquals(300, recent.setBytes());
    assertEquals(6, recent.size());
  }

  /**
   * A pair that gives way whole (the least recently used of too many, or one whose every sketch
   * must go) is dropped at once, its sketches and sets no longer counted.
   */
  @Test
  void aPairDroppedWholeIsNoLongerCounted() {
    RecentSketches<Handle> recent = new RecentSketches<>(10, 2, 5, 1_000);
    String kept = randomText();
    recent.joinOrAdd(
        "a",
        new SketchedText(sketch(kept), new byte[100]),
        SETTINGS.banding(),
        SETTINGS.threshold(),
        new Handle());
    for (String key : List.of("a", "a", "b", "b")) {
      recent.joinOrAdd(
          key,
          new SketchedText(sketch(randomText()), new byte[100]),
          SETTINGS.banding(),
          SETTINGS.threshold(),
          new Handle());
    }
    assertEquals(5, recent.size());
    assertEquals(500, recent.setBytes());
    // a third pair: "a", the least recently used, goes whole
    joinOrAdd(recent, "c", sketch(randomText()), new Handle());
    assertEquals(0, recent.size("a"));
    assertEquals(3, recent.size());
    assertEquals(200, recent.setBytes());
    // the node's bound: "b" (two sketches) gives way one sketch at a time, then whole
    for (int i = 0; i < 3; i++) {
      joinOrAdd(recent, "c", sketch(randomText()), new Handle());
    }
    assertEquals(1, recent.size("b"));
    assertEquals(100, recent.setBytes());
    joinOrAdd(recent, "c", sketch(randomText()), new Handle());
    assertEquals(0, recent.size("b"));
    assertEquals(5, recent.size("c"));
    assertEquals(5, recent.size());
    assertEquals(0, recent.setBytes());
    // what went with "a" is forgotten: its copy starts a cluster
    assertNull(joinOrAdd(recent, "a", sketch(kept), new Handle()));
  }

  @Test
  void forgetAllDropsTheKeysOfAPrefix() {
    RecentSketches<Handle> recent = new RecentSketches<>(10, 8, 100, 1_000);
    for (String key : List.of("u1/f/c", "u1/g/c", "u10/f/c", "u2/f/c")) {
      recent.joinOrAdd(
          key,
          new SketchedText(sketch(randomText()), new byte[10]),
          SETTINGS.banding(),
          SETTINGS.threshold(),
          new Handle());
    }
    recent.forgetAll("u1/");
    assertEquals(0, recent.size("u1/f/c"));
    assertEquals(0, recent.size("u1/g/c"));
    assertEquals(1, recent.size("u10/f/c"));
    assertEquals(2, recent.size());
    assertEquals(20, recent.setBytes());
  }

  @Test
  void forgetDropsAFailedCluster() {
    RecentSketches<Handle> recent =
        new RecentSketches<>(10, 2, 1_000, RecentSketches.DEFAULT_SET_BYTES);
    String text = randomText();
    Handle first = new Handle();
    joinOrAdd(recent, "a", sketch(text), first);
    joinOrAdd(recent, "a", sketch(text), new Handle());
    recent.forget("a", first);
    assertEquals(0, recent.size("a"));
    assertNull(joinOrAdd(recent, "a", sketch(text), new Handle()));
  }

  /**
   * Many adds, evictions and forgets against a plain scan of the live sketches in the same order
   * (bands in order, oldest first within a band, the first of equally similar ones): the handle
   * each add returns is the scan's, and so are the candidates it considers, in order, through the
   * table's rebuilds.
   */
  @Test
  void joinsAsAScanOfTheLiveSketchesDoes() {
    int capacity = 60;
    RecentSketches<Handle> recent =
        new RecentSketches<>(capacity, 2, 1_000, RecentSketches.DEFAULT_SET_BYTES);
    io.neardup.lsh.BandHasher hasher = new io.neardup.lsh.BandHasher(SETTINGS.banding());
    List<Sketch> liveSketches = new ArrayList<>();
    List<long[]> liveBands = new ArrayList<>();
    List<Handle> liveHandles = new ArrayList<>();
    List<String> originals = new ArrayList<>();
    int joined = 0;
    for (int i = 0; i < 3000; i++) {
      String text;
      if (!originals.isEmpty() && random.nextInt(3) == 0) {
        String original = originals.get(random.nextInt(originals.size()));
        text = random.nextBoolean() ? original : original + " " + WORDS[random.nextInt(5)];
      } else {
        text = randomText();
        originals.add(text);
        if (originals.size() > 100) {
          originals.remove(0);
        }
      }
      Sketch s = sketch(text);
      long[] bands = new long[SETTINGS.banding().bands()];
      hasher.bandHashes(s, bands);
      Handle expected = null;
      double bestSimilarity = -1;
      List<Handle> candidates = new ArrayList<>();
      for (int b = 0; b < bands.length; b++) {
        for (int e = 0; e < liveSketches.size(); e++) {
          if (liveBands.get(e)[b] == bands[b]) {
            candidates.add(liveHandles.get(e));
          }
          if (liveBands.get(e)[b] != bands[b] || liveHandles.get(e) == expected) {
            continue;
          }
          double similarity = s.similarity(liveSketches.get(e));
          if (similarity >= SETTINGS.threshold() && similarity > bestSimilarity) {
            expected = liveHandles.get(e);
            bestSimilarity = similarity;
          }
        }
      }
      assertEquals(candidates, recent.candidates("k", s), "candidates of add " + i);
      Handle fresh = new Handle();
      Handle got = joinOrAdd(recent, "k", s, fresh);
      assertSame(expected, got, "add " + i);
      joined += got == null ? 0 : 1;
      liveSketches.add(s);
      liveBands.add(bands);
      liveHandles.add(got == null ? fresh : got);
      if (liveSketches.size() > capacity) {
        liveSketches.remove(0);
        liveBands.remove(0);
        liveHandles.remove(0);
      }
      if (i % 97 == 96) {
        Handle failed = liveHandles.get(random.nextInt(liveHandles.size()));
        recent.forget("k", failed);
        for (int e = liveHandles.size() - 1; e >= 0; e--) {
          if (liveHandles.get(e) == failed) {
            liveSketches.remove(e);
            liveBands.remove(e);
            liveHandles.remove(e);
          }
        }
      }
      assertEquals(liveSketches.size(), recent.size("k"));
    }
    assertTrue(joined > 500, "copies joined: " + joined);
  }

  @Test
  void boundsMustBePositive() {
    assertThrows(IllegalArgumentException.class, () -> new RecentSketches<Handle>(0, 1, 1, 0));
    assertThrows(IllegalArgumentException.class, () -> new RecentSketches<Handle>(1, 0, 1, 0));
    assertThrows(IllegalArgumentException.class, () -> new RecentSketches<Handle>(1, 1, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> new RecentSketches<Handle>(1, 1, 1, -1));
  }
}

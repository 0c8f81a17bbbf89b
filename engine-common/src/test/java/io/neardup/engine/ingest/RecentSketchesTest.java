package io.neardup.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
  private static final class Handle {}

  private static Handle joinOrAdd(
      RecentSketches<Handle> recent, String key, Sketch sketch, Handle fresh) {
    return recent.joinOrAdd(key, sketch, SETTINGS.banding(), SETTINGS.threshold(), fresh);
  }

  @Test
  void copyJoinsThePendingCluster() {
    RecentSketches<Handle> recent = new RecentSketches<>(100, 4);
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
    RecentSketches<Handle> recent = new RecentSketches<>(3, 2);
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

  @Test
  void forgetDropsAFailedCluster() {
    RecentSketches<Handle> recent = new RecentSketches<>(10, 2);
    String text = randomText();
    Handle first = new Handle();
    joinOrAdd(recent, "a", sketch(text), first);
    joinOrAdd(recent, "a", sketch(text), new Handle());
    recent.forget("a", first);
    assertEquals(0, recent.size("a"));
    assertNull(joinOrAdd(recent, "a", sketch(text), new Handle()));
  }

  @Test
  void boundsMustBePositive() {
    assertThrows(IllegalArgumentException.class, () -> new RecentSketches<Handle>(0, 1));
    assertThrows(IllegalArgumentException.class, () -> new RecentSketches<Handle>(1, 0));
  }
}

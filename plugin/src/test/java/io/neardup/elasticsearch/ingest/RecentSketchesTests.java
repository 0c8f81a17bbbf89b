package io.neardup.elasticsearch.ingest;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.sameInstance;

import io.neardup.analysis.NearDupChainAnalyzer;
import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Sketch;
import java.util.ArrayList;
import java.util.List;
import org.elasticsearch.action.support.SubscribableListener;
import org.elasticsearch.test.ESTestCase;

public class RecentSketchesTests extends ESTestCase {
  private static final NearDupSettings SETTINGS = NearDupSettings.DEFAULT;
  private static final String[] WORDS =
      "time year people way day man thing woman life child world school state family student group"
          .split(" ");

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
      words.add(WORDS[random().nextInt(WORDS.length)]);
    }
    return String.join(" ", words);
  }

  private static SubscribableListener<String> joinOrAdd(
      RecentSketches recent, String key, Sketch sketch, SubscribableListener<String> fresh) {
    return recent.joinOrAdd(key, sketch, SETTINGS.banding(), SETTINGS.threshold(), fresh);
  }

  public void testCopyJoinsThePendingCluster() {
    RecentSketches recent = new RecentSketches(100, 4);
    String text = randomText();
    SubscribableListener<String> first = new SubscribableListener<>();
    assertThat(joinOrAdd(recent, "i/f", sketch(text), first), nullValue());
    SubscribableListener<String> joined =
        joinOrAdd(recent, "i/f", sketch(text + " appendix"), new SubscribableListener<>());
    assertThat(joined, sameInstance(first));
    // another key (index or field) never sees it
    assertThat(joinOrAdd(recent, "j/f", sketch(text), new SubscribableListener<>()), nullValue());
    // an unrelated text starts its own cluster
    assertThat(
        joinOrAdd(recent, "i/f", sketch(randomText()), new SubscribableListener<>()), nullValue());
  }

  public void testBoundedPerKeyAndKeys() {
    RecentSketches recent = new RecentSketches(3, 2);
    String oldest = randomText();
    joinOrAdd(recent, "a", sketch(oldest), new SubscribableListener<>());
    for (int i = 0; i < 5; i++) {
      joinOrAdd(recent, "a", sketch(randomText()), new SubscribableListener<>());
    }
    assertThat(recent.size("a"), equalTo(3));
    // the oldest sketch was forgotten: its copy starts a cluster again
    assertThat(joinOrAdd(recent, "a", sketch(oldest), new SubscribableListener<>()), nullValue());
    joinOrAdd(recent, "b", sketch(randomText()), new SubscribableListener<>());
    joinOrAdd(recent, "c", sketch(randomText()), new SubscribableListener<>());
    assertThat(recent.size("a"), equalTo(0));
    assertThat(recent.size("c"), equalTo(1));
  }

  public void testForgetDropsAFailedCluster() {
    RecentSketches recent = new RecentSketches(10, 2);
    String text = randomText();
    SubscribableListener<String> first = new SubscribableListener<>();
    joinOrAdd(recent, "a", sketch(text), first);
    joinOrAdd(recent, "a", sketch(text), new SubscribableListener<>());
    recent.forget("a", first);
    assertThat(recent.size("a"), equalTo(0));
  }
}

package io.neardup.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/** The batcher's calls, with a clock and a scheduler the test moves by hand. */
class BatcherTest {
  private long now = 1_000_000_000L;
  private final ArrayDeque<Runnable> scheduled = new ArrayDeque<>();
  private final List<List<Integer>> calls = new ArrayList<>();
  private final List<BiConsumer<List<Integer>, Exception>> answers = new ArrayList<>();
  private final List<Integer> outputs = new ArrayList<>();

  private Batcher<Integer, Integer> batcher(int maxBatch, NearDupIngest.Delay delay) {
    return new Batcher<>("search", "ids", 1, maxBatch, delay, () -> now);
  }

  private final NearDupIngest.Delay manual =
      (millis, task) -> {
        assertEquals(Batcher.GATHER_TICK_MILLIS, millis);
        scheduled.add(task);
      };

  private void submit(Batcher<Integer, Integer> batcher, int doc, long afterNanos) {
    now += afterNanos;
    batcher.submit(
        "k",
        doc,
        (inputs, answer) -> {
          calls.add(List.copyOf(inputs));
          answers.add(answer);
        },
        (out, failure) -> outputs.add(out));
  }

  private void answerLast() {
    List<Integer> inputs = calls.get(calls.size() - 1);
    answers.get(answers.size() - 1).accept(inputs, null);
  }

  private void tick() {
    now += Batcher.GATHER_TICK_MILLIS * 1_000_000;
    scheduled.poll().run();
  }

  @Test
  void aDocumentAloneStartsAtOnce() {
    Batcher<Integer, Integer> batcher = batcher(512, manual);
    submit(batcher, 1, 5_000_000);
    assertEquals(List.of(List.of(1)), calls);
    assertTrue(scheduled.isEmpty());
    answerLast();
    assertEquals(List.of(1), outputs);
  }

  @Test
  void documentsStillArrivingAreGatheredIntoOneCall() {
    Batcher<Integer, Integer> batcher = batcher(512, manual);
    submit(batcher, 0, 5_000_000);
    for (int d = 1; d <= 20; d++) {
      submit(batcher, d, 50_000); // one every 50 microseconds, while the first call runs
    }
    answerLast();
    // they are still arriving: the next call waits a tick
    assertEquals(1, calls.size());
    assertEquals(1, scheduled.size());
    for (int d = 21; d <= 40; d++) {
      submit(batcher, d, 50_000);
    }
    tick(); // more came: another tick
    assertEquals(1, calls.size());
    tick(); // none came: the call starts with all of them
    assertEquals(2, calls.size());
    assertEquals(40, calls.get(1).size());
    answerLast();
    assertEquals(41, outputs.size());
  }

  @Test
  void aCallWaitsAtMostTheTicksAllowed() {
    Batcher<Integer, Integer> batcher = batcher(100_000, manual);
    submit(batcher, 0, 5_000_000);
    submit(batcher, 1, 50_000);
    answerLast();
    int doc = 2;
    for (int t = 0; t < Batcher.MAX_GATHER_TICKS; t++) {
      submit(batcher, doc++, 50_000);
      tick();
    }
    assertEquals(2, calls.size());
    assertEquals(Batcher.MAX_GATHER_TICKS + 1, calls.get(1).size());
  }

  @Test
  void aFullBatchStartsAtOnce() {
    Batcher<Integer, Integer> batcher = batcher(5, manual);
    submit(batcher, 0, 5_000_000);
    for (int d = 1; d <= 7; d++) {
      submit(batcher, d, 50_000);
    }
    answerLast();
    assertEquals(List.of(1, 2, 3, 4, 5), calls.get(1));
    assertTrue(scheduled.isEmpty());
  }

  @Test
  void withoutASchedulerOrWhenItRefusesCallsStartAtOnce() {
    NearDupIngest.Delay refusing =
        (millis, task) -> {
          throw new IllegalStateException("node closing");
        };
    for (NearDupIngest.Delay delay : new NearDupIngest.Delay[] {null, refusing}) {
      calls.clear();
      answers.clear();
      Batcher<Integer, Integer> batcher = batcher(512, delay);
      submit(batcher, 0, 5_000_000);
      submit(batcher, 1, 50_000);
      submit(batcher, 2, 50_000);
      answerLast();
      assertEquals(List.of(List.of(0), List.of(1, 2)), calls);
    }
  }
}

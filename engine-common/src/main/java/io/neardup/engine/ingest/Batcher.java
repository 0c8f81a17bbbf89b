package io.neardup.engine.ingest;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/**
 * Groups calls of an engine (a search, a multi-get) for the documents that wait at the same time:
 * at most {@code maxRunning} calls run at once; the documents that arrive meanwhile wait in memory,
 * not on a thread, and go together into the next call, up to {@code maxBatch} each, so batches grow
 * with the load and a large bulk request does not flood the engine's queues with one call per
 * document. Documents of one key go together, with the call of the first of them; keys take turns,
 * the longest waiting first.
 *
 * <p>With a {@link NearDupIngest.Delay}, a call that could start while documents are still arriving
 * (a bulk request's documents reach the processor one after the other) waits for more, a tick at a
 * time, as long as each tick brings more and at most {@link #MAX_GATHER_TICKS} ticks: a bulk
 * request then makes a few large calls instead of one per handful of documents, each of whose fixed
 * cost (a search's coordination and its shards' set-up) the documents share. A document that
 * arrives alone starts its call at once.
 *
 * @param <I> what a document brings to the call
 * @param <O> what the call answers for it
 */
final class Batcher<I, O> {
  /** One call of the engine for a batch; answers one output per input, in their order. */
  @FunctionalInterface
  interface Call<I, O> {
    void call(List<I> inputs, BiConsumer<List<O>, Exception> answer);
  }

  private record Item<I, O>(I input, BiConsumer<O, Exception> done) {}

  private record Pending<I, O>(String key, Call<I, O> call, ArrayDeque<Item<I, O>> items) {}

  private final String what;
  private final String results;
  private final int maxRunning;
  private final int maxBatch;
  // documents waiting, per key, the longest waiting key first
  private final LinkedHashMap<String, Pending<I, O>> waiting = new LinkedHashMap<>();
  private int running;

  /**
   * A tick of waiting for more documents, in milliseconds (the engines schedule in milliseconds).
   */
  static final long GATHER_TICK_MILLIS = 1;

  /** Most ticks a call waits for more documents. */
  static final int MAX_GATHER_TICKS = 10;

  private static final long TICK_NANOS = GATHER_TICK_MILLIS * 1_000_000;
  private final NearDupIngest.Delay delay;
  private final LongSupplier clock;
  private long lastArrival;
  private boolean arriving;
  private boolean gathering;
  private int gatheredTicks;
  private int sizeAtTick = -1;
  // calls that answered on the thread that started them are started here one after the other,
  // not from inside each other's answers
  private final ThreadLocal<ArrayDeque<Runnable>> starting = new ThreadLocal<>();

  /**
   * @param what what a call is, for the message of a wrong answer, e.g. {@code "search"}
   * @param results what it answers, likewise, e.g. {@code "cluster ids"}
   */
  Batcher(String what, String results, int maxRunning, int maxBatch) {
    this(what, results, maxRunning, maxBatch, null);
  }

  /**
   * @param delay runs a task later, for gathering documents into fewer calls; null to start every
   *     call as soon as one may run
   */
  Batcher(String what, String results, int maxRunning, int maxBatch, NearDupIngest.Delay delay) {
    this(what, results, maxRunning, maxBatch, delay, System::nanoTime);
  }

  /** With the clock that times the documents' arrivals, in nanoseconds: for tests. */
  Batcher(
      String what,
      String results,
      int maxRunning,
      int maxBatch,
      NearDupIngest.Delay delay,
      LongSupplier clock) {
    this.delay = delay;
    this.clock = clock;
    this.lastArrival = clock.getAsLong() - TICK_NANOS;
    this.what = what;
    this.results = results;
    this.maxRunning = maxRunning;
    this.maxBatch = maxBatch;
  }

  /**
   * Adds a document to the next call of its key.
   *
   * @param done receives the call's output for it, or the call's failure, on the thread that
   *     completes the call
   */
  void submit(String key, I input, Call<I, O> call, BiConsumer<O, Exception> done) {
    synchronized (waiting) {
      waiting
          .computeIfAbsent(key, k -> new Pending<>(k, call, new ArrayDeque<>()))
          .items()
          .add(new Item<>(input, done));
      long now = clock.getAsLong();
      arriving = now - lastArrival < TICK_NANOS;
      lastArrival = now;
    }
    startCalls();
  }

  /** Calls running now. */
  int running() {
    synchronized (waiting) {
      return running;
    }
  }

  private void startCalls() {
    while (true) {
      Pending<I, O> pending;
      List<Item<I, O>> batch = new ArrayList<>();
      synchronized (waiting) {
        if (running >= maxRunning || waiting.isEmpty() || gathering) {
          return;
        }
        Iterator<Pending<I, O>> first = waiting.values().iterator();
        pending = first.next();
        if (gatherMore(pending.items().size())) {
          return;
        }
        first.remove();
        while (batch.size() < maxBatch && !pending.items().isEmpty()) {
          batch.add(pending.items().poll());
        }
        if (!pending.items().isEmpty()) {
          waiting.put(pending.key(), pending); // behind the other keys' documents
        }
        running++;
      }
      run(() -> call(pending.call(), batch));
    }
  }

  /**
   * Whether the next call waits a tick for more documents (then scheduled); called under the lock
   * of {@link #waiting}.
   */
  private boolean gatherMore(int size) {
    boolean more =
        delay != null
            && size < maxBatch
            && gatheredTicks < MAX_GATHER_TICKS
            && (sizeAtTick < 0 ? arriving : size > sizeAtTick);
    if (!more) {
      gatheredTicks = 0;
      sizeAtTick = -1;
      return false;
    }
    gathering = true;
    gatheredTicks++;
    sizeAtTick = size;
    try {
      delay.after(
          GATHER_TICK_MILLIS,
          () -> {
            synchronized (waiting) {
              gathering = false;
            }
            startCalls();
          });
      return true;
    } catch (RuntimeException e) {
      // the engine would not schedule (a node shutting down): start the call now
      gathering = false;
      gatheredTicks = 0;
      sizeAtTick = -1;
      return false;
    }
  }

  private void call(Call<I, O> call, List<Item<I, O>> batch) {
    List<I> inputs = new ArrayList<>(batch.size());
    for (Item<I, O> item : batch) {
      inputs.add(item.input());
    }
    AtomicBoolean answered = new AtomicBoolean();
    BiConsumer<List<O>, Exception> answer =
        (outputs, failure) -> {
          if (!answered.compareAndSet(false, true)) {
            return;
          }
          try {
            Exception f = failure;
            if (f == null && (outputs == null || outputs.size() != batch.size())) {
              f =
                  new IllegalStateException(
                      "the "
                          + what
                          + " answered "
                          + (outputs == null ? "nothing" : outputs.size() + " " + results)
                          + " for "
                          + batch.size()
                          + " documents");
            }
            for (int i = 0; i < batch.size(); i++) {
              batch.get(i).done().accept(f == null ? outputs.get(i) : null, f);
            }
          } finally {
            synchronized (waiting) {
              running--;
            }
            startCalls();
          }
        };
    try {
      call.call(inputs, answer);
    } catch (RuntimeException e) {
      answer.accept(null, e);
    }
  }

  /** Starts a call, or queues it behind the one this thread is starting. */
  private void run(Runnable start) {
    ArrayDeque<Runnable> queue = starting.get();
    if (queue != null) {
      queue.add(start);
      return;
    }
    queue = new ArrayDeque<>();
    starting.set(queue);
    try {
      for (Runnable r = start; r != null; r = queue.poll()) {
        r.run();
      }
    } finally {
      starting.remove();
    }
  }
}

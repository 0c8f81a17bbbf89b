package io.neardup.engine.cluster;

import java.util.Map;
import java.util.NoSuchElementException;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Runs kept on one node for later pages, each until its keep-alive passes without being asked for
 * ({@code keep_alive} of the engines' clustering APIs). Ids start with the node's id and a colon,
 * so any node can route a page to the run's node. Expiring hands the run to the engine, which
 * closes its point in time and releases its memory. Thread-safe.
 *
 * @param <T> what an engine keeps of a run
 */
public final class KeptRuns<T> {
  /** The engine's clock and timer. */
  public interface Scheduler {
    long nowMillis();

    void schedule(Runnable task, long delayMillis);

    /** A scheduler from the engine's relative clock and its timer. */
    static Scheduler of(LongSupplier now, BiConsumer<Runnable, Long> schedule) {
      return new Scheduler() {
        @Override
        public long nowMillis() {
          return now.getAsLong();
        }

        @Override
        public void schedule(Runnable task, long delayMillis) {
          schedule.accept(task, delayMillis);
        }
      };
    }
  }

  private record Entry<T>(T run, long keepAliveMillis) {}

  private final Map<String, Entry<T>> runs = new ConcurrentHashMap<>();
  private final Map<String, Long> expiries = new ConcurrentHashMap<>();
  private final Supplier<String> nodeId;
  private final Scheduler scheduler;
  private final Consumer<T> onExpiry;
  private final String api;

  /**
   * @param nodeId this node's id (read when a run is kept: nodes learn their id late)
   * @param onExpiry called once for each run that expires
   * @param api the API's name, the prefix of messages
   */
  public KeptRuns(Supplier<String> nodeId, Scheduler scheduler, Consumer<T> onExpiry, String api) {
    this.nodeId = nodeId;
    this.scheduler = scheduler;
    this.onExpiry = onExpiry;
    this.api = api;
  }

  /** The id of the node that keeps a run, from the run's id, or null if it is not a run id. */
  public static String nodeOf(String runId) {
    int colon = runId.indexOf(':');
    return colon <= 0 || colon == runId.length() - 1 ? null : runId.substring(0, colon);
  }

  /** Keeps a run for {@code keepAliveMillis}; returns its id. */
  public String keep(T run, long keepAliveMillis) {
    String id = nodeId.get() + ":" + UUID.randomUUID();
    runs.put(id, new Entry<>(run, keepAliveMillis));
    extend(id, keepAliveMillis);
    return id;
  }

  /**
   * The run of this id, its keep-alive extended by {@code keepAliveMillis}, or by its own when
   * null.
   *
   * @throws NoSuchElementException if no such run is kept here, with a message for the user
   */
  public T get(String id, Long keepAliveMillis) {
    Entry<T> e = runs.get(id);
    if (e == null) {
      throw new NoSuchElementException(
          "["
              + api
              + "] no kept run ["
              + id
              + "]: it expired, was never kept, or its node restarted; run the clustering again"
              + " with [keep_alive]");
    }
    extend(id, keepAliveMillis == null ? e.keepAliveMillis() : keepAliveMillis);
    return e.run();
  }

  /** Number of runs kept now. */
  public int size() {
    return runs.size();
  }

  private void extend(String id, long keepAliveMillis) {
    expiries.put(id, scheduler.nowMillis() + keepAliveMillis);
    scheduler.schedule(() -> expireIfDue(id), keepAliveMillis);
  }

  private void expireIfDue(String id) {
    Long due = expiries.get(id);
    if (due == null) {
      return;
    }
    long now = scheduler.nowMillis();
    if (now < due) {
      scheduler.schedule(() -> expireIfDue(id), due - now);
      return;
    }
    if (expiries.remove(id, due)) {
      Entry<T> e = runs.remove(id);
      if (e != null) {
        onExpiry.accept(e.run());
      }
    }
  }
}

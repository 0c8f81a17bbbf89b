package io.neardup.engine.cluster;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.api.ClustersPage;
import io.neardup.engine.api.ClustersParams;
import java.util.Comparator;
import java.util.NoSuchElementException;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * The clustering API's run on the node that receives it, free of any engine: it opens a point in
 * time, drives a {@link ShardedRun} through the engine's reads under it, answers the requested page
 * and closes the point in time, or, with a keep-alive, keeps the computation ({@link KeptRuns}) so
 * that later pages read only their members. One instance per node.
 *
 * <ol>
 *   <li>The engine checks the field (type {@code neardup}, the same sketch settings in every index
 *       that maps it) and the canonical field against the mappings ({@link ClusterPlan});
 *       violations are HTTP 400.
 *   <li>Under a point in time the shards send their band entries one partition of the band-hash
 *       space at a time ({@link ShardBandEntries}), this node merge-joins them and verifies the
 *       candidate pairs with sketches fetched on demand, in memory bounded by {@code
 *       neardup.clusters.memory_budget} (default 64mb) and accounted to the engine's request
 *       circuit breaker, whatever the size of the indexes.
 *   <li>Each cluster's canonical is chosen by the policy (the first document in index order when
 *       none is given), the clusters are listed in the {@link io.neardup.cluster.ClusterOrder} (by
 *       their first member in index order) and the requested page is returned, reading only its
 *       members' ids and canonical values.
 * </ol>
 *
 * <p>A later page of a kept run is read on the node that keeps it ({@link #keeperOf}); the task can
 * be cancelled between round trips.
 *
 * @param <S> the engine's shard id
 * @param <P> the engine's point in time id
 * @param <Q> the engine's query
 */
public final class DistributedClusters<S, P, Q> {
  /** How long the point in time of a run lives between two of its round trips, at least. */
  public static final long ROUND_TRIP_KEEP_ALIVE_MILLIS = 5 * 60 * 1000;

  /** The node's memory accounting (the engine's request circuit breaker). */
  public interface Memory {
    /** Reserves {@code bytes}, failing (with the engine's error) if they do not fit. */
    void reserve(long bytes, String label);

    void release(long bytes);

    /**
     * An accounting from the engine's reserve (which fails if the bytes do not fit) and release.
     */
    static Memory of(BiConsumer<Long, String> reserve, LongConsumer release) {
      return new Memory() {
        @Override
        public void reserve(long bytes, String label) {
          reserve.accept(bytes, label);
        }

        @Override
        public void release(long bytes) {
          release.accept(bytes);
        }
      };
    }

    /**
     * This accounting as a distributed run reserves its memory, labelled {@code neardup_clusters}.
     */
    default ShardedRun.Memory forRun() {
      return new ShardedRun.Memory() {
        @Override
        public void reserve(long bytes) {
          Memory.this.reserve(bytes, "neardup_clusters");
        }

        @Override
        public void release(long bytes) {
          Memory.this.release(bytes);
        }
      };
    }
  }

  /** What one request's run needs of the engine, on behalf of the request's task. */
  public interface Session<S, P, Q> {
    /** Opens a point in time over the request's indexes. */
    void open(long keepAliveMillis, ShardedRun.Listener<P> listener);

    /** The run's reads under {@code pit}, of documents matching {@code query} (null: all). */
    ShardedRun.Reads<S> reads(P pit, long keepAliveMillis, String field, Q query);
  }

  /** What is kept of a run for later pages. */
  private record Kept<S, P, Q>(
      P pit,
      long keepAliveMillis,
      String field,
      Q query,
      CanonicalPolicy canonical,
      double minSimilarity,
      ShardedRun<S> run,
      ShardedRun.Computed<S> computed) {}

  private final Memory memory;
  private final Consumer<P> close;
  private final Comparator<S> shardOrder;
  private final String api;
  private final KeptRuns<Kept<S, P, Q>> kept;

  /**
   * @param close closes a point in time (failures ignored)
   * @param shardOrder the order of the shards' document numbers
   * @param api the API's name, in messages
   */
  public DistributedClusters(
      Memory memory,
      Consumer<P> close,
      Supplier<String> nodeId,
      KeptRuns.Scheduler scheduler,
      Comparator<S> shardOrder,
      String api) {
    this.memory = memory;
    this.close = close;
    this.shardOrder = shardOrder;
    this.api = api;
    this.kept =
        new KeptRuns<>(
            nodeId,
            scheduler,
            run -> {
              memory.release(run.computed().ramBytes());
              close.accept(run.pit());
            },
            api);
  }

  /**
   * Computes the clusters of a planned request and answers its page.
   *
   * @param mapped what the mappings say ({@link ClusterPlan#of})
   * @param keepAliveMillis how long the computation is kept for later pages, or null
   * @param budget the memory of the computation, in bytes
   * @param startNanos when the request arrived ({@link System#nanoTime})
   */
  public void run(
      Session<S, P, Q> session,
      ClustersParams params,
      Q query,
      Long keepAliveMillis,
      ClusterPlan.Resolved mapped,
      long budget,
      long startNanos,
      ShardedRun.Listener<ClustersPage> listener) {
    double minSimilarity = mapped.minSimilarity();
    long pitKeepAlive = pointInTimeKeepAlive(keepAliveMillis);
    session.open(
        pitKeepAlive,
        ShardedRun.Listener.then(
            listener,
            pit -> {
              ShardedRun<S> run =
                  new ShardedRun<>(
                      mapped.settings(),
                      minSimilarity,
                      mapped.verification(),
                      budget,
                      params.batchSize(),
                      shardOrder,
                      session.reads(pit, pitKeepAlive, params.field(), query),
                      memory.forRun(),
                      api);
              boolean[] keep = {false};
              ShardedRun.Listener<ClustersPage> closing =
                  new ShardedRun.Listener<>() {
                    @Override
                    public void onResponse(ClustersPage page) {
                      try {
                        listener.onResponse(page);
                      } finally {
                        closeUnlessKept();
                      }
                    }

                    @Override
                    public void onFailure(Exception e) {
                      try {
                        listener.onFailure(e);
                      } finally {
                        closeUnlessKept();
                      }
                    }

                    private void closeUnlessKept() {
                      if (!keep[0]) {
                        close.accept(pit);
                      }
                    }
                  };
              run.compute(
                  ShardedRun.Listener.then(
                      closing,
                      computed -> {
                        String id = null;
                        if (keepAliveMillis != null) {
                          memory.reserve(computed.ramBytes(), "neardup_clusters_kept");
                          id =
                              kept.keep(
                                  new Kept<>(
                                      pit,
                                      keepAliveMillis,
                                      params.field(),
                                      query,
                                      params.canonical(),
                                      minSimilarity,
                                      run,
                                      computed),
                                  keepAliveMillis);
                          keep[0] = true;
                        }
                        page(
                            run,
                            computed,
                            params,
                            params.canonical(),
                            minSimilarity,
                            startNanos,
                            id,
                            closing);
                      }));
            }));
  }

  /**
   * Answers a page of a run kept on this node ({@link ClustersParams#run}), read on behalf of this
   * request's task.
   *
   * @param keepAliveMillis the run's new keep-alive, or null to keep the one it has
   * @throws NoSuchElementException if this node keeps no such run (any more)
   */
  public void page(
      Session<S, P, Q> session,
      ClustersParams params,
      Long keepAliveMillis,
      long startNanos,
      ShardedRun.Listener<ClustersPage> listener) {
    Kept<S, P, Q> run = kept.get(params.run(), keepAliveMillis);
    ShardedRun.Reads<S> reads =
        session.reads(
            run.pit(),
            pointInTimeKeepAlive(keepAliveMillis != null ? keepAliveMillis : run.keepAliveMillis()),
            run.field(),
            run.query());
    page(
        run.run().reading(reads, params.batchSize()),
        run.computed(),
        params,
        run.canonical(),
        run.minSimilarity(),
        startNanos,
        params.run(),
        listener);
  }

  private void page(
      ShardedRun<S> run,
      ShardedRun.Computed<S> computed,
      ClustersParams params,
      CanonicalPolicy canonical,
      double minSimilarity,
      long startNanos,
      String id,
      ShardedRun.Listener<ClustersPage> listener) {
    run.page(
        computed,
        params.from(),
        params.size(),
        canonical,
        ShardedRun.Listener.then(
            listener,
            page ->
                listener.onResponse(
                    ClustersPage.of(
                        page, (System.nanoTime() - startNanos) / 1_000_000, minSimilarity, id))));
  }

  /**
   * Answers a read from the engine's search response, off the transport thread (the run's work is
   * not for one), or fails it with the first failed shard's reason: a run needs every shard.
   *
   * @param shardFailure the first failed shard's reason, or null when every shard answered
   * @param read what the read makes of the response
   * @param release what the engine does once the response is no longer needed
   */
  public static <T> void answer(
      Executor executor,
      String api,
      String shardFailure,
      Callable<T> read,
      Runnable release,
      ShardedRun.Listener<T> listener) {
    if (shardFailure != null) {
      release.run();
      listener.onFailure(ClusterPlan.shardFailed(api, shardFailure));
      return;
    }
    executor.execute(() -> {
      T value;
      try {
        value = read.call();
      } catch (Exception e) {
        listener.onFailure(e);
        return;
      } finally {
        release.run();
      }
      listener.onResponse(value);
    });
  }

  /** The id of the node that keeps a run, or null if the id is not a run id. */
  public static String nodeOf(String runId) {
    return KeptRuns.nodeOf(runId);
  }

  /**
   * The id of the node that keeps the run a request names.
   *
   * @throws IllegalArgumentException if {@code run} is not the id of a kept run (HTTP 400)
   */
  public static String keeperOf(String run) {
    String node = nodeOf(run);
    if (node == null) {
      throw new IllegalArgumentException(
          "[_neardup/clusters] [run] must be the id of a kept run, got [" + run + "]");
    }
    return node;
  }

  /** The message of a run whose node left the cluster (the engine's not-found, HTTP 404). */
  public static String keeperLeft(String run) {
    return "[_neardup/clusters] no kept run ["
        + run
        + "]: the node that kept it left the cluster; run the clustering again";
  }

  private static long pointInTimeKeepAlive(Long requestedMillis) {
    return requestedMillis == null || requestedMillis < ROUND_TRIP_KEEP_ALIVE_MILLIS
        ? ROUND_TRIP_KEEP_ALIVE_MILLIS
        : requestedMillis;
  }
}

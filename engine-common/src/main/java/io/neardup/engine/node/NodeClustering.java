package io.neardup.engine.node;

import io.neardup.engine.api.ClustersPage;
import io.neardup.engine.api.ClustersParams;
import io.neardup.engine.api.ReconcileResult;
import io.neardup.engine.cluster.ClusterPlan;
import io.neardup.engine.cluster.DistributedClusters;
import io.neardup.engine.cluster.KeptRuns;
import io.neardup.engine.cluster.RunSearches;
import io.neardup.engine.cluster.ShardedRun;
import io.neardup.engine.reconcile.DistributedReconcile;
import io.neardup.engine.reconcile.ReconcileRun;
import java.util.Comparator;
import java.util.NoSuchElementException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The clustering and reconcile APIs on one node, free of any engine: the clustering runs it keeps
 * for later pages ({@link DistributedClusters}), reconcile on the same distributed run ({@link
 * DistributedReconcile}), the memory budget of a run ({@link #MEMORY_BUDGET_SETTING}) and where a
 * request for a later page goes. An engine gives it its request circuit breaker, its close of a
 * point in time and its scheduler, and for each request a {@link Session}: the searches and writes
 * on behalf of the request's task.
 *
 * @param <S> the engine's shard id
 * @param <P> the engine's point in time id
 * @param <Q> the engine's query
 */
public final class NodeClustering<S, P, Q> {
  /** The node setting of the coordinating node's memory for one run. */
  public static final String MEMORY_BUDGET_SETTING = "neardup.clusters.memory_budget";

  /** A request's searches under its point in time and reconcile's writes, on behalf of its task. */
  public interface Session<S, P, Q> extends RunSearches.Engine<S, P, Q>, ReconcileRun.Writes {}

  private final Supplier<String> localNode;
  private final DistributedClusters<S, P, Q> runs;
  private final DistributedReconcile<S, P, Q> reconciles;
  private volatile long budget;

  /**
   * @param reserve reserves bytes on the request circuit breaker, failing with the engine's error
   * @param release releases bytes without failing
   * @param close closes a point in time (failures ignored)
   * @param localNode this node's id
   * @param shardOrder the order of the shards' document numbers
   * @param budget the memory of a run, in bytes ({@link #budget(long)} changes it)
   */
  public NodeClustering(
      BiConsumer<Long, String> reserve,
      LongConsumer release,
      Consumer<P> close,
      Supplier<String> localNode,
      KeptRuns.Scheduler scheduler,
      Comparator<S> shardOrder,
      long budget) {
    DistributedClusters.Memory memory = DistributedClusters.Memory.of(reserve, release);
    this.localNode = localNode;
    this.runs =
        new DistributedClusters<>(
            memory, close, localNode, scheduler, shardOrder, ClustersParams.API);
    this.reconciles = new DistributedReconcile<>(memory, close, shardOrder);
    this.budget = budget;
  }

  /** Sets the memory of later runs, in bytes (the setting is dynamic). */
  public void budget(long bytes) {
    this.budget = bytes;
  }

  /**
   * Answers a request of the clustering API: the first page of a new run under a new point in time,
   * or a later page ({@link ClustersParams#run}) of a run this node keeps; a run another node keeps
   * is that node's to answer ({@code forward}). Failures, thrown or not, are the listener's.
   *
   * @param plan checks the request against its indexes' mappings ({@link ClusterPlan#of})
   * @param keepAliveMillis how long the run is kept for later pages, or null
   * @param startNanos when the request arrived ({@link System#nanoTime})
   * @param notFound the engine's not-found error (HTTP 404) with a message
   * @param forward sends the request to the node of that id and answers true, or false if the node
   *     left the cluster
   */
  public void clusters(
      Session<S, P, Q> session,
      ClustersParams params,
      Q query,
      Long keepAliveMillis,
      Supplier<ClusterPlan.Resolved> plan,
      long startNanos,
      Function<String, RuntimeException> notFound,
      Predicate<String> forward,
      ShardedRun.Listener<ClustersPage> listener) {
    try {
      if (params.run() == null) {
        runs.run(
            RunSearches.session(session),
            params,
            query,
            keepAliveMillis,
            plan.get(),
            budget,
            startNanos,
            listener);
        return;
      }
      String node = DistributedClusters.keeperOf(params.run());
      if (!node.equals(localNode.get())) {
        if (!forward.test(node)) {
          throw notFound.apply(DistributedClusters.keeperLeft(params.run()));
        }
        return;
      }
      try {
        runs.page(RunSearches.session(session), params, keepAliveMillis, startNanos, listener);
      } catch (NoSuchElementException e) {
        throw notFound.apply(e.getMessage());
      }
    } catch (RuntimeException e) {
      listener.onFailure(e);
    }
  }

  /**
   * Reconciles on the distributed run under one point in time ({@link
   * DistributedReconcile#reconcile}).
   *
   * @param plan checks the request against its indexes' mappings; a failure is the listener's
   * @param session the session of the plan's indexes
   * @param startNanos when the request arrived ({@link System#nanoTime})
   */
  public void reconcile(
      Supplier<ClusterPlan.Resolved> plan,
      Function<ClusterPlan.Resolved, Session<S, P, Q>> session,
      ReconcileRun run,
      Q query,
      long startNanos,
      ShardedRun.Listener<ReconcileResult> listener) {
    reconciles.reconcile(plan, session, run, query, budget, startNanos, listener);
  }
}

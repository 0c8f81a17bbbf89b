package io.neardup.opensearch.clusters;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.cluster.ShardedClusterer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.opensearch.ResourceNotFoundException;
import org.opensearch.common.UUIDs;
import org.opensearch.common.unit.TimeValue;
import org.opensearch.core.common.breaker.CircuitBreaker;
import org.opensearch.core.index.shard.ShardId;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.threadpool.ThreadPool;
import org.opensearch.transport.client.Client;

/**
 * The clustering runs kept on this node for later pages ({@code keep_alive}): each run's clusters
 * as dense document numbers (four bytes per clustered document, accounted to the request circuit
 * breaker) and its point in time, which keeps the document numbers valid. A run expires when its
 * keep-alive passes without a page being asked; expiring closes the point in time and releases the
 * memory. Ids start with this node's id, so any node can route a page to the run's node.
 */
final class KeptRuns {
  /** A kept run. */
  record Kept(
      String id,
      String pit,
      TimeValue keepAlive,
      String field,
      QueryBuilder query,
      CanonicalPolicy canonical,
      double minSimilarity,
      int documents,
      ShardedClusterer core,
      ShardedClusterer.Clusters clusters,
      List<ShardId> shards,
      long bytes) {}

  private final Map<String, Kept> runs = new ConcurrentHashMap<>();
  private final Map<String, Long> expiries = new ConcurrentHashMap<>();
  private final Supplier<String> nodeId;
  private final ThreadPool threadPool;
  private final Client client;
  private final CircuitBreaker breaker;

  KeptRuns(Supplier<String> nodeId, ThreadPool threadPool, Client client, CircuitBreaker breaker) {
    this.nodeId = nodeId;
    this.threadPool = threadPool;
    this.client = client;
    this.breaker = breaker;
  }

  /** The id of the node that keeps a run, from the run's id, or null if it is malformed. */
  static String nodeOf(String runId) {
    int colon = runId.indexOf(':');
    return colon <= 0 ? null : runId.substring(0, colon);
  }

  /** Keeps a run; returns its id. */
  String keep(
      String pit,
      TimeValue keepAlive,
      String field,
      QueryBuilder query,
      CanonicalPolicy canonical,
      double minSimilarity,
      int documents,
      ShardedClusterer core,
      ShardedClusterer.Clusters clusters,
      List<ShardId> shards) {
    long bytes = clusters.ramBytes() + 1024;
    breaker.addEstimateBytesAndMaybeBreak(bytes, "neardup_clusters_kept");
    String id = nodeId.get() + ":" + UUIDs.randomBase64UUID();
    runs.put(
        id,
        new Kept(
            id,
            pit,
            keepAlive,
            field,
            query,
            canonical,
            minSimilarity,
            documents,
            core,
            clusters,
            shards,
            bytes));
    extend(id, keepAlive);
    return id;
  }

  /**
   * The kept run of this id, its keep-alive extended (by {@code keepAlive} if given, else by its
   * own).
   *
   * @throws ResourceNotFoundException (404) if no such run is kept here
   */
  Kept get(String id, TimeValue keepAlive) {
    Kept run = runs.get(id);
    if (run == null) {
      throw new ResourceNotFoundException(
          "[_neardup/clusters] no kept run ["
              + id
              + "]: it expired, was never kept, or its node restarted; run the clustering again"
              + " with [keep_alive]");
    }
    extend(id, keepAlive == null ? run.keepAlive() : keepAlive);
    return run;
  }

  private void extend(String id, TimeValue keepAlive) {
    expiries.put(id, threadPool.relativeTimeInMillis() + keepAlive.millis());
    threadPool.schedule(() -> expireIfDue(id), keepAlive, ThreadPool.Names.GENERIC);
  }

  private void expireIfDue(String id) {
    Long due = expiries.get(id);
    if (due == null) {
      return;
    }
    long now = threadPool.relativeTimeInMillis();
    if (now < due) {
      threadPool.schedule(
          () -> expireIfDue(id), TimeValue.timeValueMillis(due - now), ThreadPool.Names.GENERIC);
      return;
    }
    expiries.remove(id);
    Kept run = runs.remove(id);
    if (run != null) {
      breaker.addWithoutBreaking(-run.bytes());
      DistributedClustering.close(client, run.pit());
    }
  }

  /** Number of runs kept now. */
  int size() {
    return runs.size();
  }
}

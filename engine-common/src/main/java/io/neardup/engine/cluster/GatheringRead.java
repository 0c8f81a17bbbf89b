package io.neardup.engine.cluster;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * The state of a whole-index read whatever the engine (reconcile's, until it runs on the
 * distributed run): every matching document's sketch, canonical value and id, read in batches into
 * a {@link GatheredClusters}, with the memory it holds reserved on the engine's request circuit
 * breaker for the whole read. The engine runs the searches and hands each batch's hits over;
 * closing releases the memory and the clusters, whichever way the read ended.
 */
public final class GatheringRead implements Closeable {
  private final String api;
  private final ClusterPlan.Resolved mapped;
  private final long readerBytesPerDocument;
  private final DistributedClusters.Memory memory;
  private GatheredClusters clusters;
  private long reserved;

  /**
   * @param api the API's path, the prefix of its messages
   * @param mapped what the mappings say of the request
   * @param readerBytesPerDocument what the caller keeps per document beside the sketches
   * @param memory the engine's request circuit breaker
   */
  public GatheringRead(
      String api,
      ClusterPlan.Resolved mapped,
      long readerBytesPerDocument,
      DistributedClusters.Memory memory) {
    this.api = api;
    this.mapped = mapped;
    this.readerBytesPerDocument = readerBytesPerDocument;
    this.memory = memory;
  }

  /**
   * Starts the read of {@code total} matching documents: reserves their memory and opens the
   * clusters.
   *
   * @return how many documents the read holds
   * @throws IllegalArgumentException if one read cannot hold that many documents
   */
  public int start(long total) {
    if (total > Integer.MAX_VALUE - 8) {
      throw ClusterPlan.tooMany(api, total);
    }
    int n = (int) total;
    long bytes = n * (mapped.bytesPerDocument() + readerBytesPerDocument);
    memory.reserve(bytes, "neardup_clusters");
    reserved = bytes;
    clusters = mapped.gathered(n);
    return n;
  }

  /** Whether the read holds as many documents as it started with. */
  public boolean full() {
    return clusters.full();
  }

  /**
   * Adds a hit's sketch, as the {@code neardup_sketches} extension attached it.
   *
   * @param values the extension's values on the hit (none when the hit has no sketch)
   * @return the document's ordinal in the clusters, or -1 when the read is full
   */
  public int add(String index, List<Object> values) throws IOException {
    if (clusters.full()) {
      return -1;
    }
    int doc = clusters.documents();
    clusters.add(ShardedClusterer.Fetched.of(index, values));
    return doc;
  }

  /**
   * Whether another batch follows one of {@code hits} hits, for batches of {@code batchSize}: a
   * shorter batch ends the snapshot.
   */
  public boolean more(int hits, int batchSize) {
    return hits >= batchSize && !clusters.full();
  }

  /** The clusters read so far. */
  public GatheredClusters clusters() {
    return clusters;
  }

  @Override
  public void close() {
    if (reserved > 0) {
      memory.release(reserved);
      reserved = 0;
    }
    if (clusters != null) {
      try {
        clusters.close();
      } catch (IOException e) {
        // on the heap: closing frees memory, nothing to fail
      }
    }
    clusters = null;
  }
}

package io.neardup.engine.reconcile;

import io.neardup.engine.api.ReconcileProgress;
import io.neardup.engine.api.ReconcileResult;
import io.neardup.engine.cluster.Reassignment;
import io.neardup.engine.cluster.ShardedRun;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One reconcile after its plan, free of any engine: it reads each document's current assignment
 * ({@link #start}, {@link #current}; {@link DistributedReconcile} reads them page by page under the
 * point in time of the distributed clustering run), takes the recomputed clusters and computes what
 * changes ({@link #finish}), then writes the changes with the engine's bulk updates, one batch at a
 * time, and refreshes if asked ({@link #write}), keeping the task's {@link ReconcileProgress}
 * current.
 *
 * <p>Each update is conditional on the sequence number read with the assignment: a document changed
 * or deleted since is left alone and reported as a failure (run reconcile again).
 */
public final class ReconcileRun {
  private final ReconcileParams params;
  private final ReconcileProgress progress;
  private Reassignment reassignment;
  private int documents;
  private int clusters;
  private List<Reassignment.Write> changes;

  /** What the writing needs of the engine. */
  public interface Writes {
    /** The failure to end with if the task was cancelled, else null. */
    Exception cancelled();

    /**
     * Applies {@code batch} (each a partial update, if the document's sequence number and primary
     * term are still those read) and answers one entry per update in order: null if it was written,
     * else its failure.
     */
    void bulk(List<Update> batch, ShardedRun.Listener<List<ReconcileResult.Failure>> l);

    /** Refreshes the reconciled indexes. */
    void refresh(ShardedRun.Listener<Void> listener);
  }

  /**
   * The answer of {@link Writes#bulk} from an engine's bulk response: one entry per item, null
   * where it was written, else its failure.
   */
  public static <T> List<ReconcileResult.Failure> failures(
      T[] items,
      Predicate<T> failed,
      Function<T, String> index,
      Function<T, String> id,
      Function<T, String> message) {
    List<ReconcileResult.Failure> out = new ArrayList<>(items.length);
    for (T item : items) {
      out.add(
          failed.test(item)
              ? new ReconcileResult.Failure(index.apply(item), id.apply(item), message.apply(item))
              : null);
    }
    return out;
  }

  /**
   * One conditional partial update.
   *
   * @param doc the fields written: the cluster id and the canonical flag
   */
  public record Update(
      String index, String id, Map<String, Object> doc, long seqNo, long primaryTerm) {}

  public ReconcileRun(ReconcileParams params, ReconcileProgress progress) {
    this.params = params;
    this.progress = progress;
  }

  /** The number of documents to read is known. */
  public void start(int documents) {
    reassignment = new Reassignment(documents);
    progress.total(documents);
  }

  /**
   * A document's current assignment.
   *
   * @param doc its ordinal: the order documents are read in, from 0
   * @param cluster the value of its cluster field, or null
   * @param flag the value of its canonical field, or null
   */
  public void current(
      int doc, String index, String id, Object cluster, Object flag, long seqNo, long primaryTerm) {
    reassignment.current(
        doc,
        index,
        id,
        cluster == null ? null : cluster.toString(),
        flag == null ? null : Boolean.TRUE.equals(flag),
        seqNo,
        primaryTerm);
    progress.read();
  }

  /** Every current assignment is read: the clusters are computed next. */
  public void clustering() {
    progress.phase(ReconcileProgress.Phase.CLUSTERING);
  }

  /**
   * Recomputes the assignments from the clusters and lists what changes.
   *
   * @param recomputed the clusters of two or more as ordinals, canonical first, in the {@link
   *     io.neardup.cluster.ClusterOrder}
   */
  public void finish(List<int[]> recomputed) {
    changes = reassignment.writes(recomputed, !params.canonicalGiven());
    clusters = recomputed.size();
    documents = reassignment.documents();
    progress.clustered(clusters, changes.size());
  }

  /** The request's parameters. */
  public ReconcileParams params() {
    return params;
  }

  /** The update a change makes. */
  Update update(Reassignment.Write change) {
    return new Update(
        change.index(), change.id(), doc(change), change.seqNo(), change.primaryTerm());
  }

  /** The partial document a change writes. */
  private Map<String, Object> doc(Reassignment.Write change) {
    Map<String, Object> doc = new HashMap<>(2);
    doc.put(params.clusterField(), change.clusterId());
    doc.put(params.canonicalField(), change.canonical());
    return doc;
  }

  /**
   * Writes the changes and answers what the reconcile did.
   *
   * @param startNanos when the request arrived ({@link System#nanoTime})
   * @param minSimilarity the similarity the clusters were computed at
   */
  public void write(
      Writes writes,
      long startNanos,
      double minSimilarity,
      ShardedRun.Listener<ReconcileResult> listener) {
    new Writing(writes, startNanos, minSimilarity, listener).next();
  }

  private final class Writing {
    private final Writes writes;
    private final long start;
    private final double minSimilarity;
    private final ShardedRun.Listener<ReconcileResult> listener;
    private final List<ReconcileResult.Failure> failures = new ArrayList<>();
    // steps asked for and not yet run: at most one thread runs them
    private final AtomicInteger steps = new AtomicInteger();
    private int next;
    private long updated;
    private long failed;

    Writing(
        Writes writes,
        long start,
        double minSimilarity,
        ShardedRun.Listener<ReconcileResult> listener) {
      this.writes = writes;
      this.start = start;
      this.minSimilarity = minSimilarity;
      this.listener = listener;
    }

    /**
     * Writes the next batch. An engine may answer a bulk on the calling thread: the steps then run
     * in this loop rather than one call deeper per batch.
     */
    void next() {
      if (steps.getAndIncrement() > 0) {
        return;
      }
      do {
        step();
      } while (steps.decrementAndGet() > 0);
    }

    private void step() {
      Exception cancelled = writes.cancelled();
      if (cancelled != null) {
        listener.onFailure(cancelled);
        return;
      }
      if (params.dryRun() || next >= changes.size()) {
        refresh();
        return;
      }
      int end = Math.min(changes.size(), next + params.clusters().batchSize());
      List<Update> batch = changes.subList(next, end).stream().map(c -> update(c)).toList();
      next = end;
      writes.bulk(
          batch,
          ShardedRun.Listener.of(
              items -> {
                long ok = 0;
                long bad = 0;
                for (ReconcileResult.Failure f : items) {
                  if (f == null) {
                    ok++;
                  } else {
                    bad++;
                    if (failures.size() < ReconcileResult.MAX_FAILURES) {
                      failures.add(f);
                    }
                  }
                }
                updated += ok;
                failed += bad;
                progress.written(ok, bad);
                next();
              },
              listener::onFailure));
    }

    private void refresh() {
      if (!params.refresh() || params.dryRun() || updated == 0) {
        respond();
        return;
      }
      progress.phase(ReconcileProgress.Phase.REFRESHING);
      writes.refresh(ShardedRun.Listener.of(done -> respond(), listener::onFailure));
    }

    private void respond() {
      listener.onResponse(
          new ReconcileResult(
              (System.nanoTime() - start) / 1_000_000,
              params.dryRun(),
              minSimilarity,
              documents,
              clusters,
              changes.size(),
              updated,
              failed,
              failures));
    }
  }
}

package io.neardup.engine.reconcile;

import io.neardup.engine.api.ReconcileResult;
import io.neardup.engine.cluster.ClusterPlan;
import io.neardup.engine.cluster.DistributedClusters;
import io.neardup.engine.cluster.Reassignment;
import io.neardup.engine.cluster.RunSearches;
import io.neardup.engine.cluster.ShardedRun;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Reconcile's read and clustering, free of any engine, on the distributed clustering run: under one
 * point in time it reads every matching document's current assignment page by page (sorted by
 * {@code _shard_doc}, {@code batch_size} at a time), then clusters the same documents as the
 * clustering API does ({@link ShardedRun}: band entries partition by partition, sketches fetched
 * only for the pairs to verify, memory bounded by the budget) and hands the clusters, canonical
 * first, to the {@link ReconcileRun}. No sketch is gathered on this node: it holds the budget and
 * each document's current assignment ({@link Reassignment#bytesPerDocument}), both reserved on the
 * engine's request circuit breaker.
 *
 * @param <S> the engine's shard id
 * @param <P> the engine's point in time id
 * @param <Q> the engine's query
 */
public final class DistributedReconcile<S, P, Q> {
  private final DistributedClusters.Memory memory;
  private final Consumer<P> close;
  private final Comparator<S> shardOrder;

  /**
   * @param close closes a point in time (failures ignored)
   * @param shardOrder the order of the shards' document numbers
   */
  public DistributedReconcile(
      DistributedClusters.Memory memory, Consumer<P> close, Comparator<S> shardOrder) {
    this.memory = memory;
    this.close = close;
    this.shardOrder = shardOrder;
  }

  /**
   * Reconciles: checks the target fields ({@link ReconcileParams#checkTargets}), reads the current
   * assignments and clusters ({@link #read}), then writes what changes ({@link ReconcileRun#write})
   * and answers what the reconcile did.
   *
   * @param plan checks the request against the mappings ({@link ClusterPlan#of}); a failure is the
   *     listener's
   * @param session the engine's reads and writes for the plan's indexes
   * @param budget the memory of the clustering, in bytes
   * @param startNanos when the request arrived ({@link System#nanoTime})
   */
  public <E extends RunSearches.Engine<S, P, Q> & ReconcileRun.Writes> void reconcile(
      Supplier<ClusterPlan.Resolved> plan,
      Function<ClusterPlan.Resolved, E> session,
      ReconcileRun run,
      Q query,
      long budget,
      long startNanos,
      ShardedRun.Listener<ReconcileResult> listener) {
    ClusterPlan.Resolved mapped;
    E engine;
    boolean canonicalMapped;
    try {
      mapped = plan.get();
      engine = session.apply(mapped);
      canonicalMapped = run.params().checkTargets(mapped.indexes());
    } catch (RuntimeException e) {
      listener.onFailure(e);
      return;
    }
    read(
        engine,
        run,
        query,
        canonicalMapped,
        mapped,
        budget,
        ShardedRun.Listener.then(
            listener, done -> run.write(engine, startNanos, mapped.minSimilarity(), listener)));
  }

  /**
   * Reads the current assignments, clusters and computes the changes into {@code run}; the point in
   * time is closed and the memory released before {@code listener} is called.
   *
   * @param canonicalMapped whether any index maps the canonical field (else it is not read)
   * @param mapped what the mappings say ({@link ClusterPlan#of})
   * @param budget the memory of the clustering, in bytes
   */
  public void read(
      RunSearches.Engine<S, P, Q> engine,
      ReconcileRun run,
      Q query,
      boolean canonicalMapped,
      ClusterPlan.Resolved mapped,
      long budget,
      ShardedRun.Listener<Void> listener) {
    ReconcileParams params = run.params();
    long keepAlive = DistributedClusters.ROUND_TRIP_KEEP_ALIVE_MILLIS;
    engine.open(
        keepAlive,
        ShardedRun.Listener.then(
            listener,
            pit -> {
              Reading reading =
                  new Reading(
                      run,
                      params,
                      RunSearches.reads(engine, pit, keepAlive, params.clusters().field(), query),
                      canonicalMapped,
                      pit,
                      listener);
              reading.count(mapped, budget);
            }));
  }

  private final class Reading {
    private final ReconcileRun run;
    private final ReconcileParams params;
    private final RunSearches.Reads<S, P, Q> reads;
    private final RunSearches.Assignments firstPage;
    private final P pit;
    private final ShardedRun.Listener<Void> listener;
    private final Map<S, Short> shardOrdinals = new HashMap<>();
    private final List<S> shards = new ArrayList<>();
    private short[] shardOf;
    private int[] docOf;
    private int documents;
    private int read;
    private long reserved;
    private boolean done;

    Reading(
        ReconcileRun run,
        ReconcileParams params,
        RunSearches.Reads<S, P, Q> reads,
        boolean canonicalMapped,
        P pit,
        ShardedRun.Listener<Void> listener) {
      this.run = run;
      this.params = params;
      this.reads = reads;
      this.firstPage =
          new RunSearches.Assignments(
              null,
              params.clusters().batchSize(),
              params.clusterField(),
              canonicalMapped ? params.canonicalField() : null);
      this.pit = pit;
      this.listener = listener;
    }

    void count(ClusterPlan.Resolved mapped, long budget) {
      reads.count(
          step(total -> {
            if (total > Integer.MAX_VALUE - 8) {
              throw ClusterPlan.tooMany(ReconcileParams.API, total);
            }
            documents = (int) (long) total;
            long bytes = documents * (Reassignment.bytesPerDocument() + 6);
            memory.reserve(bytes, "neardup_clusters");
            reserved = bytes;
            shardOf = new short[documents];
            docOf = new int[documents];
            run.start(documents);
            page(null, mapped, budget);
          }));
    }

    private void page(Long after, ClusterPlan.Resolved mapped, long budget) {
      RunSearches.Assignments page =
          new RunSearches.Assignments(
              after, firstPage.size(), firstPage.clusterField(), firstPage.canonicalField());
      reads.assignments(
          page,
          step(hits -> {
            List<RunSearches.Current<S>> withoutId = new ArrayList<>();
            List<Integer> withoutIdOrdinals = new ArrayList<>();
            for (RunSearches.Current<S> hit : hits) {
              if (read == documents) {
                throw new IllegalStateException(
                    "["
                        + ReconcileParams.API
                        + "] read more documents than the "
                        + documents
                        + " counted under the same point in time");
              }
              Short shard = shardOrdinals.get(hit.shard());
              if (shard == null) {
                shard = (short) shards.size();
                shardOrdinals.put(hit.shard(), shard);
                shards.add(hit.shard());
              }
              shardOf[read] = shard;
              docOf[read] = hit.doc();
              if (hit.id() == null) {
                withoutId.add(hit);
                withoutIdOrdinals.add(read);
              } else {
                current(read, hit, hit.id());
              }
              read++;
            }
            Runnable next =
                hits.size() < page.size() || read == documents
                    ? () -> cluster(mapped, budget)
                    : () -> page(hits.getLast().sort(), mapped, budget);
            if (withoutId.isEmpty()) {
              next.run();
            } else {
              storedIds(withoutId, withoutIdOrdinals, next);
            }
          }));
    }

    private void current(int ordinal, RunSearches.Current<S> hit, String id) {
      run.current(
          ordinal, hit.index(), id, hit.cluster(), hit.flag(), hit.seqNo(), hit.primaryTerm());
    }

    /**
     * Reads the stored ids of a page's documents whose {@code neardup} field keeps none (no value
     * in the field, or written before it kept ids), then goes on with {@code next}.
     */
    private void storedIds(
        List<RunSearches.Current<S>> hits, List<Integer> ordinals, Runnable next) {
      Map<S, List<Integer>> byShard = new HashMap<>();
      for (RunSearches.Current<S> hit : hits) {
        byShard.computeIfAbsent(hit.shard(), s -> new ArrayList<>()).add(hit.doc());
      }
      Map<S, int[]> docs = new HashMap<>();
      byShard.forEach((shard, list) ->
          docs.put(shard, list.stream().mapToInt(Integer::intValue).sorted().toArray()));
      reads.ids(
          docs,
          step(found -> {
            Map<S, Map<Integer, String>> ids = new HashMap<>();
            for (RunSearches.Current<S> f : found) {
              ids.computeIfAbsent(f.shard(), s -> new HashMap<>()).put(f.doc(), f.id());
            }
            for (int i = 0; i < hits.size(); i++) {
              RunSearches.Current<S> hit = hits.get(i);
              current(ordinals.get(i), hit, ids.getOrDefault(hit.shard(), Map.of()).get(hit.doc()));
            }
            next.run();
          }));
    }

    private void cluster(ClusterPlan.Resolved mapped, long budget) {
      run.clustering();
      ShardedRun<S> sharded =
          new ShardedRun<>(
              mapped.settings(),
              mapped.minSimilarity(),
              mapped.verification(),
              budget,
              params.clusters().batchSize(),
              shardOrder,
              reads,
              memory.forRun(),
              ReconcileParams.API);
      sharded.compute(
          step(computed ->
              sharded.canonicalFirst(
                  computed,
                  params.clusters().canonical(),
                  step(clusters -> {
                    int[] ordinalOf = new int[computed.denseDocuments()];
                    Arrays.fill(ordinalOf, -1);
                    for (int o = 0; o < read; o++) {
                      int dense = computed.dense(shards.get(shardOf[o]), docOf[o]);
                      if (dense >= 0) {
                        ordinalOf[dense] = o;
                      }
                    }
                    List<int[]> ordinals = new ArrayList<>(clusters.size());
                    for (int[] members : clusters) {
                      int[] o = new int[members.length];
                      for (int i = 0; i < members.length; i++) {
                        o[i] = ordinalOf[members[i]];
                        if (o[i] < 0) {
                          throw new IllegalStateException(
                              "[" + ReconcileParams.API + "] a clustered document was not read");
                        }
                      }
                      ordinals.add(o);
                    }
                    run.finish(ordinals);
                    end(null);
                  }))));
    }

    /** A listener that runs {@code next} and ends the read with its failure if it throws. */
    private <T> ShardedRun.Listener<T> step(ShardedRun.Step<T> next) {
      return ShardedRun.Listener.of(
          value -> {
            try {
              next.run(value);
            } catch (Exception e) {
              end(e);
            }
          },
          this::end);
    }

    private void end(Exception failure) {
      if (done) {
        return;
      }
      done = true;
      if (reserved > 0) {
        memory.release(reserved);
        reserved = 0;
      }
      shardOf = null;
      docOf = null;
      close.accept(pit);
      if (failure == null) {
        listener.onResponse(null);
      } else {
        listener.onFailure(failure);
      }
    }
  }
}

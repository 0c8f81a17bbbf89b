package io.neardup.engine.reconcile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.engine.api.ClustersParams;
import io.neardup.engine.api.ReconcileProgress;
import io.neardup.engine.api.ReconcileResult;
import io.neardup.engine.cluster.ClusterPlan;
import io.neardup.engine.cluster.DistributedClusters;
import io.neardup.engine.cluster.RunSearches;
import io.neardup.engine.cluster.ShardBuckets;
import io.neardup.engine.cluster.ShardedClustererTest;
import io.neardup.engine.cluster.ShardedRun;
import io.neardup.engine.cluster.ShardedRunTest;
import io.neardup.engine.ingest.NearDupIngest;
import io.neardup.settings.NearDupSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Reconcile on the distributed run over shards held in memory: the assignments read page by page,
 * the clusters those of the single-node core, each named after its canonical, memory released and
 * the point in time closed.
 */
class DistributedReconcileTest {
  private static final NearDupSettings SETTINGS = ShardedClustererTest.MINHASH;

  /**
   * The in-memory shards as an engine runs the searches, with pages of assignments: each answer
   * comes on the engine's own thread, as a search pool's does.
   */
  private static final class Engine implements RunSearches.Engine<String, String, String> {
    final ShardedRunTest.FakeShards data;
    final int shards;
    final Set<String> open = ConcurrentHashMap.newKeySet();
    final ExecutorService pool = Executors.newSingleThreadExecutor();

    /** Whether every third document keeps no id in the field's doc values (only a stored one). */
    final boolean someStoredOnly;

    volatile int pages;
    volatile int storedIdSearches;

    Engine(List<byte[]> sketches, int shards, boolean someStoredOnly) {
      this.data = new ShardedRunTest.FakeShards(sketches, shards);
      this.shards = shards;
      this.someStoredOnly = someStoredOnly;
    }

    String id(int shard, int doc) {
      return "d" + (doc * shards + shard);
    }

    @Override
    public void open(long keepAliveMillis, ShardedRun.Listener<String> listener) {
      open.add("pit");
      listener.onResponse("pit");
    }

    @Override
    public Exception cancelled() {
      return null;
    }

    @Override
    public void search(
        String pit,
        long keepAliveMillis,
        String query,
        RunSearches.Search<String> search,
        ShardedRun.Listener<RunSearches.Answer<String>> l) {
      pool.execute(() -> {
        try {
          answer(pit, search, l);
        } catch (Throwable t) {
          l.onFailure(new IllegalStateException(t));
        }
      });
    }

    private void answer(
        String pit,
        RunSearches.Search<String> search,
        ShardedRun.Listener<RunSearches.Answer<String>> l) {
      assertTrue(open.contains(pit), "searches run under the open point in time");
      if (search.count()) {
        data.count(
            ShardedRun.Listener.of(n -> l.onResponse(RunSearches.Answer.count(n)), l::onFailure));
      } else if (search.buckets() != null) {
        data.partition(
            search.buckets().partition(),
            search.buckets().partitions(),
            ShardedRun.Listener.of(
                parts -> {
                  List<ShardBuckets<String>> out = new ArrayList<>();
                  for (ShardedRun.ShardPart<String> p : parts) {
                    out.add(new ShardBuckets<>(p.shard(), p.maxDoc(), p.maxDoc(), p.entries()));
                  }
                  l.onResponse(RunSearches.Answer.buckets(out));
                },
                l::onFailure));
      } else if (search.docs() != null && search.sketches() == null) {
        storedIdSearches++;
        List<RunSearches.Current<String>> out = new ArrayList<>();
        search
            .docs()
            .forEach((shard, docs) -> {
              for (int doc : docs) {
                int s = Integer.parseInt(shard.substring(1));
                out.add(
                    new RunSearches.Current<>(
                        shard, doc, ((long) s << 32) | doc, "i", id(s, doc), null, null, -2, 0));
              }
            });
        l.onResponse(RunSearches.Answer.current(out));
      } else if (search.docs() != null) {
        data.fetch(
            search.docs(),
            search.sketches().canonical(),
            search.sketches().shingles(),
            ShardedRun.Listener.of(d -> l.onResponse(RunSearches.Answer.docs(d)), l::onFailure));
      } else {
        assertTrue(search.sketches().idsOnly(), "a page reads ids from doc values");
        pages++;
        // _shard_doc: the shard's position, then the document number
        long after = search.assignments().after() == null ? -1 : search.assignments().after();
        List<RunSearches.Current<String>> out = new ArrayList<>();
        for (int s = 0; s < shards && out.size() < search.size(); s++) {
          for (int doc = 0; doc < data.maxDoc(s) && out.size() < search.size(); doc++) {
            long sort = ((long) s << 32) | doc;
            if (sort > after) {
              out.add(
                  new RunSearches.Current<>(
                      "s" + s,
                      doc,
                      sort,
                      "i",
                      someStoredOnly && doc % 3 == 0 ? null : id(s, doc),
                      null,
                      null,
                      1,
                      1));
            }
          }
        }
        l.onResponse(RunSearches.Answer.current(out));
      }
    }
  }

  private static ReconcileResult reconcile(
      Engine engine,
      CanonicalPolicy canonical,
      AtomicLong used,
      List<ReconcileRun.Update> written) {
    ReconcileParams params =
        ReconcileParams.of(new ClustersParams().field("body.dup").canonical(canonical));
    params.clusters().batchSize(7);
    ReconcileRun run = new ReconcileRun(params, new ReconcileProgress());
    DistributedClusters.Memory memory =
        new DistributedClusters.Memory() {
          @Override
          public void reserve(long bytes, String label) {
            used.addAndGet(bytes);
          }

          @Override
          public void release(long bytes) {
            used.addAndGet(-bytes);
          }
        };
    DistributedReconcile<String, String, String> reconcile =
        new DistributedReconcile<String, String, String>(
            memory, pit -> engine.open.remove(pit), Comparator.<String>naturalOrder());
    AtomicReference<ReconcileResult> result = new AtomicReference<>();
    CountDownLatch finished = new CountDownLatch(1);
    AtomicReference<Exception> failure = new AtomicReference<>();
    reconcile.read(
        engine,
        run,
        null,
        true,
        new ClusterPlan.Resolved(
            SETTINGS, 0.8, Verification.SKETCH, "body.dup", canonical, Map.of()),
        1 << 20,
        ShardedRun.Listener.of(
            done ->
                run.write(
                    new ReconcileRun.Writes() {
                      @Override
                      public Exception cancelled() {
                        return null;
                      }

                      @Override
                      public void bulk(
                          List<ReconcileRun.Update> batch,
                          ShardedRun.Listener<List<ReconcileResult.Failure>> l) {
                        written.addAll(batch);
                        l.onResponse(
                            new ArrayList<>(java.util.Collections.nCopies(batch.size(), null)));
                      }

                      @Override
                      public void refresh(ShardedRun.Listener<Void> l) {
                        l.onResponse(null);
                      }
                    },
                    System.nanoTime(),
                    0.8,
                    ShardedRun.Listener.of(
                        r -> {
                          result.set(r);
                          finished.countDown();
                        },
                        e -> {
                          failure.set(e);
                          finished.countDown();
                        })),
            e -> {
              failure.set(e);
              finished.countDown();
            }));
    try {
      assertTrue(finished.await(60, TimeUnit.SECONDS), "reconcile answers");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    } finally {
      engine.pool.shutdown();
    }
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
    return result.get();
  }

  @Test
  void clustersAsTheSingleNodeCoreAndNamesEachAfterItsCanonical() throws IOException {
    List<byte[]> sketches = ShardedClustererTest.corpus(SETTINGS, new Random(11), 200);
    Set<List<Integer>> expected = ShardedClustererTest.reference(SETTINGS, 0.8, sketches);
    for (CanonicalPolicy canonical :
        List.of(CanonicalPolicy.BEST_SCORE, CanonicalPolicy.lowest("key"))) {
      for (boolean someStoredOnly : List.of(false, true)) {
        check(sketches, expected, canonical, someStoredOnly);
      }
    }
  }

  /**
   * One reconcile; with {@code someStoredOnly}, the documents without an id in doc values get their
   * stored ids, read by number page by page, and the outcome is the same.
   */
  private static void check(
      List<byte[]> sketches,
      Set<List<Integer>> expected,
      CanonicalPolicy canonical,
      boolean someStoredOnly) {
    {
      Engine engine = new Engine(sketches, 3, someStoredOnly);
      AtomicLong used = new AtomicLong();
      List<ReconcileRun.Update> written = new ArrayList<>();
      ReconcileResult result = reconcile(engine, canonical, used, written);
      assertEquals(sketches.size(), result.documents());
      assertEquals(expected.size(), result.clusters());
      assertEquals(sketches.size(), written.size(), "nothing carried an id: every document");
      assertEquals(0, used.get(), "memory released");
      assertTrue(engine.open.isEmpty(), "point in time closed");
      assertTrue(engine.pages >= sketches.size() / 7, "read page by page: " + engine.pages);
      if (someStoredOnly) {
        assertTrue(engine.storedIdSearches > 0, "stored ids read");
        assertTrue(engine.storedIdSearches <= engine.pages, "at most one per page");
      } else {
        assertEquals(0, engine.storedIdSearches, "no stored id read");
      }

      Map<String, List<Integer>> byCluster = new HashMap<>();
      Map<String, String> canonicalOf = new HashMap<>();
      for (ReconcileRun.Update w : written) {
        int input = Integer.parseInt(w.id().substring(1));
        String cluster = (String) w.doc().get(NearDupIngest.DEFAULT_CLUSTER_FIELD);
        byCluster.computeIfAbsent(cluster, c -> new ArrayList<>()).add(input);
        if ((Boolean) w.doc().get(NearDupIngest.DEFAULT_CANONICAL_FIELD)) {
          assertEquals(null, canonicalOf.put(cluster, w.id()), "one canonical");
        }
      }
      Set<List<Integer>> found = new HashSet<>();
      for (Map.Entry<String, List<Integer>> e : byCluster.entrySet()) {
        assertEquals("d" + e.getKey().substring(1), canonicalOf.get(e.getKey()), "named after it");
        List<Integer> members = e.getValue().stream().sorted().toList();
        if (members.size() > 1) {
          found.add(members);
          int chosen = Integer.parseInt(e.getKey().substring(1));
          if (!canonical.byScore()) {
            // the key is -input: the lowest key is the highest input number
            assertEquals(members.getLast().intValue(), chosen, canonical.toString());
          }
        }
      }
      assertEquals(expected, found, canonical.toString());
    }
  }
}

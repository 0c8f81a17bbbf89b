package io.neardup.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.engine.api.ClusterListing;
import io.neardup.settings.NearDupSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

public class ShardedRunTest {
  /**
   * Shards named by strings, each holding every {@code shards}-th document, in memory; answers at
   * once. Document {@code doc} of shard {@code "s" + s} is input {@code doc * shards + s}, with id
   * {@code "d" + input} and canonical value {@code -input}.
   */
  public static final class FakeShards implements ShardedRun.Reads<String> {
    final List<byte[]> sketches;
    final int shards;
    int partitionReads;
    int fetches;
    String failOn;

    public FakeShards(List<byte[]> sketches, int shards) {
      this.sketches = sketches;
      this.shards = shards;
    }

    /** The documents of shard {@code s}. */
    public int maxDoc(int s) {
      return (sketches.size() - s + shards - 1) / shards;
    }

    @Override
    public void count(ShardedRun.Listener<Long> listener) {
      listener.onResponse((long) sketches.size());
    }

    @Override
    public void partition(
        int partition, int partitions, ShardedRun.Listener<List<ShardedRun.ShardPart<String>>> l) {
      partitionReads++;
      if ("partition".equals(failOn)) {
        l.onFailure(new IllegalStateException("shard failed"));
        return;
      }
      List<ShardedRun.ShardPart<String>> parts = new ArrayList<>();
      for (int s = shards - 1; s >= 0; s--) { // answers in no particular order
        ShardBandEntries e =
            new ShardBandEntries(ShardedClustererTest.MINHASH, partition, partitions);
        for (int doc = 0; doc < maxDoc(s); doc++) {
          byte[] b = sketches.get(doc * shards + s);
          e.add(doc, b, 0, b.length);
        }
        parts.add(new ShardedRun.ShardPart<>("s" + s, maxDoc(s), e.encode()));
      }
      l.onResponse(parts);
    }

    @Override
    public void fetch(
        Map<String, int[]> docs,
        CanonicalPolicy canonical,
        boolean shingles,
        ShardedRun.Listener<List<ShardedRun.FetchedDoc<String>>> l) {
      fetches++;
      List<ShardedRun.FetchedDoc<String>> out = new ArrayList<>();
      docs.forEach((shard, numbers) -> {
        int s = Integer.parseInt(shard.substring(1));
        for (int doc : numbers) {
          int input = doc * shards + s;
          out.add(
              new ShardedRun.FetchedDoc<>(
                  shard,
                  doc,
                  new ShardedClusterer.Fetched(
                      "i", "d" + input, sketches.get(input), (long) -input)));
        }
      });
      l.onResponse(out);
    }
  }

  /** Memory accounting that refuses beyond a limit. */
  private static final class Budget implements ShardedRun.Memory {
    final AtomicLong used = new AtomicLong();
    final long limit;

    Budget(long limit) {
      this.limit = limit;
    }

    @Override
    public void reserve(long bytes) {
      if (used.addAndGet(bytes) > limit) {
        used.addAndGet(-bytes);
        throw new IllegalStateException("over budget");
      }
    }

    @Override
    public void release(long bytes) {
      used.addAndGet(-bytes);
    }
  }

  private static <T> T await(java.util.function.Consumer<ShardedRun.Listener<T>> call) {
    AtomicReference<T> value = new AtomicReference<>();
    AtomicReference<Exception> failure = new AtomicReference<>();
    call.accept(ShardedRun.Listener.of(value::set, failure::set));
    if (failure.get() != null) {
      throw new RuntimeException(failure.get());
    }
    return value.get();
  }

  @Test
  void computesTheSingleNodeClustersAndPagesThemWithCanonicalsByPolicy() throws IOException {
    NearDupSettings settings = ShardedClustererTest.MINHASH;
    List<byte[]> sketches = ShardedClustererTest.corpus(settings, new Random(5), 300);
    Set<List<Integer>> expected = ShardedClustererTest.reference(settings, 0.8, sketches);
    FakeShards shards = new FakeShards(sketches, 3);
    Budget memory = new Budget(Long.MAX_VALUE);
    ShardedRun<String> run =
        new ShardedRun<>(
            settings,
            0.8,
            Verification.SKETCH,
            1 << 20,
            100,
            Comparator.naturalOrder(),
            shards,
            memory,
            "test");
    ShardedRun.Computed<String> computed = await(run::compute);
    assertEquals(0, memory.used.get(), "the budget is released");
    assertEquals(sketches.size(), computed.documents());
    ClusterListing.Page page =
        await(l -> run.page(computed, 0, 10_000, CanonicalPolicy.highest("k"), l));
    assertEquals(expected.size(), page.totalClusters());
    Set<List<Integer>> actual = new HashSet<>();
    for (ClusterListing.Group g : page.clusters()) {
      List<Integer> members = new ArrayList<>();
      int canonical = Integer.parseInt(g.canonical().id().substring(1));
      members.add(canonical);
      for (ClusterListing.Member m : g.copies()) {
        int doc = Integer.parseInt(m.id().substring(1));
        assertTrue(canonical < doc, "the highest key (-input) is the lowest input: " + g);
        // single linkage: a copy may reach the canonical only through another copy
        assertTrue(m.similarity() > 0 && m.similarity() <= 1, "similarity " + m.similarity());
        members.add(doc);
      }
      members.sort(Integer::compare);
      actual.add(members);
    }
    assertEquals(expected, actual);
    // a later page of the same computation, read through other reads, is the same slice
    FakeShards later = new FakeShards(sketches, 3);
    ClusterListing.Page second =
        await(l -> run.reading(later, 7).page(computed, 2, 3, CanonicalPolicy.highest("k"), l));
    assertEquals(page.clusters().subList(2, 5), second.clusters());
    assertEquals(0, later.partitionReads, "a page reads no band entries");
  }

  @Test
  void aFailedReadOrARefusedBudgetFailsOnceAndReleasesEverything() {
    List<byte[]> sketches =
        ShardedClustererTest.corpus(ShardedClustererTest.MINHASH, new Random(9), 50);
    FakeShards shards = new FakeShards(sketches, 2);
    shards.failOn = "partition";
    Budget memory = new Budget(Long.MAX_VALUE);
    ShardedRun<String> run =
        new ShardedRun<>(
            ShardedClustererTest.MINHASH,
            0.8,
            Verification.SKETCH,
            1 << 20,
            100,
            Comparator.naturalOrder(),
            shards,
            memory,
            "test");
    RuntimeException e = assertThrows(RuntimeException.class, () -> await(run::compute));
    assertEquals("shard failed", e.getCause().getMessage());
    assertEquals(0, memory.used.get());

    ShardedRun<String> refused =
        new ShardedRun<>(
            ShardedClustererTest.MINHASH,
            0.8,
            Verification.SKETCH,
            1 << 20,
            100,
            Comparator.naturalOrder(),
            new FakeShards(sketches, 2),
            new Budget(1000),
            "test");
    RuntimeException over = assertThrows(RuntimeException.class, () -> await(refused::compute));
    assertEquals("over budget", over.getCause().getMessage());
  }

  /** A clock and timer the test moves by hand. */
  private static final class ManualScheduler implements KeptRuns.Scheduler {
    long now;
    final PriorityQueue<long[]> due = new PriorityQueue<>(Comparator.comparingLong(a -> a[0]));
    final List<Runnable> tasks = new ArrayList<>();

    @Override
    public long nowMillis() {
      return now;
    }

    @Override
    public void schedule(Runnable task, long delayMillis) {
      tasks.add(task);
      due.add(new long[] {now + delayMillis, tasks.size() - 1});
    }

    void advance(long millis) {
      now += millis;
      while (!due.isEmpty() && due.peek()[0] <= now) {
        tasks.get((int) due.poll()[1]).run();
      }
    }
  }

  @Test
  void keptRunsLiveWhileAskedForAndExpireOnce() {
    ManualScheduler clock = new ManualScheduler();
    List<String> expired = new ArrayList<>();
    KeptRuns<String> kept = new KeptRuns<>(() -> "node1", clock, expired::add, "api");
    String id = kept.keep("run", 1000);
    assertEquals("node1", KeptRuns.nodeOf(id));
    assertNull(KeptRuns.nodeOf("nocolon"));
    assertNull(KeptRuns.nodeOf(":x"));
    clock.advance(900);
    assertSame("run", kept.get(id, null)); // extends by its own 1000 ms
    clock.advance(900);
    assertSame("run", kept.get(id, 5000L));
    clock.advance(4000);
    assertEquals(List.of(), expired);
    clock.advance(1001);
    assertEquals(List.of("run"), expired);
    assertEquals(0, kept.size());
    NoSuchElementException gone =
        assertThrows(NoSuchElementException.class, () -> kept.get(id, null));
    assertTrue(gone.getMessage().startsWith("[api] no kept run [" + id + "]"), gone.getMessage());
    clock.advance(100_000);
    assertEquals(1, expired.size(), "expires once");
  }
}

package io.neardup.engine.cluster;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.engine.api.ClusterListing;
import io.neardup.settings.NearDupSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The sequence of a distributed clustering run, free of any engine: an engine supplies its reads
 * under one point in time ({@link Reads}: count, one partition's band entries from every shard,
 * documents by number) and its memory accounting; this class drives them and the {@link
 * ShardedClusterer}:
 *
 * <ol>
 *   <li>count the matching documents and choose the partitions of the band-hash space;
 *   <li>per partition, read every shard's entries, merge-join them, and verify the candidates block
 *       by block, fetching only the sketches a block needs;
 *   <li>{@link #page}: read the members of a page of clusters with their ids and canonical values
 *       and pick each cluster's canonical.
 * </ol>
 *
 * Every read is asynchronous: the next step runs when its listener is called, on the engine's
 * thread. The budget is reserved before the first read and released when the computation ends,
 * whichever way; the union-find, where it outgrows the budget, is reserved as it grows.
 *
 * @param <S> how the engine names a shard
 */
public final class ShardedRun<S> {
  /** A callback; engines adapt their own listener types to it. */
  public interface Listener<T> {
    void onResponse(T value);

    void onFailure(Exception e);

    /** The listener of two functions. */
    static <T> Listener<T> of(Consumer<T> onResponse, Consumer<Exception> onFailure) {
      return new Listener<>() {
        @Override
        public void onResponse(T value) {
          onResponse.accept(value);
        }

        @Override
        public void onFailure(Exception e) {
          onFailure.accept(e);
        }
      };
    }

    /**
     * Hands a value to {@code then}; a failure, or an exception {@code then} throws, fails {@code
     * listener}.
     */
    static <T> Listener<T> then(Listener<?> listener, Step<T> then) {
      return of(
          value -> {
            try {
              then.run(value);
            } catch (Exception e) {
              listener.onFailure(e);
            }
          },
          listener::onFailure);
    }
  }

  /**
   * The reads of one run, all under the same point in time so that document numbers stay valid.
   * Each calls its listener once, on a thread that may run the run's next step.
   */
  public interface Reads<S> {
    /** The number of documents the run clusters. */
    void count(Listener<Long> listener);

    /** Every shard's {@link ShardBandEntries} of one partition, with its number of documents. */
    void partition(int partition, int partitions, Listener<List<ShardPart<S>>> listener);

    /**
     * Documents by number: their sketches, ids, the values {@code canonical} compares (none for a
     * policy by score) and, with {@code shingles}, their shingle sets. Documents not found are left
     * out.
     */
    void fetch(
        Map<S, int[]> docs,
        CanonicalPolicy canonical,
        boolean shingles,
        Listener<List<FetchedDoc<S>>> listener);
  }

  /** Memory accounting, an engine's circuit breaker: {@code reserve} may refuse by throwing. */
  public interface Memory {
    void reserve(long bytes);

    void release(long bytes);
  }

  /**
   * One shard's answer for a partition.
   *
   * @param maxDoc the shard's number of documents, deleted ones included
   * @param entries {@link ShardBandEntries#encode}
   */
  public record ShardPart<S>(S shard, int maxDoc, byte[] entries) {}

  /** A document read by number. */
  public record FetchedDoc<S>(S shard, int doc, ShardedClusterer.Fetched fetched) {}

  /** A finished computation, from which any page is read; an engine may keep it for later pages. */
  public static final class Computed<S> {
    private final ShardedClusterer core;
    private final ShardedClusterer.Clusters clusters;
    private final List<S> shards;
    private final int documents;
    private final Map<S, Integer> ordinals = new HashMap<>();

    private Computed(
        ShardedClusterer core, ShardedClusterer.Clusters clusters, List<S> shards, int documents) {
      this.core = core;
      this.clusters = clusters;
      this.shards = List.copyOf(shards);
      this.documents = documents;
      for (int i = 0; i < this.shards.size(); i++) {
        ordinals.put(this.shards.get(i), i);
      }
    }

    /** The clusters, in the {@link io.neardup.cluster.ClusterOrder}. */
    public ShardedClusterer.Clusters clusters() {
      return clusters;
    }

    /** Documents the run clustered. */
    public int documents() {
      return documents;
    }

    /** Bytes held while kept. */
    public long ramBytes() {
      return clusters.ramBytes() + 64L * shards.size() + 1024;
    }

    /** The dense number of document {@code doc} of {@code shard}, or -1 for a shard not read. */
    public int dense(S shard, int doc) {
      Integer s = ordinals.get(shard);
      return s == null ? -1 : core.dense(s, doc);
    }

    /** One more than the highest dense number. */
    public int denseDocuments() {
      return core.denseDocuments();
    }
  }

  private final NearDupSettings settings;
  private final double minSimilarity;
  private final Verification verification;
  private final long budget;
  private final int batch;
  private final Comparator<S> shardOrder;
  private final Reads<S> reads;
  private final Memory memory;
  private final String api;

  /**
   * @param minSimilarity the least similarity of a near-duplicate pair
   * @param verification how pairs are decided: {@code EXACT} reads the shingle sets of the
   *     documents a block needs with their sketches, and decides the pairs near the minimum
   *     similarity by them
   * @param budget bytes of the coordinating node's memory for the run
   * @param batch documents read per round trip, at least 2
   * @param shardOrder a fixed order of the shards, so document numbers do not depend on answers'
   *     order
   * @param api the API's name, the prefix of error messages
   */
  public ShardedRun(
      NearDupSettings settings,
      double minSimilarity,
      Verification verification,
      long budget,
      int batch,
      Comparator<S> shardOrder,
      Reads<S> reads,
      Memory memory,
      String api) {
    this.settings = settings;
    this.minSimilarity = minSimilarity;
    this.verification = verification;
    this.budget = budget;
    this.batch = Math.max(2, batch); // a block names at least the two documents of one pair
    this.shardOrder = shardOrder;
    this.reads = reads;
    this.memory = memory;
    this.api = api;
  }

  /**
   * This run with other reads and batch size: a later page of a kept computation, read on behalf of
   * a later request.
   */
  public ShardedRun<S> reading(Reads<S> otherReads, int otherBatch) {
    return new ShardedRun<>(
        settings,
        minSimilarity,
        verification,
        budget,
        otherBatch,
        shardOrder,
        otherReads,
        memory,
        api);
  }

  /** Computes the clusters. */
  public void compute(Listener<Computed<S>> listener) {
    new Computation(listener).start();
  }

  /** One computation: count, partitions, blocks. */
  private final class Computation {
    private final Listener<Computed<S>> listener;
    private final ShardedClusterer core;
    private final Map<S, Integer> ordinals = new HashMap<>();
    private final List<S> shards = new ArrayList<>();
    private long reserved;
    private boolean done;
    private int documents;
    private int partitions;
    private int partition;
    private boolean oversized;

    Computation(Listener<Computed<S>> listener) {
      this.listener = listener;
      this.core = new ShardedClusterer(settings, minSimilarity, verification, budget);
    }

    void start() {
      try {
        memory.reserve(budget);
        reserved = budget;
      } catch (RuntimeException e) {
        fail(e);
        return;
      }
      reads.count(
          step(total -> {
            if (total > Integer.MAX_VALUE - 8) {
              throw new IllegalArgumentException(
                  "["
                      + api
                      + "] can cluster at most 2^31 documents per request, the query matches "
                      + total
                      + ": narrow it with [query]");
            }
            documents = (int) (long) total;
            partitions = ShardedClusterer.partitions(documents, settings.banding().bands(), budget);
            nextPartition();
          }));
    }

    private void nextPartition() {
      if (partition == partitions && !oversized) {
        // the buckets above the maximum size, after every partition's, as the core does
        oversized = true;
        if (core.startOversized()) {
          nextBlock();
          return;
        }
      }
      if (partition == partitions) {
        ShardedClusterer.Clusters clusters = core.finish();
        release();
        done = true;
        listener.onResponse(new Computed<>(core, clusters, shards, documents));
        return;
      }
      reads.partition(
          partition,
          partitions,
          step(parts -> {
            if (partition == 0) {
              declareShards(parts);
            }
            core.startPartition();
            for (ShardPart<S> part : parts) {
              Integer ordinal = ordinals.get(part.shard());
              if (ordinal == null) {
                throw new IllegalStateException(
                    "[" + api + "] shard " + part.shard() + " appeared in partition " + partition);
              }
              core.add(ordinal, part.entries());
            }
            partition++;
            nextBlock();
          }));
    }

    private void declareShards(List<ShardPart<S>> parts) {
      List<ShardPart<S>> sorted = new ArrayList<>(parts);
      sorted.sort(Comparator.comparing(ShardPart::shard, shardOrder));
      int[] maxDocs = new int[sorted.size()];
      for (ShardPart<S> p : sorted) {
        if (ordinals.putIfAbsent(p.shard(), shards.size()) == null) {
          maxDocs[shards.size()] = p.maxDoc();
          shards.add(p.shard());
        }
      }
      core.shards(Arrays.copyOf(maxDocs, shards.size()));
    }

    private void nextBlock() {
      int[] docs = core.nextBlock(batch);
      if (docs == null) {
        nextPartition();
        return;
      }
      boolean exact = verification == Verification.EXACT;
      fetch(
          core,
          shards,
          docs,
          CanonicalPolicy.BEST_SCORE,
          exact,
          step(fetched -> {
            byte[][] sketches = new byte[docs.length][];
            byte[][] sets = exact ? new byte[docs.length][] : null;
            for (int i = 0; i < docs.length; i++) {
              ShardedClusterer.Fetched f = fetched.get(docs[i]);
              sketches[i] = f == null ? null : f.sketch();
              if (exact) {
                sets[i] = f == null ? null : f.shingles();
              }
            }
            core.verify(docs, sketches, sets);
            long used = core.ramBytesUsed();
            if (used > reserved) {
              memory.reserve(used - reserved);
              reserved = used;
            }
            nextBlock();
          }));
    }

    /** A listener that runs {@code next} and fails the computation if it throws. */
    private <T> Listener<T> step(Step<T> next) {
      return new Listener<>() {
        @Override
        public void onResponse(T value) {
          try {
            next.run(value);
          } catch (Exception e) {
            fail(e);
          }
        }

        @Override
        public void onFailure(Exception e) {
          fail(e);
        }
      };
    }

    private void fail(Exception e) {
      release();
      if (!done) {
        done = true;
        listener.onFailure(e);
      }
    }

    private void release() {
      if (reserved > 0) {
        memory.release(reserved);
        reserved = 0;
      }
    }
  }

  /**
   * Reads the members of clusters {@code [from, from + size)} of a computation, {@code batch} at a
   * time, and answers the page: each cluster's canonical by {@code canonical} (ties, and a policy
   * by score, to the first in index order) and its copies with their similarity to it.
   */
  public void page(
      Computed<S> run,
      int from,
      int size,
      CanonicalPolicy canonical,
      Listener<ClusterListing.Page> listener) {
    ShardedClusterer.Clusters clusters = run.clusters;
    int n = clusters.count();
    int first = Math.min(from, n);
    int end = (int) Math.min(n, (long) from + size);
    List<Integer> members = new ArrayList<>();
    for (int c = first; c < end; c++) {
      for (int doc : clusters.members(c)) {
        members.add(doc);
      }
    }
    members.sort(Integer::compare);
    Map<Integer, ShardedClusterer.Fetched> fetched = new HashMap<>();
    readMembers(
        run,
        members,
        0,
        canonical,
        verification == Verification.EXACT,
        fetched,
        new Listener<>() {
          @Override
          public void onResponse(Void ignored) {
            ClusterListing.Page page;
            try {
              List<ClusterListing.Group> groups = new ArrayList<>(end - first);
              for (int c = first; c < end; c++) {
                groups.add(clusters.group(c, fetched::get, canonical, run.core));
              }
              page =
                  new ClusterListing.Page(
                      run.documents, clusters.clusteredDocuments(), n, first, groups);
            } catch (RuntimeException e) {
              listener.onFailure(e);
              return;
            }
            listener.onResponse(page);
          }

          @Override
          public void onFailure(Exception e) {
            listener.onFailure(e);
          }
        });
  }

  /**
   * Every cluster of a computation with its canonical first (dense numbers), as {@link #page} would
   * choose it: for a policy by score the first member, else by the members' canonical values, read
   * {@code batch} documents at a time for a few clusters at once, so that only those clusters'
   * values are held.
   */
  public void canonicalFirst(
      Computed<S> run, CanonicalPolicy canonical, Listener<List<int[]>> listener) {
    ShardedClusterer.Clusters clusters = run.clusters;
    List<int[]> out = new ArrayList<>(clusters.count());
    if (canonical.byScore()) {
      for (int c = 0; c < clusters.count(); c++) {
        out.add(clusters.canonicalFirst(c, null, canonical));
      }
      listener.onResponse(out);
      return;
    }
    canonicalFirst(run, canonical, 0, out, listener);
  }

  private void canonicalFirst(
      Computed<S> run,
      CanonicalPolicy canonical,
      int first,
      List<int[]> out,
      Listener<List<int[]>> listener) {
    ShardedClusterer.Clusters clusters = run.clusters;
    if (first >= clusters.count()) {
      listener.onResponse(out);
      return;
    }
    List<Integer> members = new ArrayList<>();
    int end = first;
    while (end < clusters.count() && (end == first || members.size() < batch)) {
      for (int doc : clusters.members(end)) {
        members.add(doc);
      }
      end++;
    }
    members.sort(Integer::compare);
    int last = end;
    Map<Integer, ShardedClusterer.Fetched> fetched = new HashMap<>();
    readMembers(
        run,
        members,
        0,
        canonical,
        false,
        fetched,
        Listener.then(
            listener,
            ignored -> {
              for (int c = first; c < last; c++) {
                out.add(clusters.canonicalFirst(c, fetched::get, canonical));
              }
              canonicalFirst(run, canonical, last, out, listener);
            }));
  }

  private void readMembers(
      Computed<S> run,
      List<Integer> members,
      int offset,
      CanonicalPolicy canonical,
      boolean shingles,
      Map<Integer, ShardedClusterer.Fetched> into,
      Listener<Void> listener) {
    if (offset >= members.size()) {
      listener.onResponse(null);
      return;
    }
    int end = Math.min(members.size(), offset + batch);
    int[] docs = members.subList(offset, end).stream().mapToInt(Integer::intValue).toArray();
    fetch(
        run.core,
        run.shards,
        docs,
        canonical,
        shingles,
        new Listener<>() {
          @Override
          public void onResponse(Map<Integer, ShardedClusterer.Fetched> fetched) {
            into.putAll(fetched);
            readMembers(run, members, end, canonical, shingles, into, listener);
          }

          @Override
          public void onFailure(Exception e) {
            listener.onFailure(e);
          }
        });
  }

  /** Reads dense-numbered documents through the engine, answered by dense number. */
  private void fetch(
      ShardedClusterer core,
      List<S> shards,
      int[] docs,
      CanonicalPolicy canonical,
      boolean shingles,
      Listener<Map<Integer, ShardedClusterer.Fetched>> listener) {
    Map<S, List<Integer>> byShard = new LinkedHashMap<>();
    for (int doc : docs) {
      byShard
          .computeIfAbsent(shards.get(core.shardOf(doc)), s -> new ArrayList<>())
          .add(core.docOf(doc));
    }
    Map<S, int[]> wanted = new LinkedHashMap<>();
    byShard.forEach(
        (s, numbers) -> wanted.put(s, numbers.stream().mapToInt(Integer::intValue).toArray()));
    Map<S, Integer> ordinals = new HashMap<>();
    for (int i = 0; i < shards.size(); i++) {
      ordinals.put(shards.get(i), i);
    }
    reads.fetch(
        wanted,
        canonical,
        shingles,
        new Listener<>() {
          @Override
          public void onResponse(List<FetchedDoc<S>> found) {
            Map<Integer, ShardedClusterer.Fetched> out = new HashMap<>(found.size() * 2);
            for (FetchedDoc<S> f : found) {
              Integer shard = ordinals.get(f.shard());
              if (shard != null) {
                out.put(core.dense(shard, f.doc()), f.fetched());
              }
            }
            listener.onResponse(out);
          }

          @Override
          public void onFailure(Exception e) {
            listener.onFailure(e);
          }
        });
  }

  /** What runs on a value, and may throw. */
  @FunctionalInterface
  public interface Step<T> {
    void run(T value) throws Exception;
  }
}

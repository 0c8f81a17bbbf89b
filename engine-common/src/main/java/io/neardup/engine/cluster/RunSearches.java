package io.neardup.engine.cluster;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.engine.api.BucketsParams;
import io.neardup.engine.api.SketchesParams;
import java.util.List;
import java.util.Map;

/**
 * The searches a distributed clustering run makes, described free of any engine, and the {@link
 * DistributedClusters.Session} that makes the run's {@link ShardedRun.Reads reads} of them. An
 * engine opens the point in time and runs each {@link Search} under it ({@link Engine}); what the
 * searches are and what the run reads of their answers is written here once:
 *
 * <ul>
 *   <li>the count: size 0, total hits tracked;
 *   <li>one partition's band entries: size 0 with the {@code neardup_buckets} aggregation ({@link
 *       BucketsParams}), answered by every shard;
 *   <li>documents by number: the {@code neardup_shard_docs} query for them, as many hits as
 *       documents, sorted by {@code _shard_doc} (whose lower 32 bits are the document number), with
 *       the {@code neardup_sketches} extension ({@link SketchesParams}) and neither source nor
 *       stored fields.
 * </ul>
 *
 * Each search matches the run's query (all documents when it has none) within its point in time,
 * tracks no total hits unless it counts, and skips the request cache.
 */
public final class RunSearches {
  private RunSearches() {}

  /**
   * One search of a run: a count, a partition's band entries ({@code buckets}) or documents by
   * number ({@code docs}, read with {@code sketches}).
   */
  public record Search<S>(BucketsParams buckets, Map<S, int[]> docs, SketchesParams sketches) {
    /** Whether the search counts the matching documents. */
    public boolean count() {
      return buckets == null && docs == null;
    }

    /** The hits the search returns: one per document asked for. */
    public int size() {
      int n = 0;
      if (docs != null) {
        for (int[] d : docs.values()) {
          n += d.length;
        }
      }
      return n;
    }
  }

  /**
   * What the run reads of a search's response: the total of a count, the shards' band entries, or
   * the documents found.
   */
  public record Answer<S>(
      long total, List<ShardBuckets<S>> buckets, List<ShardedRun.FetchedDoc<S>> docs) {
    public static <S> Answer<S> count(long total) {
      return new Answer<>(total, List.of(), List.of());
    }

    public static <S> Answer<S> buckets(List<ShardBuckets<S>> buckets) {
      return new Answer<>(0, buckets, List.of());
    }

    public static <S> Answer<S> docs(List<ShardedRun.FetchedDoc<S>> docs) {
      return new Answer<>(0, List.of(), docs);
    }
  }

  /**
   * What an engine does for one request's run, on behalf of its task.
   *
   * @param <S> the engine's shard id
   * @param <P> the engine's point in time id
   * @param <Q> the engine's query
   */
  public interface Engine<S, P, Q> {
    /** Opens a point in time over the request's indexes. */
    void open(long keepAliveMillis, ShardedRun.Listener<P> listener);

    /**
     * Runs {@code search} under {@code pit} (extending it by {@code keepAliveMillis}) over the
     * documents matching {@code query} (null: all), and answers what the run reads of it (through
     * {@link DistributedClusters#answer}); fails if the task was cancelled.
     */
    void search(
        P pit, long keepAliveMillis, Q query, Search<S> search, ShardedRun.Listener<Answer<S>> l);
  }

  /** The session of a run whose reads are an engine's searches. */
  public static <S, P, Q> DistributedClusters.Session<S, P, Q> session(Engine<S, P, Q> engine) {
    return new DistributedClusters.Session<>() {
      @Override
      public void open(long keepAliveMillis, ShardedRun.Listener<P> listener) {
        engine.open(keepAliveMillis, listener);
      }

      @Override
      public ShardedRun.Reads<S> reads(P pit, long keepAliveMillis, String field, Q query) {
        return new Reads<>(engine, pit, keepAliveMillis, field, query);
      }
    };
  }

  private record Reads<S, P, Q>(
      Engine<S, P, Q> engine, P pit, long keepAliveMillis, String field, Q query)
      implements ShardedRun.Reads<S> {
    @Override
    public void count(ShardedRun.Listener<Long> listener) {
      run(new Search<>(null, null, null), listener, Answer::total);
    }

    @Override
    public void partition(
        int partition, int partitions, ShardedRun.Listener<List<ShardedRun.ShardPart<S>>> l) {
      run(
          new Search<>(new BucketsParams(field, partition, partitions), null, null),
          l,
          a -> ShardBuckets.parts(a.buckets()));
    }

    @Override
    public void fetch(
        Map<S, int[]> docs,
        CanonicalPolicy canonical,
        boolean shingles,
        ShardedRun.Listener<List<ShardedRun.FetchedDoc<S>>> listener) {
      run(
          new Search<>(null, docs, new SketchesParams(field, canonical, shingles)),
          listener,
          Answer::docs);
    }

    private <T> void run(
        Search<S> search,
        ShardedRun.Listener<T> listener,
        java.util.function.Function<Answer<S>, T> read) {
      engine.search(
          pit,
          keepAliveMillis,
          query,
          search,
          ShardedRun.Listener.of(
              answer -> {
                T value;
                try {
                  value = read.apply(answer);
                } catch (RuntimeException e) {
                  listener.onFailure(e);
                  return;
                }
                listener.onResponse(value);
              },
              listener::onFailure));
    }
  }
}

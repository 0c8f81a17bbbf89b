package io.neardup.engine.cluster;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.api.BucketsParams;
import io.neardup.engine.api.SketchesParams;
import io.neardup.engine.shard.HitSketchReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

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
 *       stored fields;
 *   <li>a page of documents' current assignments (reconcile): {@code size} hits sorted by {@code
 *       _shard_doc} after the last page's value, with their sequence numbers and primary terms, the
 *       doc values of the cluster and canonical fields ({@link Assignments}) and their ids from the
 *       {@code neardup} field's doc values ({@link SketchesParams#idsOnly}), no stored fields read;
 *   <li>ids of documents by number (those of a page without an id in doc values): the {@code
 *       neardup_shard_docs} query for them, sorted by {@code _shard_doc}, their stored {@code _id}
 *       without their source.
 * </ul>
 *
 * Each search matches the run's query (all documents when it has none) within its point in time,
 * tracks no total hits unless it counts, and skips the request cache.
 */
public final class RunSearches {
  private RunSearches() {}

  /**
   * One search of a run: a count, a partition's band entries ({@code buckets}), documents by number
   * ({@code docs}, read with {@code sketches}, or their stored ids when {@code sketches} is null)
   * or a page of current assignments (with {@code sketches} for their ids).
   */
  public record Search<S>(
      BucketsParams buckets, Map<S, int[]> docs, SketchesParams sketches, Assignments assignments) {
    /** Whether the search counts the matching documents. */
    public boolean count() {
      return buckets == null && docs == null && assignments == null;
    }

    /** The hits the search returns: one per document asked for, or a page of assignments. */
    public int size() {
      if (assignments != null) {
        return assignments.size();
      }
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
   * A page of current assignments.
   *
   * @param after the {@code _shard_doc} value of the last page's last hit, or null for the first
   * @param size hits per page
   * @param clusterField the field of each document's cluster id
   * @param canonicalField the field of its canonical flag, or null where no index maps it
   */
  public record Assignments(Long after, int size, String clusterField, String canonicalField) {
    /**
     * The fields whose doc values a page reads: the cluster field, and the canonical one if mapped.
     */
    public List<String> docValueFields() {
      return canonicalField == null ? List.of(clusterField) : List.of(clusterField, canonicalField);
    }
  }

  /**
   * A document's current assignment as a page of {@link Assignments} reads it.
   *
   * @param doc its document number on its shard
   * @param sort its {@code _shard_doc} value, after which the next page starts
   * @param cluster the doc value of its cluster field, or null
   * @param flag the doc value of its canonical field, or null
   */
  public record Current<S>(
      S shard,
      int doc,
      long sort,
      String index,
      String id,
      Object cluster,
      Object flag,
      long seqNo,
      long primaryTerm) {}

  /**
   * What the run reads of a search's response: the total of a count, the shards' band entries, the
   * documents found, or a page of current assignments.
   */
  public record Answer<S>(
      long total,
      List<ShardBuckets<S>> buckets,
      List<ShardedRun.FetchedDoc<S>> docs,
      List<Current<S>> current) {
    public static <S> Answer<S> count(long total) {
      return new Answer<>(total, List.of(), List.of(), List.of());
    }

    public static <S> Answer<S> buckets(List<ShardBuckets<S>> buckets) {
      return new Answer<>(0, buckets, List.of(), List.of());
    }

    public static <S> Answer<S> docs(List<ShardedRun.FetchedDoc<S>> docs) {
      return new Answer<>(0, List.of(), docs, List.of());
    }

    public static <S> Answer<S> current(List<Current<S>> current) {
      return new Answer<>(0, List.of(), List.of(), current);
    }
  }

  /**
   * A search hit as a run reads it, over an engine's hit.
   *
   * @param shardDoc the hit's {@code _shard_doc} sort value: the shard's position, then the
   *     document number
   * @param fields the values of the hit's field of a name (doc values, the sketches extension),
   *     null if it has none
   */
  public record Hit<S>(
      S shard,
      long shardDoc,
      String index,
      String id,
      Function<String, List<Object>> fields,
      long seqNo,
      long primaryTerm) {
    /** The values of a field the search asked for, empty if none. */
    public List<Object> values(String field) {
      List<Object> values = fields.apply(field);
      return values == null ? List.of() : values;
    }
  }

  /**
   * What the run reads of the response to {@code search}.
   *
   * @param total the response's total hits (read for a count only)
   * @param buckets the shards' results of the {@code neardup_buckets} aggregation, for a partition
   * @param hits the response's hits
   * @param sketchesField the hit field of the {@code neardup_sketches} extension
   */
  public static <S> Answer<S> answer(
      Search<S> search,
      long total,
      List<ShardBuckets<S>> buckets,
      List<? extends Hit<S>> hits,
      String sketchesField) {
    if (search.count()) {
      return Answer.count(total);
    }
    if (search.buckets() != null) {
      return Answer.buckets(buckets);
    }
    Assignments page = search.assignments();
    if (page != null || search.sketches() == null) {
      // a page of current assignments, or the stored ids of documents by number
      List<Current<S>> current = new ArrayList<>(hits.size());
      for (Hit<S> hit : hits) {
        current.add(
            new Current<>(
                hit.shard(),
                (int) hit.shardDoc(),
                hit.shardDoc(),
                hit.index(),
                idOf(hit, sketchesField),
                page == null ? null : first(hit.values(page.clusterField())),
                page == null || page.canonicalField() == null
                    ? null
                    : first(hit.values(page.canonicalField())),
                hit.seqNo(),
                hit.primaryTerm()));
      }
      return Answer.current(current);
    }
    List<ShardedRun.FetchedDoc<S>> docs = new ArrayList<>(hits.size());
    for (Hit<S> hit : hits) {
      docs.add(
          new ShardedRun.FetchedDoc<>(
              hit.shard(),
              (int) hit.shardDoc(),
              ShardedClusterer.Fetched.of(hit.index(), hit.values(sketchesField))));
    }
    return Answer.docs(docs);
  }

  /** A page's hit's id: from the field's doc values, else null (its stored id is read next). */
  private static String idOf(Hit<?> hit, String sketchesField) {
    if (hit.id() != null && !hit.id().isEmpty()) {
      return hit.id();
    }
    String id = HitSketchReader.idOf(hit.values(sketchesField));
    return id.isEmpty() ? null : id;
  }

  private static Object first(List<Object> values) {
    return values.isEmpty() ? null : values.get(0);
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
     * The failure to end with if the request's task was cancelled, else null: checked before each
     * search, so a run stops between round trips.
     */
    Exception cancelled();

    /**
     * Runs {@code search} under {@code pit} (extending it by {@code keepAliveMillis}) over the
     * documents matching {@code query} (null: all), and answers what the run reads of it (through
     * {@link DistributedClusters#answer}).
     */
    void search(
        P pit, long keepAliveMillis, Q query, Search<S> search, ShardedRun.Listener<Answer<S>> l);
  }

  /** The reads of a run under {@code pit}, of documents matching {@code query} (null: all). */
  public static <S, P, Q> Reads<S, P, Q> reads(
      Engine<S, P, Q> engine, P pit, long keepAliveMillis, String field, Q query) {
    return new Reads<>(engine, pit, keepAliveMillis, field, query);
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

  /** A run's reads as an engine's searches under one point in time. */
  public record Reads<S, P, Q>(
      Engine<S, P, Q> engine, P pit, long keepAliveMillis, String field, Q query)
      implements ShardedRun.Reads<S> {
    @Override
    public void count(ShardedRun.Listener<Long> listener) {
      run(new Search<>(null, null, null, null), listener, Answer::total);
    }

    @Override
    public void partition(
        int partition, int partitions, ShardedRun.Listener<List<ShardedRun.ShardPart<S>>> l) {
      run(
          new Search<>(new BucketsParams(field, partition, partitions), null, null, null),
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
          new Search<>(null, docs, new SketchesParams(field, canonical, shingles), null),
          listener,
          Answer::docs);
    }

    /**
     * A page of current assignments (reconcile), under the run's point in time; a hit whose id is
     * not in the field's doc values has a null id ({@link #ids} reads it).
     */
    public void assignments(Assignments page, ShardedRun.Listener<List<Current<S>>> listener) {
      run(
          new Search<>(null, null, SketchesParams.idsOnly(field, CanonicalPolicy.BEST_SCORE), page),
          listener,
          Answer::current);
    }

    /** The stored ids of documents by number (only index, id and document number are read). */
    public void ids(Map<S, int[]> docs, ShardedRun.Listener<List<Current<S>>> listener) {
      run(new Search<>(null, docs, null, null), listener, Answer::current);
    }

    private <T> void run(
        Search<S> search, ShardedRun.Listener<T> listener, Function<Answer<S>, T> read) {
      Exception cancelled = engine.cancelled();
      if (cancelled != null) {
        listener.onFailure(cancelled);
        return;
      }
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

package io.neardup.opensearch.clusters;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.cluster.GatheredClusters;
import io.neardup.cluster.ShardedClusterer;
import io.neardup.opensearch.collapse.CanonicalValues;
import io.neardup.opensearch.collapse.NearDupSketchFetchSubPhase;
import io.neardup.opensearch.collapse.NearDupSketchesBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.opensearch.action.search.CreatePitAction;
import org.opensearch.action.search.CreatePitRequest;
import org.opensearch.action.search.DeletePitAction;
import org.opensearch.action.search.DeletePitRequest;
import org.opensearch.action.search.SearchAction;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.common.document.DocumentField;
import org.opensearch.common.settings.Setting;
import org.opensearch.common.unit.TimeValue;
import org.opensearch.core.action.ActionListener;
import org.opensearch.core.common.breaker.CircuitBreaker;
import org.opensearch.core.common.unit.ByteSizeUnit;
import org.opensearch.core.common.unit.ByteSizeValue;
import org.opensearch.core.index.shard.ShardId;
import org.opensearch.core.tasks.TaskCancelledException;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.search.SearchHit;
import org.opensearch.search.builder.PointInTimeBuilder;
import org.opensearch.search.builder.SearchSourceBuilder;
import org.opensearch.search.fetch.StoredFieldsContext;
import org.opensearch.search.sort.SortBuilders;
import org.opensearch.tasks.CancellableTask;
import org.opensearch.tasks.Task;
import org.opensearch.transport.client.Client;

/**
 * The clustering API's run across the cluster, with the work on the data nodes and the coordinating
 * node's memory bounded by {@link #MEMORY_BUDGET_SETTING}, not by the index; as on Elasticsearch:
 *
 * <ol>
 *   <li>creates a point in time and counts the matching documents; chooses the number of partitions
 *       of the band-hash space so that one partition's entries fit half the budget;
 *   <li>per partition, one search with the {@link NearDupBucketsAggregationBuilder} aggregation:
 *       every shard reads its sketches and returns its band entries of the partition, sorted;
 *   <li>the coordinating node merge-joins them ({@link ShardedClusterer}) into candidate pairs and
 *       verifies them block by block, fetching only the sketches a block needs by document number
 *       ({@link NearDupShardDocsQueryBuilder}, through the {@code neardup_sketches} extension,
 *       sorted by {@code _shard_doc}, whose lower 32 bits are the document number);
 *   <li>orders the clusters, fetches the members of the requested page with their ids and canonical
 *       values, and picks each canonical by the policy.
 * </ol>
 *
 * <p>The budget is reserved on the request circuit breaker for the whole run, plus the union-find
 * as it grows beyond it. Cancellable between round trips. With {@code keep_alive} the clusters (a
 * few bytes per clustered document) and the point in time are kept in {@link KeptRuns}, and later
 * pages ({@code run}) read only their members.
 */
final class DistributedClustering {
  /** Coordinating-node memory for one clustering run (entries, candidates, a block's sketches). */
  static final Setting<ByteSizeValue> MEMORY_BUDGET_SETTING =
      Setting.byteSizeSetting(
          "neardup.clusters.memory_budget",
          new ByteSizeValue(64, ByteSizeUnit.MB),
          new ByteSizeValue(1, ByteSizeUnit.MB),
          new ByteSizeValue(1024, ByteSizeUnit.GB),
          Setting.Property.NodeScope,
          Setting.Property.Dynamic);

  /** How long the point in time of a run lives between two of its round trips, at least. */
  private static final TimeValue ROUND_TRIP_KEEP_ALIVE = TimeValue.timeValueMinutes(5);

  private static final String AGGREGATION = "neardup_buckets";

  private final String api;
  private final CircuitBreaker breaker;
  private final Executor executor;
  private final KeptRuns kept;

  DistributedClustering(String api, CircuitBreaker breaker, Executor executor, KeptRuns kept) {
    this.api = api;
    this.breaker = breaker;
    this.executor = executor;
    this.kept = kept;
  }

  /** Computes the clusters of a planned request and returns its page. */
  void run(
      Task task,
      Client client,
      NearDupClustersRequest request,
      SketchGathering.Plan plan,
      long budget,
      long start,
      ActionListener<NearDupClustersResponse> listener) {
    TimeValue keepAlive = pointInTimeKeepAlive(request.keepAlive());
    CreatePitRequest create = new CreatePitRequest(keepAlive, false, request.indices());
    create.setIndicesOptions(request.indicesOptions());
    client.execute(
        CreatePitAction.INSTANCE,
        create,
        ActionListener.wrap(
            created -> {
              String pit = created.getId();
              Reads reads =
                  new Reads(
                      task,
                      client,
                      pit,
                      keepAlive,
                      request.field(),
                      request.query(),
                      new ShardedClusterer(plan.settings(), plan.minSimilarity(), budget));
              // deletes the point in time unless the run is kept
              ActionListener<NearDupClustersResponse> closing =
                  ActionListener.runAfter(
                      listener,
                      () -> {
                        if (!reads.kept) {
                          close(client, pit);
                        }
                      });
              try {
                new Run(reads, request, plan, budget, start, closing).count();
              } catch (Exception e) {
                closing.onFailure(e);
              }
            },
            listener::onFailure));
  }

  /** Returns a page of a kept run. */
  void page(
      Task task,
      Client client,
      NearDupClustersRequest request,
      long start,
      ActionListener<NearDupClustersResponse> listener) {
    KeptRuns.Kept run = kept.get(request.run(), request.keepAlive());
    Reads reads =
        new Reads(
            task,
            client,
            run.pit(),
            pointInTimeKeepAlive(run.keepAlive()),
            run.field(),
            run.query(),
            run.core());
    reads.shards.addAll(run.shards());
    for (int i = 0; i < run.shards().size(); i++) {
      reads.shardOrdinals.put(run.shards().get(i), i);
    }
    reads.kept = true;
    page(
        reads,
        run.clusters(),
        run.canonical(),
        run.minSimilarity(),
        run.documents(),
        request,
        start,
        request.run(),
        listener);
  }

  private static TimeValue pointInTimeKeepAlive(TimeValue requested) {
    return requested == null || requested.compareTo(ROUND_TRIP_KEEP_ALIVE) < 0
        ? ROUND_TRIP_KEEP_ALIVE
        : requested;
  }

  static void close(Client client, String pit) {
    client.execute(
        DeletePitAction.INSTANCE, new DeletePitRequest(pit), ActionListener.wrap(r -> {}, e -> {}));
  }

  /** The reads of one run, under its point in time, and the shards it numbers documents by. */
  private final class Reads {
    final Task task;
    final Client client;
    final String pit;
    final TimeValue keepAlive;
    final String field;
    final QueryBuilder query;
    final ShardedClusterer core;
    final Map<ShardId, Integer> shardOrdinals = new HashMap<>();
    final List<ShardId> shards = new ArrayList<>();
    volatile boolean kept;

    Reads(
        Task task,
        Client client,
        String pit,
        TimeValue keepAlive,
        String field,
        QueryBuilder query,
        ShardedClusterer core) {
      this.task = task;
      this.client = client;
      this.pit = pit;
      this.keepAlive = keepAlive;
      this.field = field;
      this.query = query;
      this.core = core;
    }

    SearchSourceBuilder source() {
      return new SearchSourceBuilder()
          .query(query == null ? QueryBuilders.matchAllQuery() : query)
          .pointInTimeBuilder(new PointInTimeBuilder(pit).setKeepAlive(keepAlive));
    }

    /** Runs a search and hands its response to {@code then} on the executor. */
    void search(
        SearchSourceBuilder source,
        ActionListener<?> failures,
        CheckedConsumer<SearchResponse> then) {
      if (task instanceof CancellableTask c && c.isCancelled()) {
        failures.onFailure(new TaskCancelledException("cancelled: " + c.getReasonCancelled()));
        return;
      }
      client.execute(
          SearchAction.INSTANCE,
          new SearchRequest().source(source).requestCache(false),
          ActionListener.wrap(
              response -> {
                if (response.getFailedShards() > 0) {
                  throw new IllegalStateException(
                      "["
                          + api
                          + "] could not read every shard: "
                          + response.getShardFailures()[0].reason());
                }
                executor.execute(() -> {
                  try {
                    then.accept(response);
                  } catch (Exception e) {
                    failures.onFailure(e);
                  }
                });
              },
              failures::onFailure));
    }

    /** Reads the given documents' sketches (and canonical values, ids) by number. */
    void fetch(
        int[] docs,
        CanonicalPolicy canonical,
        ActionListener<?> failures,
        CheckedConsumer<Map<Integer, ShardedClusterer.Fetched>> then) {
      Map<ShardId, List<Integer>> byShard = new LinkedHashMap<>();
      for (int doc : docs) {
        byShard
            .computeIfAbsent(shards.get(core.shardOf(doc)), s -> new ArrayList<>())
            .add(core.docOf(doc));
      }
      List<NearDupShardDocsQueryBuilder.ShardDocs> wanted = new ArrayList<>(byShard.size());
      byShard.forEach((shard, numbers) ->
          wanted.add(
              new NearDupShardDocsQueryBuilder.ShardDocs(
                  shard, numbers.stream().mapToInt(Integer::intValue).toArray())));
      SearchSourceBuilder source =
          source()
              .query(new NearDupShardDocsQueryBuilder(wanted))
              .size(docs.length)
              .sort(SortBuilders.shardDocSort())
              .fetchSource(false)
              .storedField(StoredFieldsContext._NONE_)
              .trackTotalHits(false)
              .ext(List.of(new NearDupSketchesBuilder(field, canonical)));
      search(
          source,
          failures,
          response -> {
            Map<Integer, ShardedClusterer.Fetched> out = new HashMap<>(docs.length * 2);
            for (SearchHit hit : response.getHits().getHits()) {
              Integer shard = shardOrdinals.get(hit.getShard().getShardId());
              if (shard == null) {
                continue;
              }
              // _shard_doc: the shard's number, then the document number in its lower 32 bits
              int doc = (int) ((Number) hit.getSortValues()[0]).longValue();
              DocumentField f = hit.field(NearDupSketchFetchSubPhase.HIT_FIELD);
              List<Object> values = f == null ? List.of() : f.getValues();
              out.put(
                  core.dense(shard, doc),
                  new ShardedClusterer.Fetched(
                      hit.getIndex(),
                      values.size() > 2 ? (String) values.get(2) : "",
                      values.isEmpty() ? null : (byte[]) values.get(0),
                      CanonicalValues.of(f)));
            }
            then.accept(out);
          });
    }
  }

  /** One computation: count, partitions, blocks, then the first page. */
  private final class Run {
    private final Reads reads;
    private final ShardedClusterer core;
    private final NearDupClustersRequest request;
    private final SketchGathering.Plan plan;
    private final long budget;
    private final long start;
    private final ActionListener<NearDupClustersResponse> listener;
    private long reserved;
    private int documents;
    private int partitions;
    private int partition;

    Run(
        Reads reads,
        NearDupClustersRequest request,
        SketchGathering.Plan plan,
        long budget,
        long start,
        ActionListener<NearDupClustersResponse> listener) {
      this.reads = reads;
      this.core = reads.core;
      this.request = request;
      this.plan = plan;
      this.budget = budget;
      this.start = start;
      this.listener = ActionListener.runBefore(listener, this::release);
    }

    void count() {
      breaker.addEstimateBytesAndMaybeBreak(budget, "neardup_clusters");
      reserved = budget;
      reads.search(
          reads.source().size(0).trackTotalHits(true),
          listener,
          response -> {
            long total = response.getHits().getTotalHits().value();
            if (total > Integer.MAX_VALUE - 8) {
              throw new IllegalArgumentException(
                  "["
                      + api
                      + "] can cluster at most 2^31 documents per request, the query matches "
                      + total
                      + ": narrow it with [query]");
            }
            documents = (int) total;
            partitions =
                ShardedClusterer.partitions(documents, plan.settings().banding().bands(), budget);
            nextPartition();
          });
    }

    private void nextPartition() {
      if (partition == partitions) {
        finish();
        return;
      }
      SearchSourceBuilder source =
          reads
              .source()
              .size(0)
              .trackTotalHits(false)
              .aggregation(
                  new NearDupBucketsAggregationBuilder(
                      AGGREGATION, request.field(), partition, partitions));
      reads.search(
          source,
          listener,
          response -> {
            InternalNearDupBuckets buckets = response.getAggregations().get(AGGREGATION);
            List<InternalNearDupBuckets.ShardPart> parts = new ArrayList<>(buckets.parts());
            if (partition == 0) {
              declareShards(parts);
            }
            core.startPartition();
            for (InternalNearDupBuckets.ShardPart part : parts) {
              Integer ordinal = reads.shardOrdinals.get(part.shardId());
              if (ordinal == null) {
                throw new IllegalStateException(
                    "["
                        + api
                        + "] shard "
                        + part.shardId()
                        + " appeared in partition "
                        + partition);
              }
              core.add(ordinal, part.entries());
            }
            partition++;
            nextBlock();
          });
    }

    private void declareShards(List<InternalNearDupBuckets.ShardPart> parts) {
      parts.sort(
          Comparator.comparing((InternalNearDupBuckets.ShardPart p) -> p.shardId().getIndexName())
              .thenComparingInt(p -> p.shardId().id()));
      int[] maxDocs = new int[parts.size()];
      for (InternalNearDupBuckets.ShardPart p : parts) {
        if (reads.shardOrdinals.putIfAbsent(p.shardId(), reads.shards.size()) == null) {
          maxDocs[reads.shards.size()] = p.maxDoc();
          reads.shards.add(p.shardId());
        }
      }
      core.shards(Arrays.copyOf(maxDocs, reads.shards.size()));
    }

    private void nextBlock() {
      // a block names at least the two documents of one pair
      int[] docs = core.nextBlock(Math.max(2, request.batchSize()));
      if (docs == null) {
        nextPartition();
        return;
      }
      reads.fetch(
          docs,
          CanonicalPolicy.BEST_SCORE,
          listener,
          fetched -> {
            byte[][] sketches = new byte[docs.length][];
            for (int i = 0; i < docs.length; i++) {
              ShardedClusterer.Fetched f = fetched.get(docs[i]);
              sketches[i] = f == null ? null : f.sketch();
            }
            core.verify(docs, sketches);
            long used = core.ramBytesUsed();
            if (used > reserved) {
              breaker.addEstimateBytesAndMaybeBreak(used - reserved, "neardup_clusters");
              reserved = used;
            }
            nextBlock();
          });
    }

    private void finish() {
      ShardedClusterer.Clusters clusters = core.finish();
      release();
      String id = null;
      if (request.keepAlive() != null) {
        id =
            kept.keep(
                reads.pit,
                request.keepAlive(),
                request.field(),
                request.query(),
                request.canonical(),
                plan.minSimilarity(),
                documents,
                core,
                clusters,
                List.copyOf(reads.shards));
        reads.kept = true;
      }
      page(
          reads,
          clusters,
          request.canonical(),
          plan.minSimilarity(),
          documents,
          request,
          start,
          id,
          listener);
    }

    private void release() {
      if (reserved > 0) {
        breaker.addWithoutBreaking(-reserved);
        reserved = 0;
      }
    }
  }

  /** Fetches the members of the page's clusters and responds with the page. */
  private void page(
      Reads reads,
      ShardedClusterer.Clusters clusters,
      CanonicalPolicy canonical,
      double minSimilarity,
      int documents,
      NearDupClustersRequest request,
      long start,
      String run,
      ActionListener<NearDupClustersResponse> listener) {
    int n = clusters.count();
    int from = Math.min(request.from(), n);
    int to = (int) Math.min(n, (long) request.from() + request.size());
    List<Integer> members = new ArrayList<>();
    for (int c = from; c < to; c++) {
      for (int doc : clusters.members(c)) {
        members.add(doc);
      }
    }
    members.sort(Integer::compare);
    Map<Integer, ShardedClusterer.Fetched> fetched = new HashMap<>();
    fetchAll(
        reads,
        members,
        0,
        Math.max(2, request.batchSize()),
        canonical,
        fetched,
        listener,
        () -> {
          List<NearDupClustersResponse.Cluster> out = new ArrayList<>(to - from);
          for (int c = from; c < to; c++) {
            GatheredClusters.Group g = clusters.group(c, fetched::get, canonical, reads.core);
            List<NearDupClustersResponse.Member> copies = new ArrayList<>(g.copies().size());
            for (GatheredClusters.Member m : g.copies()) {
              copies.add(member(m));
            }
            out.add(new NearDupClustersResponse.Cluster(member(g.canonical()), copies));
          }
          listener.onResponse(
              new NearDupClustersResponse(
                  (System.nanoTime() - start) / 1_000_000,
                  minSimilarity,
                  documents,
                  clusters.clusteredDocuments(),
                  n,
                  from,
                  out,
                  run));
        });
  }

  /** Fetches the documents {@code members[offset..]} in batches into {@code into}. */
  private void fetchAll(
      Reads reads,
      List<Integer> members,
      int offset,
      int batch,
      CanonicalPolicy canonical,
      Map<Integer, ShardedClusterer.Fetched> into,
      ActionListener<?> failures,
      CheckedRunnable then) {
    if (offset >= members.size()) {
      executor.execute(() -> {
        try {
          then.run();
        } catch (Exception e) {
          failures.onFailure(e);
        }
      });
      return;
    }
    int end = Math.min(members.size(), offset + batch);
    int[] docs = members.subList(offset, end).stream().mapToInt(Integer::intValue).toArray();
    reads.fetch(
        docs,
        canonical,
        failures,
        fetched -> {
          into.putAll(fetched);
          fetchAll(reads, members, end, batch, canonical, into, failures, then);
        });
  }

  private static NearDupClustersResponse.Member member(GatheredClusters.Member m) {
    return new NearDupClustersResponse.Member(m.index(), m.id(), m.similarity());
  }

  @FunctionalInterface
  interface CheckedConsumer<T> {
    void accept(T t) throws Exception;
  }

  @FunctionalInterface
  interface CheckedRunnable {
    void run() throws Exception;
  }
}

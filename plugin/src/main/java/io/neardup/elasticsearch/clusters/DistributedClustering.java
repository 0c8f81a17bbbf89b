package io.neardup.elasticsearch.clusters;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.cluster.GatheredClusters;
import io.neardup.cluster.ShardedClusterer;
import io.neardup.elasticsearch.collapse.CanonicalValues;
import io.neardup.elasticsearch.collapse.NearDupSketchFetchSubPhase;
import io.neardup.elasticsearch.collapse.NearDupSketchesBuilder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.search.SearchRequest;
import org.elasticsearch.action.search.SearchResponse;
import org.elasticsearch.action.search.TransportSearchAction;
import org.elasticsearch.client.internal.Client;
import org.elasticsearch.common.breaker.CircuitBreaker;
import org.elasticsearch.common.bytes.BytesReference;
import org.elasticsearch.common.document.DocumentField;
import org.elasticsearch.common.settings.Setting;
import org.elasticsearch.common.unit.ByteSizeValue;
import org.elasticsearch.index.shard.ShardId;
import org.elasticsearch.search.SearchHit;
import org.elasticsearch.search.builder.SearchSourceBuilder;
import org.elasticsearch.search.fetch.StoredFieldsContext;
import org.elasticsearch.search.sort.SortBuilders;
import org.elasticsearch.tasks.CancellableTask;
import org.elasticsearch.tasks.Task;
import org.elasticsearch.tasks.TaskCancelledException;

/**
 * The clustering API's run across the cluster, with the work on the data nodes and the coordinating
 * node's memory bounded by {@link #MEMORY_BUDGET_SETTING}, not by the index:
 *
 * <ol>
 *   <li>opens a point in time and counts the matching documents; chooses the number of partitions
 *       of the band-hash space so that one partition's entries fit half the budget;
 *   <li>per partition, one search with the {@link NearDupBucketsAggregationBuilder} aggregation:
 *       every shard reads its sketches and returns its band entries of the partition, sorted;
 *   <li>the coordinating node merge-joins them ({@link ShardedClusterer}) into candidate pairs and
 *       verifies them block by block, fetching only the sketches a block needs by document number
 *       ({@link NearDupShardDocsQueryBuilder}, through the {@code neardup_sketches} extension);
 *   <li>orders the clusters, fetches the members of the requested page with their ids and canonical
 *       values, and picks each canonical by the policy.
 * </ol>
 *
 * The budget is reserved on the request circuit breaker for the whole run, plus the union-find as
 * it grows beyond it. Cancellable between round trips.
 */
final class DistributedClustering {
  /** Coordinating-node memory for one clustering run (entries, candidates, a block's sketches). */
  static final Setting<ByteSizeValue> MEMORY_BUDGET_SETTING =
      Setting.byteSizeSetting(
          "neardup.clusters.memory_budget",
          ByteSizeValue.ofMb(64),
          ByteSizeValue.ofMb(1),
          ByteSizeValue.ofGb(1024),
          Setting.Property.NodeScope,
          Setting.Property.Dynamic);

  private static final String AGGREGATION = "neardup_buckets";

  private final String api;
  private final CircuitBreaker breaker;
  private final Executor executor;

  DistributedClustering(String api, CircuitBreaker breaker, Executor executor) {
    this.api = api;
    this.breaker = breaker;
    this.executor = executor;
  }

  /** One run. */
  void run(
      Task task,
      Client client,
      Client taskClient,
      NearDupClustersRequest request,
      SketchGathering.Plan plan,
      long budget,
      long start,
      ActionListener<NearDupClustersResponse> listener) {
    SketchGathering.withPointInTime(
        client,
        taskClient,
        request,
        listener,
        (pit, closing) ->
            new Run(task, taskClient, request, plan, pit, budget, start, closing).count());
  }

  private final class Run {
    private final Task task;
    private final Client client;
    private final NearDupClustersRequest request;
    private final SketchGathering.Plan plan;
    private final BytesReference pit;
    private final long budget;
    private final long start;
    private final ActionListener<NearDupClustersResponse> listener;
    private final ShardedClusterer core;
    private final Map<ShardId, Integer> shardOrdinals = new HashMap<>();
    private final List<ShardId> shards = new ArrayList<>();
    private long reserved;
    private int documents;
    private int partitions;
    private int partition;

    Run(
        Task task,
        Client client,
        NearDupClustersRequest request,
        SketchGathering.Plan plan,
        BytesReference pit,
        long budget,
        long start,
        ActionListener<NearDupClustersResponse> listener) {
      this.task = task;
      this.client = client;
      this.request = request;
      this.plan = plan;
      this.pit = pit;
      this.budget = budget;
      this.start = start;
      this.listener = ActionListener.runAfter(listener, this::release);
      this.core = new ShardedClusterer(plan.settings(), plan.minSimilarity(), budget);
    }

    void count() {
      breaker.addEstimateBytesAndMaybeBreak(budget, "neardup_clusters");
      reserved = budget;
      search(
          SketchGathering.source(request, pit).size(0).trackTotalHits(true),
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
          SketchGathering.source(request, pit)
              .size(0)
              .trackTotalHits(false)
              .aggregation(
                  new NearDupBucketsAggregationBuilder(
                      AGGREGATION, request.field(), partition, partitions));
      search(
          source,
          response -> {
            InternalNearDupBuckets buckets = response.getAggregations().get(AGGREGATION);
            List<InternalNearDupBuckets.ShardPart> parts = new ArrayList<>(buckets.parts());
            if (partition == 0) {
              declareShards(parts);
            }
            core.startPartition();
            for (InternalNearDupBuckets.ShardPart part : parts) {
              Integer ordinal = shardOrdinals.get(part.shardId());
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
        if (shardOrdinals.putIfAbsent(p.shardId(), shards.size()) == null) {
          maxDocs[shards.size()] = p.maxDoc();
          shards.add(p.shardId());
        }
      }
      core.shards(java.util.Arrays.copyOf(maxDocs, shards.size()));
    }

    private void nextBlock() {
      // a block names at least the two documents of one pair
      int[] docs = core.nextBlock(Math.max(2, request.batchSize()));
      if (docs == null) {
        nextPartition();
        return;
      }
      fetch(
          docs,
          CanonicalPolicy.BEST_SCORE,
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
          members,
          0,
          fetched,
          () -> {
            List<NearDupClustersResponse.Cluster> out = new ArrayList<>(to - from);
            for (int c = from; c < to; c++) {
              GatheredClusters.Group g = clusters.group(c, fetched::get, request.canonical(), core);
              List<NearDupClustersResponse.Member> copies = new ArrayList<>(g.copies().size());
              for (GatheredClusters.Member m : g.copies()) {
                copies.add(member(m));
              }
              out.add(new NearDupClustersResponse.Cluster(member(g.canonical()), copies));
            }
            listener.onResponse(
                new NearDupClustersResponse(
                    (System.nanoTime() - start) / 1_000_000,
                    plan.minSimilarity(),
                    documents,
                    clusters.clusteredDocuments(),
                    n,
                    from,
                    out));
          });
    }

    /** Fetches the documents {@code members[offset..]} in batches into {@code into}. */
    private void fetchAll(
        List<Integer> members,
        int offset,
        Map<Integer, ShardedClusterer.Fetched> into,
        CheckedRunnable then) {
      if (offset >= members.size()) {
        executor.execute(() -> guarded(then));
        return;
      }
      int end = Math.min(members.size(), offset + request.batchSize());
      int[] docs = members.subList(offset, end).stream().mapToInt(Integer::intValue).toArray();
      fetch(
          docs,
          request.canonical(),
          fetched -> {
            into.putAll(fetched);
            fetchAll(members, end, into, then);
          });
    }

    /** Reads the given documents' sketches (and canonical values, ids) by number. */
    private void fetch(
        int[] docs,
        CanonicalPolicy canonical,
        CheckedConsumer<Map<Integer, ShardedClusterer.Fetched>> then) {
      Map<ShardId, List<Integer>> byShard = new LinkedHashMap<>();
      for (int doc : docs) {
        byShard
            .computeIfAbsent(shards.get(core.shardOf(doc)), s -> new ArrayList<>())
            .add(core.docOf(doc));
      }
      List<NearDupShardDocsQueryBuilder.ShardDocs> query = new ArrayList<>(byShard.size());
      byShard.forEach((shard, numbers) ->
          query.add(
              new NearDupShardDocsQueryBuilder.ShardDocs(
                  shard, numbers.stream().mapToInt(Integer::intValue).toArray())));
      SearchSourceBuilder source =
          SketchGathering.source(request, pit)
              .query(new NearDupShardDocsQueryBuilder(query))
              .size(docs.length)
              .sort(SortBuilders.pitTiebreaker())
              .fetchSource(false)
              .storedField(StoredFieldsContext._NONE_)
              .trackTotalHits(false)
              .ext(List.of(new NearDupSketchesBuilder(request.field(), canonical)));
      search(
          source,
          response -> {
            Map<Integer, ShardedClusterer.Fetched> out = new HashMap<>(docs.length * 2);
            for (SearchHit hit : response.getHits().getHits()) {
              Integer shard = shardOrdinals.get(hit.getShard().getShardId());
              if (shard == null) {
                continue;
              }
              // _shard_doc: the shard's position in the point in time, then the document number
              int doc = (int) ((Long) hit.getSortValues()[0]).longValue();
              DocumentField field = hit.field(NearDupSketchFetchSubPhase.HIT_FIELD);
              List<Object> values = field == null ? List.of() : field.getValues();
              out.put(
                  core.dense(shard, doc),
                  new ShardedClusterer.Fetched(
                      hit.getIndex(),
                      values.size() > 2 ? (String) values.get(2) : "",
                      values.isEmpty() ? null : (byte[]) values.get(0),
                      CanonicalValues.of(field)));
            }
            then.accept(out);
          });
    }

    /** Runs a search of the run and hands its response to {@code then} on the executor. */
    private void search(SearchSourceBuilder source, CheckedConsumer<SearchResponse> then) {
      if (task instanceof CancellableTask c && c.isCancelled()) {
        listener.onFailure(new TaskCancelledException("cancelled: " + c.getReasonCancelled()));
        return;
      }
      client.execute(
          TransportSearchAction.TYPE,
          new SearchRequest().source(source).requestCache(false),
          listener.delegateFailureAndWrap((l, response) -> {
            if (response.getFailedShards() > 0) {
              throw new IllegalStateException(
                  "["
                      + api
                      + "] could not read every shard: "
                      + response.getShardFailures()[0].reason());
            }
            response.mustIncRef();
            executor.execute(() -> {
              try {
                then.accept(response);
              } catch (Exception e) {
                listener.onFailure(e);
              } finally {
                response.decRef();
              }
            });
          }));
    }

    private void guarded(CheckedRunnable r) {
      try {
        r.run();
      } catch (Exception e) {
        listener.onFailure(e);
      }
    }

    private void release() {
      if (reserved > 0) {
        breaker.addWithoutBreaking(-reserved);
        reserved = 0;
      }
    }
  }

  private static NearDupClustersResponse.Member member(GatheredClusters.Member m) {
    return new NearDupClustersResponse.Member(m.index(), m.id(), m.similarity());
  }

  @FunctionalInterface
  private interface CheckedConsumer<T> {
    void accept(T t) throws Exception;
  }

  @FunctionalInterface
  private interface CheckedRunnable {
    void run() throws Exception;
  }
}

package io.neardup.elasticsearch.reconcile;

import io.neardup.elasticsearch.clusters.SketchGathering;
import io.neardup.elasticsearch.mapper.MappedFields;
import io.neardup.engine.api.ReconcileProgress;
import io.neardup.engine.api.ReconcileResult;
import io.neardup.engine.cluster.GatheredClusters;
import io.neardup.engine.cluster.Reassignment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.ActionType;
import org.elasticsearch.action.admin.indices.refresh.RefreshRequest;
import org.elasticsearch.action.bulk.BulkItemResponse;
import org.elasticsearch.action.bulk.BulkRequest;
import org.elasticsearch.action.support.ActionFilters;
import org.elasticsearch.action.support.HandledTransportAction;
import org.elasticsearch.action.update.UpdateRequest;
import org.elasticsearch.client.internal.Client;
import org.elasticsearch.client.internal.ParentTaskAssigningClient;
import org.elasticsearch.client.internal.node.NodeClient;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.cluster.metadata.IndexNameExpressionResolver;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.common.breaker.CircuitBreaker;
import org.elasticsearch.common.document.DocumentField;
import org.elasticsearch.common.util.concurrent.EsExecutors;
import org.elasticsearch.index.Index;
import org.elasticsearch.indices.breaker.CircuitBreakerService;
import org.elasticsearch.injection.guice.Inject;
import org.elasticsearch.search.SearchHit;
import org.elasticsearch.search.builder.SearchSourceBuilder;
import org.elasticsearch.tasks.Task;
import org.elasticsearch.tasks.TaskCancelledException;
import org.elasticsearch.threadpool.ThreadPool;
import org.elasticsearch.transport.TransportService;

/**
 * The reconcile API on the node that receives it: recomputes the near-duplicate clusters exactly as
 * the clustering API does ({@link SketchGathering}: one snapshot, the one clustering core), names
 * them after the ids their members already carry ({@link Reassignment}, {@link
 * io.neardup.cluster.StableClusterIds}), and writes the cluster id and canonical flag of every
 * document whose assignment differs, with bulk partial updates of {@code batch_size} documents, one
 * bulk at a time.
 *
 * <p>Each update is conditional on the sequence number read from the snapshot: a document changed
 * or deleted since is left alone and reported as a failure (run reconcile again). Partial updates
 * do not run ingest pipelines, so the {@code neardup} processor does not reassign them. The task is
 * cancellable between batches; its {@link NearDupReconcileStatus} shows the progress.
 */
public final class TransportNearDupReconcileAction
    extends HandledTransportAction<NearDupReconcileRequest, NearDupReconcileResponse> {
  /** The action. */
  public static final ActionType<NearDupReconcileResponse> TYPE =
      new ActionType<>("indices:data/write/neardup/reconcile");

  static final String API = "_neardup/reconcile";

  private final NodeClient client;
  private final ClusterService clusterService;
  private final SketchGathering gathering;
  private final MappedFields mappings = new MappedFields();

  @Inject
  public TransportNearDupReconcileAction(
      TransportService transportService,
      ActionFilters actionFilters,
      NodeClient client,
      ClusterService clusterService,
      IndexNameExpressionResolver resolver,
      CircuitBreakerService breakers) {
    super(
        TYPE.name(),
        transportService,
        actionFilters,
        NearDupReconcileRequest::new,
        EsExecutors.DIRECT_EXECUTOR_SERVICE);
    this.client = client;
    this.clusterService = clusterService;
    this.gathering =
        new SketchGathering(
            API,
            client,
            clusterService,
            resolver,
            breakers.getBreaker(CircuitBreaker.REQUEST),
            transportService.getThreadPool().executor(ThreadPool.Names.GENERIC));
  }

  @Override
  protected void doExecute(
      Task task,
      NearDupReconcileRequest request,
      ActionListener<NearDupReconcileResponse> listener) {
    long start = System.nanoTime();
    SketchGathering.Plan plan;
    boolean canonicalMapped;
    try {
      plan = gathering.plan(request.clusters());
      canonicalMapped = checkTargets(plan, request);
    } catch (RuntimeException e) {
      listener.onFailure(e);
      return;
    }
    ReconcileTask progress = (ReconcileTask) task;
    Client taskClient = new ParentTaskAssigningClient(client, clusterService.localNode(), task);
    gathering.run(
        task,
        request.clusters(),
        plan,
        new Reading(progress, request, canonicalMapped),
        listener.delegateFailureAndWrap((l, changes) ->
            new Writing(progress, taskClient, request, plan, changes, start, l).next()));
  }

  /**
   * Checks that {@code cluster_field} is a keyword field in every index, and {@code
   * canonical_field} a boolean wherever it is mapped (unmapped, dynamic mapping makes it one).
   *
   * @return whether some index maps {@code canonical_field}
   */
  private boolean checkTargets(SketchGathering.Plan plan, NearDupReconcileRequest request) {
    boolean canonicalMapped = false;
    for (Index index : plan.indices()) {
      IndexMetadata metadata = clusterService.state().metadata().getProject().index(index);
      if (metadata == null) {
        continue;
      }
      checkType(metadata, "cluster_field", request.clusterField(), "keyword", true);
      canonicalMapped |=
          checkType(metadata, "canonical_field", request.canonicalField(), "boolean", false);
    }
    return canonicalMapped;
  }

  private boolean checkType(
      IndexMetadata metadata, String param, String path, String expected, boolean required) {
    return mappings.checkType(metadata, "[" + API + "]", param, path, expected, required);
  }

  /** A document whose assignment changes. */
  /** What the clustering found. */
  private record Changes(int documents, int clusters, List<Reassignment.Write> changes) {}

  /** Reads each document's current assignment next to its sketch, then recomputes it. */
  private static final class Reading implements SketchGathering.Reader<Changes> {
    private final ReconcileTask task;
    private final NearDupReconcileRequest request;
    private final boolean canonicalMapped;
    private Reassignment reassignment;

    Reading(ReconcileTask task, NearDupReconcileRequest request, boolean canonicalMapped) {
      this.task = task;
      this.request = request;
      this.canonicalMapped = canonicalMapped;
    }

    @Override
    public void source(SearchSourceBuilder source) {
      source.docValueField(request.clusterField()).seqNoAndPrimaryTerm(true);
      if (canonicalMapped) {
        source.docValueField(request.canonicalField());
      }
    }

    @Override
    public long bytesPerDocument() {
      return Reassignment.bytesPerDocument();
    }

    @Override
    public void start(int documents) {
      reassignment = new Reassignment(documents);
      task.progress().total(documents);
    }

    @Override
    public void hit(SearchHit hit, int doc) {
      DocumentField cluster = hit.field(request.clusterField());
      DocumentField flag = hit.field(request.canonicalField());
      reassignment.current(
          doc,
          cluster == null || cluster.getValue() == null ? null : cluster.getValue().toString(),
          flag == null || flag.getValue() == null ? null : Boolean.TRUE.equals(flag.getValue()),
          hit.getSeqNo(),
          hit.getPrimaryTerm());
      task.progress().read();
    }

    @Override
    public Changes finish(GatheredClusters clusters) throws IOException {
      task.progress().phase(ReconcileProgress.Phase.CLUSTERING);
      List<Reassignment.Write> changes = reassignment.writes(clusters, !request.canonicalGiven());
      int found = clusters.page(0, 0).totalClusters();
      task.progress().clustered(found, changes.size());
      return new Changes(clusters.documents(), found, changes);
    }
  }

  /** Writes the changes one bulk request at a time, then refreshes if asked. */
  private static final class Writing {
    private final ReconcileTask task;
    private final Client client;
    private final NearDupReconcileRequest request;
    private final SketchGathering.Plan plan;
    private final Changes changes;
    private final long start;
    private final ActionListener<NearDupReconcileResponse> listener;
    private final List<ReconcileResult.Failure> failures = new ArrayList<>();
    private int next;
    private long updated;
    private long failed;

    Writing(
        ReconcileTask task,
        Client client,
        NearDupReconcileRequest request,
        SketchGathering.Plan plan,
        Changes changes,
        long start,
        ActionListener<NearDupReconcileResponse> listener) {
      this.task = task;
      this.client = client;
      this.request = request;
      this.plan = plan;
      this.changes = changes;
      this.start = start;
      this.listener = listener;
    }

    void next() {
      if (task.isCancelled()) {
        listener.onFailure(new TaskCancelledException("cancelled: " + task.getReasonCancelled()));
        return;
      }
      List<Reassignment.Write> all = changes.changes();
      if (request.dryRun() || next >= all.size()) {
        refresh();
        return;
      }
      int end = Math.min(all.size(), next + request.clusters().params().batchSize());
      BulkRequest bulk = new BulkRequest();
      for (Reassignment.Write c : all.subList(next, end)) {
        Map<String, Object> doc = new HashMap<>(2);
        doc.put(request.clusterField(), c.clusterId());
        doc.put(request.canonicalField(), c.canonical());
        bulk.add(
            new UpdateRequest(c.index(), c.id())
                .doc(doc)
                .setIfSeqNo(c.seqNo())
                .setIfPrimaryTerm(c.primaryTerm()));
      }
      next = end;
      client.bulk(
          bulk,
          listener.delegateFailureAndWrap((l, response) -> {
            long ok = 0;
            long bad = 0;
            for (BulkItemResponse item : response.getItems()) {
              if (item.isFailed()) {
                bad++;
                if (failures.size() < ReconcileResult.MAX_FAILURES) {
                  failures.add(
                      new ReconcileResult.Failure(
                          item.getIndex(), item.getId(), item.getFailureMessage()));
                }
              } else {
                ok++;
              }
            }
            updated += ok;
            failed += bad;
            task.progress().written(ok, bad);
            next();
          }));
    }

    private void refresh() {
      if (!request.refresh() || request.dryRun() || updated == 0) {
        respond();
        return;
      }
      task.progress().phase(ReconcileProgress.Phase.REFRESHING);
      String[] names = new String[plan.indices().length];
      for (int i = 0; i < names.length; i++) {
        names[i] = plan.indices()[i].getName();
      }
      client
          .admin()
          .indices()
          .refresh(new RefreshRequest(names), listener.delegateFailureAndWrap((l, r) -> respond()));
    }

    private void respond() {
      listener.onResponse(
          new NearDupReconcileResponse(
              new ReconcileResult(
                  (System.nanoTime() - start) / 1_000_000,
                  request.dryRun(),
                  plan.minSimilarity(),
                  changes.documents(),
                  changes.clusters(),
                  changes.changes().size(),
                  updated,
                  failed,
                  failures)));
    }
  }
}

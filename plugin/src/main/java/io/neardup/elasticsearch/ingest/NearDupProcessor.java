package io.neardup.elasticsearch.ingest;

import io.neardup.elasticsearch.mapper.MappedFields;
import io.neardup.engine.api.LookupParams;
import io.neardup.engine.ingest.IndexWrites;
import io.neardup.engine.ingest.NearDupIngest;
import io.neardup.engine.ingest.SketchedText;
import io.neardup.engine.param.NearDupMappings;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.admin.indices.refresh.RefreshRequest;
import org.elasticsearch.action.get.MultiGetItemResponse;
import org.elasticsearch.action.get.MultiGetRequest;
import org.elasticsearch.action.search.SearchRequest;
import org.elasticsearch.action.search.ShardSearchFailure;
import org.elasticsearch.action.update.UpdateRequest;
import org.elasticsearch.client.internal.Client;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.cluster.metadata.ProjectId;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.common.UUIDs;
import org.elasticsearch.index.query.QueryBuilders;
import org.elasticsearch.ingest.AbstractProcessor;
import org.elasticsearch.ingest.ConfigurationUtils;
import org.elasticsearch.ingest.IngestDocument;
import org.elasticsearch.ingest.Processor;
import org.elasticsearch.search.SearchHit;
import org.elasticsearch.search.builder.SearchSourceBuilder;
import org.elasticsearch.search.fetch.subphase.FetchSourceContext;
import org.elasticsearch.search.sort.SortBuilders;

/**
 * The {@code neardup} ingest processor: assigns each document to a near-duplicate cluster when it
 * is indexed.
 *
 * <pre>{@code
 * { "neardup": { "field": "body", "neardup_field": "body.dup",
 *                "cluster_field": "neardup_cluster", "canonical_field": "neardup_canonical" } }
 * }</pre>
 *
 * <p>For each document it sketches the text of {@code field} with the settings of the {@code
 * neardup} field {@code neardup_field} of the target index, then looks for near-duplicates: first
 * among the sketches this node processed recently (copies in the same bulk or not yet refreshed),
 * else with a search of the index (band candidates verified by sketch, as the {@code neardup} query
 * does; documents that wait for a search at the same time share one, whose shards run {@link
 * NearDupLookupAggregationBuilder}). A document with a near-duplicate joins its cluster ({@code
 * cluster_field} = that cluster's id, {@code canonical_field} = false); a document without one
 * starts a cluster whose id is its own {@code _id} (a fresh id when the request has none yet) and
 * is its canonical. The search runs asynchronously: the ingest thread never waits for it.
 */
public final class NearDupProcessor extends AbstractProcessor {
  /** The processor's type name. */
  public static final String TYPE = NearDupIngest.TYPE;

  private static final String LOOKUP = "neardup_lookup";

  private final String field;
  private final String nearDupField;
  private final String clusterField;
  private final String canonicalField;
  private final boolean ignoreMissing;
  private final ProjectId projectId;
  private final Client client;
  private final ClusterService clusterService;
  private final MappedFields mappedFields;
  private final NearDupIngest ingest;

  NearDupProcessor(
      String tag,
      String description,
      String field,
      String nearDupField,
      String clusterField,
      String canonicalField,
      boolean ignoreMissing,
      ProjectId projectId,
      Client client,
      ClusterService clusterService,
      MappedFields mappedFields,
      NearDupIngest ingest) {
    super(tag, description);
    this.field = field;
    this.nearDupField = nearDupField;
    this.clusterField = clusterField;
    this.canonicalField = canonicalField;
    this.ignoreMissing = ignoreMissing;
    this.projectId = projectId;
    this.client = client;
    this.clusterService = clusterService;
    this.mappedFields = mappedFields;
    this.ingest = ingest;
  }

  @Override
  public String getType() {
    return TYPE;
  }

  @Override
  public boolean isAsync() {
    return true;
  }

  @Override
  public IngestDocument execute(IngestDocument document) {
    throw new UnsupportedOperationException("the [neardup] processor runs asynchronously");
  }

  @Override
  public void execute(IngestDocument document, BiConsumer<IngestDocument, Exception> handler) {
    final String index;
    final NearDupFieldMapping mapping;
    final SketchedText sketched;
    try {
      index = document.getMetadata().getIndex();
      mapping = resolve(index);
      Object value = document.getFieldValue(field, Object.class, true);
      String text =
          NearDupIngest.text(
              field, value, value != null || document.hasField(field), ignoreMissing);
      if (text == null) {
        handler.accept(document, null);
        return;
      }
      sketched =
          ingest.analyse(
              mapping.indexUuid() + '/' + mapping.version(),
              nearDupField,
              mapping.parameters(),
              text);
    } catch (Exception e) {
      handler.accept(null, e);
      return;
    }
    String key = mapping.indexUuid() + '/' + nearDupField + '/' + clusterField;
    BiConsumer<NearDupIngest.Assigned, Exception> done =
        (assigned, e) -> {
          if (e != null) {
            handler.accept(null, e);
          } else {
            document.setFieldValue(clusterField, assigned.cluster());
            document.setFieldValue(canonicalField, assigned.canonical());
            handler.accept(document, null);
          }
        };
    IndexLookup lookup = new IndexLookup(index);
    String ownId = document.getMetadata().getId();
    if (ownId == null || "create".equals(document.getMetadata().getOp())) {
      // a new document: a create of an id the index has fails after the pipeline
      ingest.assign(
          key,
          sketched,
          mapping.parameters().settings(),
          ownId != null ? ownId : UUIDs.base64UUID(),
          lookup,
          done);
    } else {
      ingest.assignReplacing(
          key,
          sketched,
          mapping.parameters().settings(),
          new NearDupIngest.Replaced(ownId, document.getMetadata().getRouting()),
          UUIDs.base64UUID(),
          lookup,
          done);
    }
  }

  /** The engine's calls for one index: the lookup search, real-time reads, refresh, update. */
  private final class IndexLookup extends IndexWrites {
    private final String index;

    IndexLookup(String index) {
      super(clusterField, canonicalField);
      this.index = index;
    }

    @Override
    public void lookup(List<SketchedText> texts, BiConsumer<List<String>, Exception> answer) {
      NearDupProcessor.this.lookup(index, texts, answer);
    }

    @Override
    protected void sources(
        List<NearDupIngest.Replaced> documents,
        String[] fields,
        BiConsumer<List<Map<String, Object>>, Exception> answer) {
      MultiGetRequest get = new MultiGetRequest().realtime(true);
      for (NearDupIngest.Replaced d : documents) {
        get.add(
            new MultiGetRequest.Item(index, d.id())
                .routing(d.routing())
                .fetchSourceContext(FetchSourceContext.of(true, fields, null)));
      }
      client.multiGet(
          get,
          ActionListener.wrap(
              response -> {
                List<Map<String, Object>> sources = new ArrayList<>(documents.size());
                for (MultiGetItemResponse item : response.getResponses()) {
                  if (item.isFailed()) {
                    answer.accept(null, item.getFailure().getFailure());
                    return;
                  }
                  sources.add(
                      item.getResponse().isExists() ? item.getResponse().getSourceAsMap() : null);
                }
                answer.accept(sources, null);
              },
              e -> answer.accept(null, e)));
    }

    @Override
    protected void refresh(BiConsumer<Void, Exception> answer) {
      client
          .admin()
          .indices()
          .refresh(
              new RefreshRequest(index),
              ActionListener.wrap(r -> answer.accept(null, null), e -> answer.accept(null, e)));
    }

    @Override
    protected void first(
        String field,
        String value,
        NearDupIngest.Replaced except,
        BiConsumer<NearDupIngest.Replaced, Exception> answer) {
      SearchSourceBuilder source =
          new SearchSourceBuilder()
              .size(1)
              .fetchSource(false)
              .sort(SortBuilders.fieldSort("_doc"))
              .query(
                  QueryBuilders.boolQuery()
                      .filter(QueryBuilders.termQuery(field, value))
                      .mustNot(QueryBuilders.idsQuery().addIds(except.id())));
      client.search(
          new SearchRequest(index).source(source),
          ActionListener.wrap(
              found -> {
                SearchHit[] hits = found.getHits().getHits();
                Object routing =
                    hits.length == 0 || hits[0].field("_routing") == null
                        ? null
                        : hits[0].field("_routing").getValue();
                answer.accept(
                    hits.length == 0
                        ? null
                        : new NearDupIngest.Replaced(
                            hits[0].getId(), routing == null ? null : routing.toString()),
                    null);
              },
              e -> answer.accept(null, e)));
    }

    @Override
    protected void update(
        NearDupIngest.Replaced document,
        Map<String, Object> partial,
        BiConsumer<Void, Exception> answer) {
      client.update(
          new UpdateRequest(index, document.id()).routing(document.routing()).doc(partial),
          ActionListener.wrap(r -> answer.accept(null, null), e -> answer.accept(null, e)));
    }
  }

  /** One search of the index for a batch of documents: each shard runs the lookup aggregation. */
  private void lookup(
      String index, List<SketchedText> texts, BiConsumer<List<String>, Exception> answer) {
    LookupParams params = NearDupIngest.lookupParams(nearDupField, clusterField, texts);
    client.search(
        new SearchRequest(index)
            .requestCache(false)
            .source(
                new SearchSourceBuilder()
                    .size(0)
                    .trackTotalHits(false)
                    .aggregation(new NearDupLookupAggregationBuilder(LOOKUP, params))),
        ActionListener.wrap(
            response -> {
              ShardSearchFailure[] failures = response.getShardFailures();
              if (failures.length > 0) {
                // a shard that did not answer may hold the near-duplicate
                Throwable cause = failures[0].getCause();
                answer.accept(
                    null,
                    cause instanceof Exception ex
                        ? ex
                        : new IllegalStateException(failures[0].reason(), cause));
                return;
              }
              InternalNearDupLookup found =
                  response.getAggregations() == null
                      ? null
                      : response.getAggregations().get(LOOKUP);
              // no result at all: no shard holds the field yet
              answer.accept(
                  found == null || found.matches().isEmpty()
                      ? Collections.nCopies(texts.size(), null)
                      : found.clusters(),
                  null);
            },
            e -> answer.accept(null, e)));
  }

  private record NearDupFieldMapping(
      String indexUuid, long version, NearDupMappings.FieldParameters parameters) {}

  private NearDupFieldMapping resolve(String index) {
    IndexMetadata metadata = clusterService.state().metadata().getProject(projectId).index(index);
    if (metadata == null) {
      throw NearDupIngest.missingIndex(index, nearDupField);
    }
    NearDupMappings.FieldParameters parameters =
        ingest.cachedTargetParameters(
            metadata.getIndexUUID() + '/' + metadata.getMappingVersion(),
            path -> mappedFields.lookup(metadata, path),
            index,
            nearDupField,
            clusterField,
            canonicalField);
    return new NearDupFieldMapping(
        metadata.getIndexUUID(), metadata.getMappingVersion(), parameters);
  }

  /** Builds {@code neardup} processors from pipeline definitions. */
  public static final class Factory implements Processor.Factory {
    private final Client client;
    private final ClusterService clusterService;
    private final MappedFields mappedFields = new MappedFields();
    private final NearDupIngest ingest = new NearDupIngest();

    /**
     * @param client runs the searches for near-duplicates
     * @param clusterService where the target index's mapping is read
     */
    public Factory(Client client, ClusterService clusterService) {
      this.client = client;
      this.clusterService = clusterService;
    }

    @Override
    public NearDupProcessor create(
        Map<String, Processor.Factory> factories,
        String tag,
        String description,
        Map<String, Object> config,
        ProjectId projectId) {
      String field = ConfigurationUtils.readStringProperty(TYPE, tag, config, NearDupIngest.FIELD);
      String nearDupField =
          ConfigurationUtils.readStringProperty(TYPE, tag, config, NearDupIngest.NEARDUP_FIELD);
      String clusterField =
          ConfigurationUtils.readStringProperty(
              TYPE, tag, config, NearDupIngest.CLUSTER_FIELD, NearDupIngest.DEFAULT_CLUSTER_FIELD);
      String canonicalField =
          ConfigurationUtils.readStringProperty(
              TYPE,
              tag,
              config,
              NearDupIngest.CANONICAL_FIELD,
              NearDupIngest.DEFAULT_CANONICAL_FIELD);
      boolean ignoreMissing =
          ConfigurationUtils.readBooleanProperty(
              TYPE, tag, config, NearDupIngest.IGNORE_MISSING, false);
      return new NearDupProcessor(
          tag,
          description,
          field,
          nearDupField,
          clusterField,
          canonicalField,
          ignoreMissing,
          projectId,
          client,
          clusterService,
          mappedFields,
          ingest);
    }
  }
}

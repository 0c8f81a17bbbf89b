package io.neardup.opensearch.ingest;

import io.neardup.engine.api.LookupParams;
import io.neardup.engine.ingest.IndexWrites;
import io.neardup.engine.ingest.NearDupIngest;
import io.neardup.engine.ingest.SketchedText;
import io.neardup.engine.param.NearDupMappings;
import io.neardup.opensearch.collapse.MappedFields;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.opensearch.action.admin.indices.refresh.RefreshRequest;
import org.opensearch.action.get.MultiGetItemResponse;
import org.opensearch.action.get.MultiGetRequest;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.action.search.ShardSearchFailure;
import org.opensearch.action.update.UpdateRequest;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.UUIDs;
import org.opensearch.core.action.ActionListener;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.ingest.AbstractProcessor;
import org.opensearch.ingest.ConfigurationUtils;
import org.opensearch.ingest.IngestDocument;
import org.opensearch.ingest.Processor;
import org.opensearch.search.SearchHit;
import org.opensearch.search.builder.SearchSourceBuilder;
import org.opensearch.search.fetch.subphase.FetchSourceContext;
import org.opensearch.search.sort.SortBuilders;
import org.opensearch.transport.client.Client;

/**
 * The {@code neardup} ingest processor: assigns each document to a near-duplicate cluster when it
 * is indexed, as the Elasticsearch plugin's does (same parameters, behaviour and messages; the
 * engine-free part, with the node's memory of recent sketches, is the library's {@link
 * NearDupIngest}).
 *
 * <pre>{@code
 * { "neardup": { "field": "body", "neardup_field": "body.dup",
 *                "cluster_field": "neardup_cluster", "canonical_field": "neardup_canonical" } }
 * }</pre>
 *
 * <p>A document with a near-duplicate (among this node's recent sketches, else found by a search of
 * the target index, one for the documents that wait at the same time, whose shards run {@link
 * NearDupLookupAggregationBuilder}) joins its cluster ({@code cluster_field} = that cluster's id,
 * {@code canonical_field} = false); one without starts a cluster under its own {@code _id} (a fresh
 * id when the request has none yet) and is its canonical. The search runs asynchronously: the write
 * thread never waits for it.
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
      Factory factory) {
    super(tag, description);
    this.field = field;
    this.nearDupField = nearDupField;
    this.clusterField = clusterField;
    this.canonicalField = canonicalField;
    this.ignoreMissing = ignoreMissing;
    this.client = factory.client;
    this.clusterService = factory.clusterService;
    this.mappedFields = factory.mappedFields;
    this.ingest = factory.ingest;
  }

  @Override
  public String getType() {
    return TYPE;
  }

  @Override
  public IngestDocument execute(IngestDocument document) {
    // OpenSearch calls the asynchronous variant; a blocking search on a write thread could deadlock
    throw new UnsupportedOperationException("the [neardup] processor runs asynchronously");
  }

  @Override
  public void execute(IngestDocument document, BiConsumer<IngestDocument, Exception> handler) {
    final String index;
    final IndexMetadata metadata;
    final NearDupMappings.FieldParameters parameters;
    final SketchedText sketched;
    final String text;
    try {
      index = document.getFieldValue(IngestDocument.Metadata.INDEX.getFieldName(), String.class);
      metadata = clusterService.state().metadata().index(index);
      if (metadata == null) {
        throw NearDupIngest.missingIndex(index, nearDupField);
      }
      parameters =
          ingest.cachedTargetParameters(
              metadata.getIndexUUID() + '/' + metadata.getMappingVersion(),
              path -> mappedFields.lookup(metadata, path),
              index,
              nearDupField,
              clusterField,
              canonicalField);
      Object value = document.getFieldValue(field, Object.class, true);
      text =
          NearDupIngest.text(
              field, value, value != null || document.hasField(field), ignoreMissing);
      if (text == null) {
        handler.accept(document, null);
        return;
      }
      sketched =
          ingest.analyse(
              metadata.getIndexUUID() + '/' + metadata.getMappingVersion(),
              nearDupField,
              parameters,
              text);
    } catch (Exception e) {
      handler.accept(null, e);
      return;
    }
    Object ownId = document.getSourceAndMetadata().get(IngestDocument.Metadata.ID.getFieldName());
    Object routing =
        document.getSourceAndMetadata().get(IngestDocument.Metadata.ROUTING.getFieldName());
    String key = metadata.getIndexUUID() + '/' + nearDupField + '/' + clusterField;
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
    if (ownId == null) {
      ingest.assign(key, sketched, parameters.settings(), UUIDs.base64UUID(), lookup, done);
    } else {
      ingest.assignReplacing(
          key,
          sketched,
          parameters.settings(),
          new NearDupIngest.Replaced(ownId.toString(), routing == null ? null : routing.toString()),
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
                .fetchSourceContext(new FetchSourceContext(true, fields, null)));
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

  /** Builds {@code neardup} processors from pipeline definitions; one per node. */
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
        Map<String, Object> config) {
      return new NearDupProcessor(
          tag,
          description,
          ConfigurationUtils.readStringProperty(TYPE, tag, config, NearDupIngest.FIELD),
          ConfigurationUtils.readStringProperty(TYPE, tag, config, NearDupIngest.NEARDUP_FIELD),
          ConfigurationUtils.readStringProperty(
              TYPE, tag, config, NearDupIngest.CLUSTER_FIELD, NearDupIngest.DEFAULT_CLUSTER_FIELD),
          ConfigurationUtils.readStringProperty(
              TYPE,
              tag,
              config,
              NearDupIngest.CANONICAL_FIELD,
              NearDupIngest.DEFAULT_CANONICAL_FIELD),
          ConfigurationUtils.readBooleanProperty(
              TYPE, tag, config, NearDupIngest.IGNORE_MISSING, false),
          this);
    }
  }
}

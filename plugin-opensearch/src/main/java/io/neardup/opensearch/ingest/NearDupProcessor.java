package io.neardup.opensearch.ingest;

import io.neardup.engine.ingest.NearDupIngest;
import io.neardup.opensearch.collapse.MappedFields;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.action.search.ShardSearchFailure;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.UUIDs;
import org.opensearch.core.action.ActionListener;
import org.opensearch.ingest.AbstractProcessor;
import org.opensearch.ingest.ConfigurationUtils;
import org.opensearch.ingest.IngestDocument;
import org.opensearch.ingest.Processor;
import org.opensearch.search.builder.SearchSourceBuilder;
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
      Factory factory) {
    super(tag, description);
    this.field = field;
    this.nearDupField = nearDupField;
    this.clusterField = clusterField;
    this.canonicalField = canonicalField;
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
    final NearDupSettings settings;
    final Sketch sketch;
    final String text;
    try {
      index = document.getFieldValue(IngestDocument.Metadata.INDEX.getFieldName(), String.class);
      metadata = clusterService.state().metadata().index(index);
      if (metadata == null) {
        throw NearDupIngest.missingIndex(index, nearDupField);
      }
      settings =
          ingest.cachedTargetSettings(
              metadata.getIndexUUID() + '/' + metadata.getMappingVersion(),
              path -> mappedFields.lookup(metadata, path),
              index,
              nearDupField,
              clusterField,
              canonicalField);
      text = document.getFieldValue(field, String.class);
      sketch =
          ingest.sketch(
              metadata.getIndexUUID() + '/' + metadata.getMappingVersion(),
              nearDupField,
              settings,
              text);
    } catch (Exception e) {
      handler.accept(null, e);
      return;
    }
    Object ownId = document.getSourceAndMetadata().get(IngestDocument.Metadata.ID.getFieldName());
    ingest.assign(
        metadata.getIndexUUID() + '/' + nearDupField + '/' + clusterField,
        sketch,
        settings,
        ownId != null ? ownId.toString() : UUIDs.base64UUID(),
        (sketches, answer) -> lookup(index, sketches, answer),
        (assigned, e) -> {
          if (e != null) {
            handler.accept(null, e);
          } else {
            document.setFieldValue(clusterField, assigned.cluster());
            document.setFieldValue(canonicalField, assigned.canonical());
            handler.accept(document, null);
          }
        });
  }

  /** One search of the index for a batch of documents: each shard runs the lookup aggregation. */
  private void lookup(
      String index, List<Sketch> sketches, BiConsumer<List<String>, Exception> answer) {
    List<byte[]> encoded = sketches.stream().map(SketchFormat::encode).toList();
    client.search(
        new SearchRequest(index)
            .requestCache(false)
            .source(
                new SearchSourceBuilder()
                    .size(0)
                    .trackTotalHits(false)
                    .aggregation(
                        new NearDupLookupAggregationBuilder(
                            LOOKUP, nearDupField, clusterField, encoded))),
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
                      ? Collections.nCopies(sketches.size(), null)
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
          this);
    }
  }
}

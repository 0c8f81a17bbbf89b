package io.neardup.elasticsearch.ingest;

import io.neardup.analysis.NearDupChainAnalyzer;
import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.elasticsearch.mapper.MappedFields;
import io.neardup.elasticsearch.mapper.NearDupFieldMapper;
import io.neardup.elasticsearch.query.NearDupQueryBuilder;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Sketch;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.search.SearchRequest;
import org.elasticsearch.action.support.SubscribableListener;
import org.elasticsearch.client.internal.Client;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.cluster.metadata.ProjectId;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.common.UUIDs;
import org.elasticsearch.ingest.AbstractProcessor;
import org.elasticsearch.ingest.ConfigurationUtils;
import org.elasticsearch.ingest.IngestDocument;
import org.elasticsearch.ingest.Processor;
import org.elasticsearch.search.SearchHit;
import org.elasticsearch.search.builder.SearchSourceBuilder;

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
 * among the sketches this node processed recently ({@link RecentSketches}: copies in the same bulk
 * or not yet refreshed), else with a {@code neardup} query on the index (band candidates verified
 * by sketch). A document with a near-duplicate joins its cluster ({@code cluster_field} = that
 * cluster's id, {@code canonical_field} = false); a document without one starts a cluster whose id
 * is its own {@code _id} (a fresh id when the request has none yet) and is its canonical. The
 * search runs asynchronously: the ingest thread never waits for it.
 */
public final class NearDupProcessor extends AbstractProcessor {
  /** The processor's type name. */
  public static final String TYPE = "neardup";

  /** Default of {@code cluster_field}. */
  public static final String DEFAULT_CLUSTER_FIELD = "neardup_cluster";

  /** Default of {@code canonical_field}. */
  public static final String DEFAULT_CANONICAL_FIELD = "neardup_canonical";

  private static final int MAX_BUILDERS = 256;

  private final String field;
  private final String nearDupField;
  private final String clusterField;
  private final String canonicalField;
  private final ProjectId projectId;
  private final Client client;
  private final ClusterService clusterService;
  private final RecentSketches recent;
  private final MappedFields mappedFields;
  private final Map<String, NearDupDocumentBuilder> builders = new ConcurrentHashMap<>();

  NearDupProcessor(
      String tag,
      String description,
      String field,
      String nearDupField,
      String clusterField,
      String canonicalField,
      ProjectId projectId,
      Client client,
      ClusterService clusterService,
      RecentSketches recent,
      MappedFields mappedFields) {
    super(tag, description);
    this.field = field;
    this.nearDupField = nearDupField;
    this.clusterField = clusterField;
    this.canonicalField = canonicalField;
    this.projectId = projectId;
    this.client = client;
    this.clusterService = clusterService;
    this.recent = recent;
    this.mappedFields = mappedFields;
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
    final Sketch sketch;
    final String text;
    try {
      index = document.getMetadata().getIndex();
      mapping = resolve(index);
      text = document.getFieldValue(field, String.class);
      sketch = builder(mapping).analyze(text).sketch();
    } catch (Exception e) {
      handler.accept(null, e);
      return;
    }
    String ownId = document.getMetadata().getId();
    String newCluster = ownId != null ? ownId : UUIDs.base64UUID();
    if (sketch.isEmpty()) {
      // no shingles: similar to nothing, not even to another empty text
      assign(document, newCluster, true);
      handler.accept(document, null);
      return;
    }
    String key = mapping.indexUuid + '/' + nearDupField;
    SubscribableListener<String> fresh = new SubscribableListener<>();
    SubscribableListener<String> joined =
        recent.joinOrAdd(
            key, sketch, mapping.settings.banding(), mapping.settings.threshold(), fresh);
    if (joined != null) {
      joined.addListener(
          ActionListener.wrap(
              cluster -> {
                assign(document, cluster, false);
                handler.accept(document, null);
              },
              e -> handler.accept(null, e)));
      return;
    }
    fresh.addListener(
        ActionListener.wrap(
            cluster -> {
              boolean canonical = cluster.equals(newCluster);
              assign(document, cluster, canonical);
              handler.accept(document, null);
            },
            e -> handler.accept(null, e)));
    SearchRequest search =
        new SearchRequest(index)
            .source(
                new SearchSourceBuilder()
                    .query(new NearDupQueryBuilder(nearDupField, text))
                    .size(1)
                    .fetchSource(new String[] {clusterField}, null));
    client.search(
        search,
        ActionListener.wrap(
            response -> {
              SearchHit[] hits = response.getHits().getHits();
              if (hits.length == 0) {
                fresh.onResponse(newCluster);
                return;
              }
              Object cluster = hits[0].getSourceAsMap().get(clusterField);
              // a copy indexed without the processor starts the cluster under its own id
              fresh.onResponse(cluster != null ? cluster.toString() : hits[0].getId());
            },
            e -> {
              recent.forget(key, fresh);
              fresh.onFailure(e);
            }));
  }

  private void assign(IngestDocument document, String cluster, boolean canonical) {
    document.setFieldValue(clusterField, cluster);
    document.setFieldValue(canonicalField, canonical);
  }

  private record NearDupFieldMapping(String indexUuid, long version, NearDupSettings settings) {}

  private NearDupFieldMapping resolve(String index) {
    IndexMetadata metadata = clusterService.state().metadata().getProject(projectId).index(index);
    if (metadata == null) {
      throw new IllegalArgumentException(
          "[neardup] processor: index ["
              + index
              + "] does not exist: create it with a mapping of [neardup_field] ["
              + nearDupField
              + "] before ingesting");
    }
    Map<String, Object> mapped = mappedFields.lookup(metadata, nearDupField);
    if (mapped == null) {
      throw new IllegalArgumentException(
          "[neardup] processor [neardup_field]: field ["
              + nearDupField
              + "] does not exist in the mapping of index ["
              + index
              + "]");
    }
    Object type = mapped.get("type");
    if (!NearDupFieldMapper.CONTENT_TYPE.equals(type)) {
      throw new IllegalArgumentException(
          "[neardup] processor [neardup_field]: field ["
              + nearDupField
              + "] is of type ["
              + type
              + "] in index ["
              + index
              + "], expected a field of type [neardup]");
    }
    Object analyzer = mapped.get("analyzer");
    if (analyzer != null && !NormalizedTextAnalyzer.NAME.equals(analyzer)) {
      throw new IllegalArgumentException(
          "[neardup] processor [neardup_field]: field ["
              + nearDupField
              + "] uses analyzer ["
              + analyzer
              + "]; the processor supports only the default ["
              + NormalizedTextAnalyzer.NAME
              + "] yet");
    }
    checkType(metadata, "cluster_field", clusterField, "keyword", true);
    checkType(metadata, "canonical_field", canonicalField, "boolean", false);
    return new NearDupFieldMapping(
        metadata.getIndexUUID(),
        metadata.getMappingVersion(),
        MappedFields.nearDupSettings(mapped));
  }

  private void checkType(
      IndexMetadata metadata, String param, String path, String expected, boolean required) {
    mappedFields.checkType(metadata, "[neardup] processor", param, path, expected, required);
  }

  private NearDupDocumentBuilder builder(NearDupFieldMapping mapping) {
    String key = mapping.indexUuid + '/' + mapping.version + '/' + nearDupField;
    NearDupDocumentBuilder builder = builders.get(key);
    if (builder == null) {
      if (builders.size() >= MAX_BUILDERS) {
        builders.clear(); // mappings change rarely; a full map means many indexes or versions
      }
      builder =
          new NearDupDocumentBuilder(
              new NearDupChainAnalyzer(new NormalizedTextAnalyzer(), mapping.settings),
              new NearDupFields(nearDupField));
      builders.put(key, builder);
    }
    return builder;
  }

  /** Builds {@code neardup} processors from pipeline definitions. */
  public static final class Factory implements Processor.Factory {
    private final Client client;
    private final ClusterService clusterService;
    private final RecentSketches recent =
        new RecentSketches(RecentSketches.DEFAULT_PER_KEY, RecentSketches.DEFAULT_MAX_KEYS);
    private final MappedFields mappedFields = new MappedFields();

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
      String field = ConfigurationUtils.readStringProperty(TYPE, tag, config, "field");
      String nearDupField =
          ConfigurationUtils.readStringProperty(TYPE, tag, config, "neardup_field");
      String clusterField =
          ConfigurationUtils.readStringProperty(
              TYPE, tag, config, "cluster_field", DEFAULT_CLUSTER_FIELD);
      String canonicalField =
          ConfigurationUtils.readStringProperty(
              TYPE, tag, config, "canonical_field", DEFAULT_CANONICAL_FIELD);
      return new NearDupProcessor(
          tag,
          description,
          field,
          nearDupField,
          clusterField,
          canonicalField,
          projectId,
          client,
          clusterService,
          recent,
          mappedFields);
    }
  }
}

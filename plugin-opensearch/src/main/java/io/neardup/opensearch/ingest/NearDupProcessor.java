package io.neardup.opensearch.ingest;

import io.neardup.engine.ingest.AnalysedTexts;
import io.neardup.engine.ingest.IndexWrites;
import io.neardup.engine.ingest.IngestProcessor;
import io.neardup.engine.ingest.NearDupIngest;
import io.neardup.engine.ingest.NearDupLookup;
import io.neardup.engine.ingest.SketchedText;
import io.neardup.opensearch.mapper.MappedFields;
import io.neardup.opensearch.support.InternalShardAggregation;
import io.neardup.opensearch.support.ShardAggregationBuilder;
import io.neardup.opensearch.support.ShardAggregations;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;
import org.opensearch.action.admin.indices.refresh.RefreshRequest;
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
 * The {@code neardup} ingest processor (engine-common's {@link IngestProcessor}) on an OpenSearch
 * ingest document: the target index from the cluster's metadata, and the engine's calls for the
 * lookup search, the real-time reads and the updates.
 */
public final class NearDupProcessor extends AbstractProcessor {
  /** The processor's type name. */
  public static final String TYPE = NearDupIngest.TYPE;

  private final IngestProcessor processor;
  private final Factory factory;

  NearDupProcessor(String tag, String description, IngestProcessor processor, Factory factory) {
    super(tag, description);
    this.processor = processor;
    this.factory = factory;
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
    Map<String, Object> metadata = document.getSourceAndMetadata();
    processor.execute(
        new IngestProcessor.Document(
            Objects.toString(metadata.get(IngestDocument.Metadata.INDEX.getFieldName()), null),
            Objects.toString(metadata.get(IngestDocument.Metadata.ID.getFieldName()), null),
            Objects.toString(metadata.get(IngestDocument.Metadata.ROUTING.getFieldName()), null),
            false, // the ingest document does not say; a replacing write is read as one
            field -> document.getFieldValue(field, Object.class, true),
            document::hasField,
            document::setFieldValue),
        this::target,
        UUIDs::base64UUID,
        e -> handler.accept(e == null ? document : null, e));
  }

  private IngestProcessor.Target target(String index) {
    IndexMetadata metadata = factory.clusterService.state().metadata().index(index);
    return metadata == null
        ? null
        : new IngestProcessor.Target(
            metadata.getIndexUUID(),
            metadata.getVersion(),
            path -> factory.mappedFields.lookup(metadata, path),
            key -> metadata.getSettings().getAsList(IngestProcessor.ANALYSIS + key),
            new IndexCalls(index));
  }

  /** The engine's calls for one index: the lookup search, real-time reads, refresh, update. */
  private final class IndexCalls extends IndexWrites {
    private final String index;
    private final Client client = factory.client;

    IndexCalls(String index) {
      super(processor.config().clusterField(), processor.config().canonicalField());
      this.index = index;
    }

    /** One search of the index for a batch of documents: each shard runs the lookup aggregation. */
    @Override
    public void lookup(List<SketchedText> texts, BiConsumer<List<String>, Exception> answer) {
      ShardAggregationBuilder<?, ?> aggregation =
          new ShardAggregationBuilder<>(
              ShardAggregations.LOOKUP,
              IngestProcessor.LOOKUP_AGGREGATION,
              processor.lookupParams(texts));
      client.search(
          new SearchRequest(index)
              .requestCache(false)
              .source(
                  new SearchSourceBuilder().size(0).trackTotalHits(false).aggregation(aggregation)),
          ActionListener.wrap(
              response -> {
                ShardSearchFailure[] failures = response.getShardFailures();
                InternalShardAggregation<List<NearDupLookup.Match>> found =
                    response.getAggregations() == null
                        ? null
                        : response.getAggregations().get(IngestProcessor.LOOKUP_AGGREGATION);
                IngestProcessor.answer(
                    texts.size(),
                    failures.length == 0
                        ? null
                        : IngestProcessor.shardFailure(
                            failures[0].getCause(), failures[0].reason()),
                    found == null ? null : found.value(),
                    answer);
              },
              e -> answer.accept(null, e)));
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
              response ->
                  IndexWrites.answerSources(
                      response.getResponses(),
                      item -> item.isFailed() ? item.getFailure().getFailure() : null,
                      item ->
                          item.getResponse().isExists()
                              ? item.getResponse().getSourceAsMap()
                              : null,
                      answer),
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
                    hits.length == 0 ? null : IndexWrites.member(hits[0].getId(), routing), null);
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

  /** Builds {@code neardup} processors from pipeline definitions; one per node. */
  public static final class Factory implements Processor.Factory {
    private final Client client;
    private final ClusterService clusterService;
    private final MappedFields mappedFields = new MappedFields();
    private final NearDupIngest ingest;
    private final AnalysedTexts analysedTexts;

    /**
     * @param client runs the searches for near-duplicates
     * @param clusterService where the target index's mapping is read
     * @param analysedTexts where the node's {@code neardup} fields find the texts analysed here
     * @param delay the node's scheduler, with which the searches of a bulk request's documents
     *     gather them (see {@link NearDupIngest.Delay})
     */
    public Factory(
        Client client,
        ClusterService clusterService,
        AnalysedTexts analysedTexts,
        NearDupIngest.Delay delay) {
      this.ingest = new NearDupIngest(delay);
      this.client = client;
      this.clusterService = clusterService;
      this.analysedTexts = analysedTexts;
    }

    @Override
    public NearDupProcessor create(
        Map<String, Processor.Factory> factories,
        String tag,
        String description,
        Map<String, Object> config) {
      IngestProcessor.Config read =
          IngestProcessor.Config.read(
              key -> ConfigurationUtils.readStringProperty(TYPE, tag, config, key),
              (key, value) -> ConfigurationUtils.readStringProperty(TYPE, tag, config, key, value),
              (key, value) ->
                  ConfigurationUtils.readBooleanProperty(TYPE, tag, config, key, value));
      return new NearDupProcessor(
          tag, description, new IngestProcessor(read, ingest, analysedTexts), this);
    }
  }
}

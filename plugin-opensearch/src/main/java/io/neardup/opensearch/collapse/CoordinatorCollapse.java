package io.neardup.opensearch.collapse;

import io.neardup.collapse.core.WindowCollapse;
import io.neardup.lsh.Banding;
import io.neardup.opensearch.NearDupPlugin;
import io.neardup.opensearch.mapper.NearDupFieldMapper;
import io.neardup.settings.MappingFields;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.search.SearchResponseSections;
import org.opensearch.cluster.ClusterState;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.cluster.metadata.IndexNameExpressionResolver;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.document.DocumentField;
import org.opensearch.core.index.Index;
import org.opensearch.index.IndexSettings;
import org.opensearch.search.DocValueFormat;
import org.opensearch.search.SearchExtBuilder;
import org.opensearch.search.SearchHit;
import org.opensearch.search.SearchHits;
import org.opensearch.search.SearchSortValues;
import org.opensearch.search.builder.SearchSourceBuilder;
import org.opensearch.search.profile.SearchProfileShardResults;

/**
 * {@code neardup_collapse} on the coordinating node, for both ways of asking for it (the request's
 * {@code ext}, see {@link NearDupCollapseFilter}, and a search pipeline, see {@code
 * io.neardup.opensearch.pipeline}): checks a request against the mappings of the searched indexes
 * ({@link #plan}), widens it to the window ({@link #widen}) and collapses the merged window with
 * the library's {@link WindowCollapse}, cutting the requested page ({@link #collapse}).
 *
 * <p>OpenSearch has no hook between its query and fetch phases for a plugin, so every shard fetches
 * its part of the window, each hit carrying its sketch from the fetch phase ({@link
 * NearDupSketchFetchSubPhase}).
 */
public final class CoordinatorCollapse {
  /** The metadata field added to each hit of a collapsed response. */
  public static final String HIT_ANNOTATION = "_neardup";

  /** Default {@code size} of a search that does not set one. */
  private static final int DEFAULT_SIZE = 10;

  private final Supplier<ClusterService> clusterService;
  private final Supplier<IndexNameExpressionResolver> resolver;
  private final MappedFields mappings = new MappedFields();

  /**
   * @param clusterService the node's cluster service (available once the node is built)
   * @param resolver the node's index name resolver
   */
  public CoordinatorCollapse(
      Supplier<ClusterService> clusterService, Supplier<IndexNameExpressionResolver> resolver) {
    this.clusterService = Objects.requireNonNull(clusterService);
    this.resolver = Objects.requireNonNull(resolver);
  }

  /**
   * What the checks of a request established: the requested page, the resolved minimum similarity.
   */
  public record Plan(NearDupCollapseBuilder ext, int from, int size, double minSimilarity) {}

  /** The request's {@code neardup_collapse} extension, or null. */
  public static NearDupCollapseBuilder find(SearchSourceBuilder source) {
    if (source == null || source.ext() == null) {
      return null;
    }
    for (SearchExtBuilder ext : source.ext()) {
      if (ext instanceof NearDupCollapseBuilder b) {
        return b;
      }
    }
    return null;
  }

  /**
   * Checks the request against the mappings of the searched indexes: the field must be of type
   * {@code neardup} (in at least one index, and of no other type in any), the canonical field
   * numeric, date, boolean, ip or keyword with doc values, the window within the indexes' {@code
   * index.neardup.max_collapse_window} and {@code index.max_result_window}, and {@code from + size}
   * within the window; scroll and {@code search_after} are refused.
   *
   * @throws IllegalArgumentException (HTTP 400) naming the parameter
   */
  public Plan plan(SearchRequest search, NearDupCollapseBuilder ext) {
    String name = NearDupCollapseBuilder.NAME;
    SearchSourceBuilder source =
        search.source() == null ? new SearchSourceBuilder() : search.source();
    if (search.scroll() != null) {
      throw new IllegalArgumentException(
          "[" + name + "] cannot be used with scroll: page with [from] and [size] in the window");
    }
    if (source.searchAfter() != null && source.searchAfter().length > 0) {
      throw new IllegalArgumentException(
          "["
              + name
              + "] cannot be used with [search_after]: page with [from] and [size] in the window");
    }
    int from = Math.max(0, source.from());
    int size = source.size() < 0 ? DEFAULT_SIZE : source.size();
    for (String index : search.indices()) {
      if (index.indexOf(':') >= 0) {
        throw new IllegalArgumentException(
            "[" + name + "] does not support cross-cluster search, got index [" + index + "]");
      }
    }
    ClusterState state = clusterService.get().state();
    Index[] indices = resolver.get().concreteIndices(state, search);
    int maxWindow = Integer.MAX_VALUE;
    String limitingIndex = null;
    int maxResultWindow = Integer.MAX_VALUE;
    String resultWindowIndex = null;
    boolean canonicalMapped = false;
    Double threshold = null;
    boolean mapped = false;
    for (Index index : indices) {
      IndexMetadata metadata = state.metadata().index(index);
      if (metadata == null) {
        continue;
      }
      int limit = NearDupPlugin.MAX_COLLAPSE_WINDOW_SETTING.get(metadata.getSettings());
      if (limit < maxWindow) {
        maxWindow = limit;
        limitingIndex = index.getName();
      }
      int resultWindow = IndexSettings.MAX_RESULT_WINDOW_SETTING.get(metadata.getSettings());
      if (resultWindow < maxResultWindow) {
        maxResultWindow = resultWindow;
        resultWindowIndex = index.getName();
      }
      Map<String, Object> field = mappings.lookup(metadata, ext.field());
      if (field != null) {
        Object type = field.get("type");
        if (!NearDupFieldMapper.CONTENT_TYPE.equals(type)) {
          throw new IllegalArgumentException(
              "["
                  + name
                  + "] field ["
                  + ext.field()
                  + "] is of type ["
                  + (type == null ? "object" : type)
                  + "] in index ["
                  + index.getName()
                  + "], expected a field of type [neardup]");
        }
        mapped = true;
        // the field's own threshold: for simhash, 1 - max_hamming/64
        double t = MappingFields.nearDupSettings(field).threshold();
        threshold = threshold == null ? t : Math.max(threshold, t);
      }
      canonicalMapped |= mappings.checkCanonical(metadata, ext.canonical());
    }
    if (!canonicalMapped && indices.length > 0) {
      throw new IllegalArgumentException(
          "["
              + name
              + "] [canonical] field ["
              + String.join(", ", ext.canonical().fields())
              + "] is not mapped in any searched index: expected a numeric, date, boolean, ip or"
              + " keyword field");
    }
    if (!mapped && indices.length > 0) {
      throw new IllegalArgumentException(
          "["
              + name
              + "] unknown field ["
              + ext.field()
              + "]: no searched index maps it; expected a field of type [neardup]");
    }
    if (ext.window() > maxWindow) {
      throw new IllegalArgumentException(
          "["
              + name
              + "] [window] must be at most ["
              + maxWindow
              + "] (index setting ["
              + NearDupPlugin.MAX_COLLAPSE_WINDOW_SETTING.getKey()
              + "] of index ["
              + limitingIndex
              + "]), got ["
              + ext.window()
              + "]");
    }
    if (size > 0 && ext.window() > maxResultWindow) {
      throw new IllegalArgumentException(
          "["
              + name
              + "] [window] must be at most ["
              + maxResultWindow
              + "] for this search, got ["
              + ext.window()
              + "]: the window's hits are fetched as one page, which index setting"
              + " [index.max_result_window] of index ["
              + resultWindowIndex
              + "] limits; lower [window] or raise that setting");
    }
    if ((long) from + size > ext.window()) {
      throw new IllegalArgumentException(
          "["
              + name
              + "] from + size must be at most [window] ["
              + ext.window()
              + "], got ["
              + ((long) from + size)
              + "]: collapse works on the top [window] hits; raise [window] to page further");
    }
    double minSimilarity =
        ext.minSimilarity() != null
            ? ext.minSimilarity()
            : threshold != null ? threshold : Banding.DEFAULT_THRESHOLD;
    return new Plan(ext, from, size, minSimilarity);
  }

  /**
   * The search of the plan's window instead of its page, with the extension that makes every
   * shard's fetch phase attach the hits' sketches.
   */
  public static SearchRequest widen(SearchRequest search, Plan plan) {
    SearchRequest wide = new SearchRequest(search);
    SearchSourceBuilder source =
        (search.source() == null ? new SearchSourceBuilder() : search.source().shallowCopy())
            .from(0)
            .size(plan.size() == 0 ? 0 : plan.ext().window());
    List<SearchExtBuilder> exts = new ArrayList<>();
    for (SearchExtBuilder e : source.ext()) {
      if (!(e instanceof NearDupCollapseBuilder)) {
        exts.add(e);
      }
    }
    exts.add(plan.ext());
    source.ext(exts);
    wide.source(source);
    return wide;
  }

  /**
   * Collapses the window's merged hits and cuts the requested page: each hit loses the field that
   * carried its sketch and gains a {@value #HIT_ANNOTATION} metadata field saying what the collapse
   * found. {@code hits.total} and {@code max_score} stay those of the search.
   */
  public static SearchResponse collapse(SearchResponse response, Plan plan) {
    NearDupCollapseBuilder ext = plan.ext();
    SearchHit[] hits = response.getHits().getHits();
    int n = hits.length;
    byte[][] sketches = new byte[n][];
    Object[] keys = new Object[n];
    String[] index = new String[n];
    String[] id = new String[n];
    float[] score = new float[n];
    for (int i = 0; i < n; i++) {
      index[i] = hits[i].getIndex();
      id[i] = hits[i].getId();
      score[i] = hits[i].getScore();
      DocumentField field = hits[i].field(NearDupSketchFetchSubPhase.HIT_FIELD);
      if (field != null && !field.getValues().isEmpty()) {
        byte[] sketch = (byte[]) field.getValues().get(0);
        sketches[i] = sketch.length == 0 ? null : sketch;
        keys[i] = CanonicalValues.of(field);
      }
    }
    WindowCollapse collapse =
        WindowCollapse.collapse(sketches, keys, ext.canonical(), plan.minSimilarity(), ext.mode());
    WindowCollapse.HitNames names = new WindowCollapse.HitNames(index, id, score);
    WindowCollapse.Page cut = collapse.page(plan.from(), plan.size());
    SearchHit[] page = new SearchHit[cut.end() - cut.start()];
    for (int p = cut.start(); p < cut.end(); p++) {
      int i = collapse.listed(p);
      page[p - cut.start()] = annotated(hits[i], collapse.note(i, names));
    }
    SearchHits in = response.getHits();
    SearchHits out =
        new SearchHits(
            page,
            in.getTotalHits(),
            in.getMaxScore(),
            in.getSortFields(),
            in.getCollapseField(),
            in.getCollapseValues());
    SearchResponseSections sections = response.getInternalResponse();
    SearchResponseSections collapsed =
        new SearchResponseSections(
            out,
            sections.aggregations(),
            sections.suggest(),
            sections.timedOut(),
            sections.terminatedEarly(),
            sections.profile().isEmpty() ? null : new SearchProfileShardResults(sections.profile()),
            sections.getNumReducePhases(),
            sections.getSearchExtBuilders(),
            sections.getProcessorResult());
    return new CollapsedSearchResponse(
        response,
        collapsed,
        new CollapsedSearchResponse.Summary(
            ext.field(),
            ext.mode().parameterValue(),
            plan.minSimilarity(),
            ext.window(),
            n,
            collapse.canonicalCount(),
            n - collapse.canonicalCount()));
  }

  /**
   * A copy of the hit without the field that carried its sketch and with a {@value #HIT_ANNOTATION}
   * metadata field. A copy, because OpenSearch's hits do not let a plugin add metadata fields to a
   * hit once it is built.
   */
  private static SearchHit annotated(SearchHit hit, Map<String, Object> note) {
    Map<String, DocumentField> fields = new HashMap<>(hit.getDocumentFields());
    fields.remove(NearDupSketchFetchSubPhase.HIT_FIELD);
    Map<String, DocumentField> meta = new HashMap<>(hit.getMetaFields());
    meta.put(HIT_ANNOTATION, new DocumentField(HIT_ANNOTATION, List.of(note)));
    SearchHit copy = new SearchHit(hit.docId(), hit.getId(), hit.getNestedIdentity(), fields, meta);
    copy.score(hit.getScore());
    copy.version(hit.getVersion());
    copy.setSeqNo(hit.getSeqNo());
    copy.setPrimaryTerm(hit.getPrimaryTerm());
    copy.sourceRef(hit.getSourceRef());
    copy.highlightFields(hit.getHighlightFields());
    Object[] sortValues = hit.getSortValues();
    if (sortValues.length > 0) {
      // the values are formatted already; RAW keeps them as they are
      DocValueFormat[] formats = new DocValueFormat[sortValues.length];
      Arrays.fill(formats, DocValueFormat.RAW);
      copy.sortValues(new SearchSortValues(sortValues, formats));
    }
    copy.matchedQueriesWithScores(hit.getMatchedQueriesAndScores());
    copy.explanation(hit.getExplanation());
    copy.shard(hit.getShard());
    copy.setInnerHits(hit.getInnerHits());
    return copy;
  }
}

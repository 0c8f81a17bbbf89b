package io.neardup.opensearch.collapse;

import io.neardup.collapse.core.WindowCollapse;
import io.neardup.engine.collapse.CollapsePlan;
import io.neardup.opensearch.mapper.MappedFields;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.cluster.ClusterState;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.cluster.metadata.IndexNameExpressionResolver;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.io.stream.BytesStreamOutput;
import org.opensearch.common.settings.Setting;
import org.opensearch.core.common.io.stream.NamedWriteableAwareStreamInput;
import org.opensearch.core.common.io.stream.NamedWriteableRegistry;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.index.Index;
import org.opensearch.index.IndexSettings;
import org.opensearch.search.SearchExtBuilder;
import org.opensearch.search.builder.SearchSourceBuilder;
import org.opensearch.search.sort.ScoreSortBuilder;
import org.opensearch.search.sort.SortBuilder;

/**
 * {@code neardup_collapse} on the coordinating node, for both ways of asking for it (the request's
 * {@code ext}, see {@link NearDupCollapseFilter}, and a search pipeline, see {@code
 * io.neardup.opensearch.pipeline}): checks a request against the mappings of the searched indexes
 * ({@link #plan}), widens it to the window ({@link #widen}) and collapses the merged window with
 * the library's {@link WindowCollapse}, cutting the requested page ({@link
 * ResponseCollapse#collapse}).
 *
 * <p>Two ways through a search. Where a search phase results processor {@code neardup_collapse}
 * runs between the query and the fetch phase (a search pipeline's {@code phase_results_processors},
 * or the system-generated processor of that name when the cluster enables it), each shard's query
 * phase returns its top hits with what collapsing needs of them (the internal sort {@link
 * NearDupWindowSortBuilder}), the window is collapsed there ({@link WindowCut#cut}) and only the
 * page is fetched. A search of a single shard, which OpenSearch fetches in its query phase, is
 * collapsed on that shard ({@link ScoreOrderedWindow}), which fetches the page only. Otherwise (no
 * such processor, or a search with {@code rescore}, which cannot sort) every shard fetches its part
 * of the window, each hit carrying its sketch from the fetch phase ({@link
 * NearDupSketchFetchSubPhase}) or in its window sort value, and the merged window is collapsed on
 * the coordinating node ({@link ResponseCollapse#collapse}).
 */
public final class CoordinatorCollapse {
  /**
   * The largest collapse window a search of the index may ask for: {@code
   * index.neardup.max_collapse_window}, dynamic, default the library's own limit.
   */
  public static final Setting<Integer> MAX_WINDOW_SETTING =
      Setting.intSetting(
          CollapsePlan.MAX_WINDOW_SETTING,
          WindowCollapse.MAX_WINDOW,
          1,
          WindowCollapse.MAX_WINDOW_LIMIT,
          Setting.Property.IndexScope,
          Setting.Property.Dynamic);

  private final Supplier<ClusterService> clusterService;
  private final Supplier<IndexNameExpressionResolver> resolver;
  private final Supplier<NamedWriteableRegistry> registry;
  private final MappedFields mappings = new MappedFields();

  /**
   * @param clusterService the node's cluster service (available once the node is built)
   * @param resolver the node's index name resolver
   * @param registry the node's registry of named writeables, to copy requests
   */
  public CoordinatorCollapse(
      Supplier<ClusterService> clusterService,
      Supplier<IndexNameExpressionResolver> resolver,
      Supplier<NamedWriteableRegistry> registry) {
    this.clusterService = Objects.requireNonNull(clusterService);
    this.resolver = Objects.requireNonNull(resolver);
    this.registry = Objects.requireNonNull(registry);
  }

  /** The pipeline name that means none. */
  private static final String NO_PIPELINE = "_none";

  /**
   * What the checks of a request established: the requested page, the resolved minimum similarity,
   * how many sorts the request has of its own (their values are the hits' sort values) and whether
   * a searched index has a default search pipeline.
   */
  public record Plan(
      NearDupCollapseBuilder ext,
      int from,
      int size,
      double minSimilarity,
      int ownSorts,
      boolean indexPipeline) {
    /**
     * A plan as the shards read it from the window sort: whether a searched index has a default
     * search pipeline ({@code indexPipeline}) matters on the coordinating node only.
     */
    public Plan(
        NearDupCollapseBuilder ext, int from, int size, double minSimilarity, int ownSorts) {
      this(ext, from, size, minSimilarity, ownSorts, false);
    }
  }

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
   * Checks the request against the searched indexes ({@link CollapsePlan}) and, since a window
   * collapsed before the fetch phase is still fetched as one page where no phase results processor
   * runs, the window within their {@code index.max_result_window}.
   *
   * @throws IllegalArgumentException (HTTP 400) naming the parameter
   */
  public Plan plan(SearchRequest search, NearDupCollapseBuilder ext) {
    SearchSourceBuilder source =
        search.source() == null ? new SearchSourceBuilder() : search.source();
    CollapsePlan.Planner planner =
        CollapsePlan.planner(
            ext.params(),
            source.from(),
            source.size(),
            search.scroll() != null,
            source.searchAfter() != null && source.searchAfter().length > 0,
            search.indices());
    ClusterState state = clusterService.get().state();
    Index[] indices = resolver.get().concreteIndices(state, search);
    boolean indexPipeline = false;
    for (Index index : indices) {
      IndexMetadata metadata = state.metadata().index(index);
      if (metadata != null) {
        indexPipeline |= hasDefaultPipeline(metadata);
        planner.index(
            index.getName(),
            MAX_WINDOW_SETTING.get(metadata.getSettings()),
            IndexSettings.MAX_RESULT_WINDOW_SETTING.get(metadata.getSettings()),
            mappings.lookup(metadata, ext.params().field()),
            mappings.checkCanonical(metadata, ext.params().canonical()));
      }
    }
    CollapsePlan plan = planner.plan(indices.length > 0);
    if (plan.size() > 0 && ext.params().window() > plan.maxResultWindow()) {
      throw new IllegalArgumentException(
          "["
              + NearDupCollapseBuilder.NAME
              + "] [window] must be at most ["
              + plan.maxResultWindow()
              + "] for this search, got ["
              + ext.params().window()
              + "]: the window's hits are fetched as one page, which index setting"
              + " [index.max_result_window] of index ["
              + plan.resultWindowIndex()
              + "] limits; lower [window] or raise that setting");
    }
    return new Plan(
        ext,
        plan.from(),
        plan.size(),
        plan.minSimilarity(),
        source.sorts() == null ? 0 : source.sorts().size(),
        indexPipeline);
  }

  private static boolean hasDefaultPipeline(IndexMetadata metadata) {
    return IndexSettings.DEFAULT_SEARCH_PIPELINE.exists(metadata.getSettings())
        && !NO_PIPELINE.equals(IndexSettings.DEFAULT_SEARCH_PIPELINE.get(metadata.getSettings()));
  }

  /**
   * The search of the plan's window instead of its page, with the sort {@link
   * NearDupWindowSortBuilder} after its own sorts (or after {@code _score}) that carries each hit's
   * sketch from the shards' query phase and lets {@link WindowCut#cut} collapse the window before
   * the fetch phase; a search that rescores (which excludes sorting) or collapses on a field gets
   * the extension instead, which makes every shard's fetch phase attach the sketches. The request's
   * own source is left as it was.
   */
  public SearchRequest widen(SearchRequest search, Plan plan) {
    SearchRequest copy = new SearchRequest(search);
    // what OpenSearch's copy leaves out
    copy.pipeline(search.pipeline());
    copy.setCancelAfterTimeInterval(search.getCancelAfterTimeInterval());
    return widenInto(copy, plan);
  }

  /**
   * {@link #widen} on the request itself, as a search pipeline's request processor must (the
   * pipeline's later phases act on the request object it was given). Its source is replaced, not
   * changed.
   */
  public SearchRequest widenInPlace(SearchRequest search, Plan plan) {
    return widenInto(search, plan);
  }

  private SearchRequest widenInto(SearchRequest wide, Plan plan) {
    SearchSourceBuilder original =
        wide.source() == null ? new SearchSourceBuilder() : wide.source();
    boolean sorted =
        plan.size() > 0
            && (original.rescores() == null || original.rescores().isEmpty())
            && original.collapse() == null; // field collapsing merges its own top docs
    SearchSourceBuilder source =
        (sorted && original.sorts() != null ? copy(original) : original.shallowCopy())
            .from(0)
            .size(plan.size() == 0 ? 0 : plan.ext().params().window());
    if (source.searchPipelineSource() == null) {
      // what OpenSearch's shallow copy leaves out: the search's own inline pipeline
      source.searchPipelineSource(original.searchPipelineSource());
    }
    if (sorted) {
      if (source.sorts() == null || source.sorts().isEmpty()) {
        source.sort(new ScoreSortBuilder());
      }
      source.sort(new NearDupWindowSortBuilder(plan));
      // every shard's top hits must reach the collapse unreduced
      wide.setBatchedReduceSize(Integer.MAX_VALUE);
    }
    List<SearchExtBuilder> exts = new ArrayList<>();
    for (SearchExtBuilder e : source.ext()) {
      if (!(e instanceof NearDupCollapseBuilder)) {
        exts.add(e);
      }
    }
    if (!sorted) {
      exts.add(plan.ext()); // the shards' fetch phase attaches the sketches
    }
    source.ext(exts);
    wide.source(source);
    return wide;
  }

  /**
   * Gives a widened search that names no search pipeline, and whose indexes have no default one, an
   * inline pipeline of the phase results and response processors {@code neardup_collapse}, so that
   * its window is collapsed before the fetch phase without a cluster setting; a search that names a
   * pipeline (even {@code _none}), or whose index has a default one, runs that pipeline as
   * OpenSearch would. Returns whether it did.
   */
  public boolean collapseBeforeFetch(SearchRequest wide) {
    SearchSourceBuilder source = wide.source();
    Plan plan = planOf(wide);
    if (plan == null
        || plan.indexPipeline()
        || wide.pipeline() != null
        || source.pipeline() != null
        || source.searchPipelineSource() != null) {
      return false;
    }
    // a fresh definition for every search: OpenSearch consumes it as it builds the pipeline
    Map<String, Object> pipeline = new HashMap<>();
    pipeline.put("phase_results_processors", inlineProcessor());
    pipeline.put("response_processors", inlineProcessor());
    source.searchPipelineSource(pipeline);
    return true;
  }

  private static List<Object> inlineProcessor() {
    return new ArrayList<>(
        List.of(new HashMap<>(Map.of(NearDupCollapseBuilder.NAME, new HashMap<>()))));
  }

  /** A deep copy, so that sorts can be added without touching the request's own list. */
  private SearchSourceBuilder copy(SearchSourceBuilder source) {
    try (BytesStreamOutput out = new BytesStreamOutput()) {
      source.writeTo(out);
      try (StreamInput in =
          new NamedWriteableAwareStreamInput(out.bytes().streamInput(), registry.get())) {
        return new SearchSourceBuilder(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The plan that a widened search carries in its sorts, or null. A widened search that rescores
   * carries none: it is collapsed after the fetch phase.
   */
  public static Plan planOf(SearchRequest search) {
    if (search.source() == null || search.source().sorts() == null) {
      return null;
    }
    for (SortBuilder<?> sort : search.source().sorts()) {
      if (sort instanceof NearDupWindowSortBuilder window) {
        return window.plan();
      }
    }
    return null;
  }
}

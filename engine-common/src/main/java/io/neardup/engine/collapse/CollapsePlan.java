package io.neardup.engine.collapse;

import io.neardup.engine.api.CollapseParams;
import io.neardup.engine.param.MappingFields;
import io.neardup.engine.param.NearDupMappings;
import io.neardup.lsh.Banding;
import java.util.Map;

/**
 * What the checks of a {@code neardup_collapse} search establish on the coordinating node, before
 * either engine's route runs it: the requested page, the minimum similarity, and the searched
 * indexes' smallest {@code index.max_result_window} (a route that fetches the whole window as one
 * page must stay within it).
 *
 * <p>The checks, each an {@link IllegalArgumentException} (HTTP 400) naming the parameter: no
 * scroll, no {@code search_after}, no cross-cluster index; the field of type {@code neardup} in at
 * least one searched index and of no other type in any; the canonical policy's fields mapped in at
 * least one; {@code window} within every index's {@value #MAX_WINDOW_SETTING}; {@code from + size}
 * within {@code window}. The minimum similarity defaults to the highest threshold of the field
 * among the indexes (for SimHash, 1 − max_hamming/64).
 *
 * <pre>{@code
 * CollapsePlan.Planner planner = CollapsePlan.planner(ext, from, size, scroll, searchAfter, names);
 * for (each concrete index with metadata) {
 *   planner.index(name, maxCollapseWindow, maxResultWindow, fieldMapping, canonicalMapped);
 * }
 * CollapsePlan plan = planner.plan(concreteIndexCount > 0);
 * }</pre>
 *
 * @param from the page's first position in the collapsed list
 * @param size the page's length
 * @param minSimilarity the request's, else the field's threshold
 * @param maxResultWindow the smallest {@code index.max_result_window} of the indexes
 * @param resultWindowIndex the index that sets it, null if none
 */
public record CollapsePlan(
    int from, int size, double minSimilarity, int maxResultWindow, String resultWindowIndex) {
  /** The index setting that caps {@code window}. */
  public static final String MAX_WINDOW_SETTING = "index.neardup.max_collapse_window";

  /** Default {@code size} of a search that does not set one. */
  public static final int DEFAULT_SIZE = 10;

  private static final String NAME = CollapseParams.NAME;

  /**
   * Checks what the request alone decides and starts the checks of the searched indexes.
   *
   * @param from the search's {@code from}, negative if unset
   * @param size the search's {@code size}, negative if unset
   * @param indices the index names as the request gives them
   */
  public static Planner planner(
      CollapseParams ext,
      int from,
      int size,
      boolean scroll,
      boolean searchAfter,
      String[] indices) {
    if (scroll) {
      throw new IllegalArgumentException(
          "[" + NAME + "] cannot be used with scroll: page with [from] and [size] in the window");
    }
    if (searchAfter) {
      throw new IllegalArgumentException(
          "["
              + NAME
              + "] cannot be used with [search_after]: page with [from] and [size] in the window");
    }
    for (String index : indices) {
      if (index.indexOf(':') >= 0) {
        throw new IllegalArgumentException(
            "[" + NAME + "] does not support cross-cluster search, got index [" + index + "]");
      }
    }
    return new Planner(ext, Math.max(0, from), size < 0 ? DEFAULT_SIZE : size);
  }

  /** The checks of the searched indexes, one at a time. */
  public static final class Planner {
    private final CollapseParams ext;
    private final int from;
    private final int size;
    private int maxWindow = Integer.MAX_VALUE;
    private String limitingIndex;
    private int maxResultWindow = Integer.MAX_VALUE;
    private String resultWindowIndex;
    private boolean canonicalMapped;
    private boolean mapped;
    private Double threshold;

    private Planner(CollapseParams ext, int from, int size) {
      this.ext = ext;
      this.from = from;
      this.size = size;
    }

    /**
     * One searched index.
     *
     * @param maxCollapseWindow its {@value #MAX_WINDOW_SETTING}
     * @param maxResultWindow its {@code index.max_result_window}
     * @param field its mapping of the extension's field, null if it does not map it
     * @param canonical whether it maps the canonical policy's fields as the policy needs
     */
    public void index(
        String name,
        int maxCollapseWindow,
        int maxResultWindow,
        Map<String, Object> field,
        boolean canonical) {
      if (maxCollapseWindow < maxWindow) {
        maxWindow = maxCollapseWindow;
        limitingIndex = name;
      }
      if (maxResultWindow < this.maxResultWindow) {
        this.maxResultWindow = maxResultWindow;
        resultWindowIndex = name;
      }
      if (field != null) {
        Object type = field.get("type");
        if (!NearDupMappings.CONTENT_TYPE.equals(type)) {
          throw new IllegalArgumentException(
              "["
                  + NAME
                  + "] field ["
                  + ext.field()
                  + "] is of type ["
                  + (type == null ? "object" : type)
                  + "] in index ["
                  + name
                  + "], expected a field of type [neardup]");
        }
        mapped = true;
        double t = MappingFields.nearDupSettings(field).threshold();
        threshold = threshold == null ? t : Math.max(threshold, t);
      }
      canonicalMapped |= canonical;
    }

    /**
     * The plan, once every index is checked.
     *
     * @param anyIndex whether the search resolved to any index at all (a search of none is left to
     *     the engine)
     */
    public CollapsePlan plan(boolean anyIndex) {
      if (!canonicalMapped && anyIndex) {
        throw new IllegalArgumentException(
            "["
                + NAME
                + "] [canonical] field ["
                + String.join(", ", ext.canonical().fields())
                + "] is not mapped in any searched index: expected a numeric, date, boolean, ip or"
                + " keyword field");
      }
      if (!mapped && anyIndex) {
        throw new IllegalArgumentException(
            "["
                + NAME
                + "] unknown field ["
                + ext.field()
                + "]: no searched index maps it; expected a field of type [neardup]");
      }
      if (ext.window() > maxWindow) {
        throw new IllegalArgumentException(
            "["
                + NAME
                + "] [window] must be at most ["
                + maxWindow
                + "] (index setting ["
                + MAX_WINDOW_SETTING
                + "] of index ["
                + limitingIndex
                + "]), got ["
                + ext.window()
                + "]");
      }
      if ((long) from + size > ext.window()) {
        throw new IllegalArgumentException(
            "["
                + NAME
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
      return new CollapsePlan(from, size, minSimilarity, maxResultWindow, resultWindowIndex);
    }
  }
}

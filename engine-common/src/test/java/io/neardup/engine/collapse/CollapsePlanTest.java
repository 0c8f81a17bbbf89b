package io.neardup.engine.collapse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.engine.api.CollapseParams;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checks of a collapsed search against its indexes, as both engines run them. */
class CollapsePlanTest {
  private static final Map<String, Object> NEARDUP_07 = Map.of("type", "neardup", "threshold", 0.7);
  private static final Map<String, Object> NEARDUP_09 = Map.of("type", "neardup", "threshold", 0.9);

  private static CollapseParams ext(Double minSimilarity, int window) {
    return new CollapseParams(
        "body.dup", minSimilarity, window, CollapseMode.DEMOTE, CanonicalPolicy.BEST_SCORE);
  }

  private static String refused(Runnable plan) {
    return assertThrows(IllegalArgumentException.class, plan::run).getMessage();
  }

  @Test
  void thePlanTakesThePageAndTheHighestThresholdOfTheField() {
    CollapsePlan.Planner planner =
        CollapsePlan.planner(ext(null, 100), -1, -1, false, false, new String[] {"a*"});
    planner.index("a1", 500, 10_000, NEARDUP_07, true);
    planner.index("a2", 1000, 200, NEARDUP_09, false);
    planner.index("a3", 1000, 10_000, null, false);
    CollapsePlan plan = planner.plan(true);
    assertEquals(new CollapsePlan(0, CollapsePlan.DEFAULT_SIZE, 0.9, 200, "a2"), plan);
    CollapsePlan.Planner given =
        CollapsePlan.planner(ext(0.75, 100), 20, 5, false, false, new String[0]);
    given.index("a1", 500, 10_000, NEARDUP_07, true);
    assertEquals(0.75, given.plan(true).minSimilarity());
    // a search that resolves to no index is left to the engine
    CollapsePlan none =
        CollapsePlan.planner(ext(null, 100), 0, 10, false, false, new String[0]).plan(false);
    assertNull(none.resultWindowIndex());
  }

  @Test
  void eachRefusalNamesTheParameterAndWhatIsAllowed() {
    String[] one = {"docs"};
    assertTrue(
        refused(() -> CollapsePlan.planner(ext(null, 100), 0, 10, true, false, one))
            .contains("cannot be used with scroll"));
    assertTrue(
        refused(() -> CollapsePlan.planner(ext(null, 100), 0, 10, false, true, one))
            .contains("cannot be used with [search_after]"));
    assertTrue(
        refused(() ->
                CollapsePlan.planner(ext(null, 100), 0, 10, false, false, new String[] {"r:docs"}))
            .contains("does not support cross-cluster search, got index [r:docs]"));
    assertEquals(
        "[neardup_collapse] field [body.dup] is of type [text] in index [docs], expected a field of"
            + " type [neardup]",
        refused(() ->
            CollapsePlan.planner(ext(null, 100), 0, 10, false, false, one)
                .index("docs", 1000, 10_000, Map.of("type", "text"), true)));
    assertTrue(
        refused(() -> planned(ext(null, 100), 0, 10, null, true))
            .startsWith("[neardup_collapse] unknown field [body.dup]"));
    assertTrue(
        refused(() -> planned(ext(null, 100), 0, 10, NEARDUP_07, false))
            .contains("is not mapped in any searched index"));
    assertEquals(
        "[neardup_collapse] [window] must be at most [1000] (index setting"
            + " [index.neardup.max_collapse_window] of index [docs]), got [5000]",
        refused(() -> planned(ext(null, 5000), 0, 10, NEARDUP_07, true)));
    assertTrue(
        refused(() -> planned(ext(null, 100), 95, 10, NEARDUP_07, true))
            .startsWith(
                "[neardup_collapse] from + size must be at most [window] [100], got [105]"));
  }

  private static CollapsePlan planned(
      CollapseParams ext, int from, int size, Map<String, Object> field, boolean canonical) {
    CollapsePlan.Planner planner =
        CollapsePlan.planner(ext, from, size, false, false, new String[] {"docs"});
    planner.index("docs", 1000, 10_000, field, canonical);
    return planner.plan(true);
  }
}

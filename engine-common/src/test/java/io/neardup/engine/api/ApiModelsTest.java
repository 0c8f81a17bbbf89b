package io.neardup.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.engine.reconcile.ReconcileParams;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The engine-neutral request and response models: wire round trips, JSON and messages. */
class ApiModelsTest {
  private interface Write {
    void to(WireOutput out) throws IOException;
  }

  private static WireInput roundTrip(Write write) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    write.to(WireOutput.of(bytes));
    return WireInput.of(new ByteArrayInputStream(bytes.toByteArray()));
  }

  @Test
  void aLikeDocumentNeedsAnIdAndReadsBack() throws IOException {
    for (LikeDocument d :
        List.of(new LikeDocument(null, "42", null), new LikeDocument("docs", "7", "r"))) {
      assertEquals(d, LikeDocument.read(roundTrip(d::write)));
    }
    assertEquals(
        Map.of("_index", "docs", "_id", "7", "routing", "r"),
        new LikeDocument("docs", "7", "r").body());
    assertEquals(
        "[like] document requires a non-empty [_id]",
        assertThrows(IllegalArgumentException.class, () -> new LikeDocument("docs", "", null))
            .getMessage());
    assertEquals(
        "[like] document [_index] must not be empty",
        assertThrows(IllegalArgumentException.class, () -> new LikeDocument("", "1", null))
            .getMessage());
  }

  @Test
  void aLikeQueryIsNotSentWhileItsDocumentIsFetched() throws IOException {
    LikeQuery like = LikeQuery.ofDocument("body", new LikeDocument("docs", "7", null));
    assertEquals(
        "the [like] document has not been fetched yet: rewrite the query before sending it",
        assertThrows(
                IllegalStateException.class,
                () -> like.write(WireOutput.of(new ByteArrayOutputStream()), true))
            .getMessage());
    assertEquals(like, LikeQuery.read(roundTrip(out -> like.write(out, false))));
  }

  @Test
  void likeQueryChecksNameTheirKey() {
    assertEquals(
        "[min_similarity] must be a number in (0, 1], got [1.5]",
        assertThrows(IllegalArgumentException.class, () -> LikeQueries.checkMinSimilarity(1.5))
            .getMessage());
    assertEquals(
        "[max_hamming] must be an integer between 0 and 32, got [33]",
        assertThrows(IllegalArgumentException.class, () -> LikeQueries.checkMaxHamming(33))
            .getMessage());
    assertEquals(
        "a body text",
        LikeQueries.text(
            new LikeDocument(null, "1", null),
            "docs",
            "body.dup",
            path -> path.equals("body") ? "a body text" : null));
    assertEquals(
        "[neardup] [like] document [1] in index [docs] has no text for field [body.dup] in its"
            + " _source",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    LikeQueries.text(
                        new LikeDocument(null, "1", null), "docs", "body.dup", p -> null))
            .getMessage());
  }

  @Test
  void clustersParamsCheckReadBackAndDescribeThemselves() throws IOException {
    ClustersParams p =
        new ClustersParams()
            .field("body.dup")
            .minSimilarity(0.85)
            .canonical(CanonicalPolicy.lowest("published"))
            .from(5)
            .size(20)
            .batchSize(300);
    ClustersParams read = ClustersParams.read(roundTrip(p::write));
    assertEquals("body.dup", read.field());
    assertEquals(0.85, read.minSimilarity());
    assertEquals(CanonicalPolicy.lowest("published"), read.canonical());
    assertEquals(List.of(5, 20, 300), List.of(read.from(), read.size(), read.batchSize()));
    assertNull(read.run());
    assertEquals(
        "neardup clusters of a,b on [body.dup] at 0.85", p.description(new String[] {"a", "b"}));
    assertEquals(List.of(), p.errors(false));
    assertEquals(
        List.of("[field] is required: the name of a field of type [neardup]"),
        new ClustersParams().errors(false));
    assertEquals(
        "[size] must be between 0 and 10000, got [10001]",
        assertThrows(IllegalArgumentException.class, () -> new ClustersParams().size(10_001))
            .getMessage());
    assertEquals(
        "[keep_alive] must be between 1ms and 1d, got [2d]",
        assertThrows(
                IllegalArgumentException.class,
                () -> ClustersParams.checkKeepAlive(2 * 86_400_000L, "2d", "1d"))
            .getMessage());
  }

  @Test
  void reconcileParamsKeepTheirOwnKeysBesideTheClusteringOnes() throws IOException {
    ReconcileParams p =
        ReconcileParams.of(new ClustersParams().field("body.dup"))
            .canonical(CanonicalPolicy.lowest("published"))
            .clusterField("c")
            .canonicalField("k")
            .dryRun(true);
    assertEquals(ReconcileParams.DEFAULT_BATCH_SIZE, p.clusters().batchSize());
    ReconcileParams read = ReconcileParams.read(p.clusters(), roundTrip(p::write));
    assertEquals(true, read.canonicalGiven());
    assertEquals(List.of("c", "k"), List.of(read.clusterField(), read.canonicalField()));
    assertEquals(true, read.dryRun());
    assertEquals(
        List.of("[cluster_field] and [canonical_field] must differ, got [c] for both"),
        ReconcileParams.of(new ClustersParams().field("f"))
            .clusterField("c")
            .canonicalField("c")
            .errors(false));
  }

  @Test
  void aClustersPageReadsBackAndWritesItsJson() throws IOException {
    ClusterListing.Member canonical = new ClusterListing.Member("docs", "17", 1.0);
    ClusterListing.Member copy = new ClusterListing.Member("docs", "212", 0.9375);
    ClustersPage page =
        new ClustersPage(
            812,
            0.8,
            430,
            197,
            67,
            0,
            List.of(new ClusterListing.Group(canonical, List.of(copy))),
            null);
    assertEquals(page, ClustersPage.read(roundTrip(page::write)));
    assertEquals(
        List.of(
            "took", "min_similarity", "documents", "clustered_documents", "total_clusters", "from"),
        List.copyOf(page.head().keySet()));
    assertEquals(
        Map.of(
            "size",
            2,
            "canonical",
            Map.of("_index", "docs", "_id", "17"),
            "copies",
            List.of(Map.of("_index", "docs", "_id", "212", "similarity", 0.9375))),
        ClustersPage.body(page.clusters().get(0)));
  }

  @Test
  void reconcileResultAndProgressReadBack() throws IOException {
    ReconcileResult r =
        new ReconcileResult(
            95,
            false,
            0.8,
            430,
            67,
            12,
            11,
            1,
            List.of(new ReconcileResult.Failure("d", "1", "x")));
    assertEquals(r, ReconcileResult.read(roundTrip(r::write)));
    assertEquals(418L, r.body().get("unchanged"));
    ReconcileProgress progress = new ReconcileProgress();
    progress.total(10);
    progress.read();
    progress.clustered(2, 3);
    ReconcileProgress.Status s = progress.status();
    assertEquals(s, ReconcileProgress.Status.read(roundTrip(s::write)));
    assertEquals("writing", s.body().get("phase"));
    assertEquals(-1L, new ReconcileProgress().status().clusters());
  }

  @Test
  void collapseParamsKeepTheirParseRules() throws IOException {
    CollapseParams.Spec spec = new CollapseParams.Spec();
    spec.field = "body.dup";
    spec.mode = "GROUP";
    CollapseParams p = spec.build();
    assertEquals(CollapseMode.GROUP, p.mode());
    assertEquals(p, CollapseParams.read(roundTrip(p::write)));
    assertEquals("score", p.body().get("canonical"));
    spec.window = 2.5;
    assertEquals(
        "[window] must be an integer, at least 1, got [2.5]",
        assertThrows(IllegalArgumentException.class, spec::build).getMessage());
    assertNotEquals(p, CollapseParams.defaults("other"));
    SketchesParams s = new SketchesParams("body.dup", CanonicalPolicy.lowest("published"));
    assertEquals(s, SketchesParams.read(roundTrip(s::write)));
    assertEquals(Map.of("field", "body.dup", "canonical", "published:asc"), s.body());
    SketchesParams ids = SketchesParams.idsOnly("body.dup", CanonicalPolicy.BEST_SCORE);
    assertEquals(ids, SketchesParams.read(roundTrip(ids::write)));
    assertNotEquals(new SketchesParams("body.dup", CanonicalPolicy.BEST_SCORE), ids);
    assertEquals(Map.of("field", "body.dup", "ids_only", true), ids.body());
  }
}

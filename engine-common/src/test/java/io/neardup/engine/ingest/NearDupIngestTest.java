package io.neardup.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.TextNormalizationFilterFactory;
import io.neardup.cluster.Verification;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.engine.param.MappingFields;
import io.neardup.engine.param.NearDupField;
import io.neardup.engine.param.NearDupMappings;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Sketch;
import io.neardup.web.analysis.MainTextCharFilterFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.custom.CustomAnalyzer;
import org.apache.lucene.analysis.standard.StandardTokenizerFactory;
import org.junit.jupiter.api.Test;

class NearDupIngestTest {
  private static Map<String, Object> mapping(String dup, String cluster, String canonical) {
    return Map.of(
        "properties",
        Map.of(
            "body",
            Map.of("type", "text", "fields", Map.of("dup", Map.of("type", dup, "threshold", 0.9))),
            "neardup_cluster",
            Map.of("type", cluster),
            "neardup_canonical",
            Map.of("type", canonical)));
  }

  private static NearDupMappings.FieldParameters target(Map<String, Object> mapping, String field) {
    return target(mapping, Map.of(), field).parameters();
  }

  /**
   * @param analysis the index's analysis settings, flat keys below {@code index.analysis.}
   */
  private static NearDupIngest.TargetField target(
      Map<String, Object> mapping, Map<String, List<String>> analysis, String field) {
    return NearDupIngest.targetParameters(
        path -> MappingFields.find(mapping, path),
        key -> analysis.getOrDefault(key, List.of()),
        "articles",
        field,
        NearDupIngest.DEFAULT_CLUSTER_FIELD,
        NearDupIngest.DEFAULT_CANONICAL_FIELD,
        null);
  }

  private static void assertMessage(String message, Runnable call) {
    assertEquals(message, assertThrows(IllegalArgumentException.class, call::run).getMessage());
  }

  @Test
  void settingsAreTheFieldsAndTheSketchIsTheIndexedOne() {
    NearDupMappings.FieldParameters parameters =
        target(mapping("neardup", "keyword", "boolean"), "body.dup");
    NearDupSettings settings = parameters.settings();
    assertEquals(NearDupSettings.builder().threshold(0.9).build(), settings);
    assertEquals(Verification.EXACT, parameters.verification(), "exact by default");
    String text = "the warehouse robot picks orders from tall shelves and carries them to packing";
    NearDupDocumentBuilder indexed =
        new NearDupDocumentBuilder(
            new NearDupAnalyzer(settings, true),
            new NearDupFields("body.dup"),
            NearDupDocument.SetLayout.DELTA);
    assertEquals(
        indexed.analyze(text).sketch(),
        new NearDupIngest().sketch("uuid/1", "body.dup", settings, text));
    // with verify: exact the set is the one the field stores
    SketchedText analysed = new NearDupIngest().analyse("uuid/1", "body.dup", parameters, text);
    assertEquals(indexed.analyze(text).sketch(), analysed.sketch());
    byte[] stored =
        indexed.fields(text).stream()
            .filter(f -> f.name().equals("body.dup.shingles"))
            .findFirst()
            .orElseThrow()
            .binaryValue()
            .bytes;
    assertArrayEquals(stored, analysed.shingles());
    assertNull(
        new NearDupIngest()
            .analyse(
                "uuid/1",
                "body.dup",
                new NearDupMappings.FieldParameters(settings, Verification.SKETCH),
                text)
            .shingles());
  }

  private static final Map<String, Object> HTML_MAPPING =
      Map.of(
          "properties",
          Map.of(
              "page",
              Map.of(
                  "type",
                  "text",
                  "fields",
                  Map.of("dup", Map.of("type", "neardup", "analyzer", "html"))),
              "neardup_cluster",
              Map.of("type", "keyword")));

  /** An analyzer {@code html} of the char filter and filters, as flat analysis settings. */
  static Map<String, List<String>> htmlAnalyzer(String charFilter, String... filters) {
    return Map.of(
        "analyzer.html.type", List.of("custom"),
        "analyzer.html.char_filter", List.of(charFilter),
        "analyzer.html.tokenizer", List.of("standard"),
        "analyzer.html.filter", List.of(filters));
  }

  @Test
  void aFieldThatAnalysesAPagesMainTextIsAnalysedAsTheFieldDoes() throws Exception {
    NearDupIngest.TargetField field =
        target(HTML_MAPPING, htmlAnalyzer("neardup_main_text", "neardup_normalize"), "page.dup");
    assertNotNull(field.mainText());
    String page =
        "<html><head><title>Robots</title></head><body><nav><a href=/>Home</a> <a href=/shop>Shop"
            + "</a> <a href=/blog>Blog</a></nav><main><p>"
            + TEXT
            + "</p><p>"
            + TEXT.replace("robot", "machine")
            + "</p></main><footer>Copyright 2026 Example Robots Inc. All rights reserved."
            + "</footer></body></html>";
    // the field's analyzer as an engine builds it from the index's settings
    Analyzer engines =
        CustomAnalyzer.builder()
            .addCharFilter(MainTextCharFilterFactory.NAME)
            .withTokenizer(StandardTokenizerFactory.NAME)
            .addTokenFilter(TextNormalizationFilterFactory.NAME)
            .build();
    NearDupMappings.FieldParameters parameters = field.parameters();
    NearDupDocument indexed =
        new NearDupDocumentBuilder(
                NearDupField.chain(engines, parameters.settings(), parameters.verification()),
                new NearDupFields("page.dup"))
            .analyze(page);
    NearDupDocument ingested =
        new NearDupIngest()
            .analyze(
                "uuid/1/1", "page.dup", field.parameters(), field.mainText().mainText(page).text());
    assertEquals(indexed.sketch(), ingested.sketch());
    assertArrayEquals(
        indexed.encodedSet(NearDupDocument.SetLayout.DELTA),
        ingested.encodedSet(NearDupDocument.SetLayout.DELTA));
    assertNotEquals(
        new NearDupIngest().analyze("uuid/1/1", "page.dup", parameters, page).sketch(),
        ingested.sketch(),
        "the page's markup and furniture are not analysed");

    // a char filter the index defines, with its settings
    Map<String, List<String>> defined =
        new java.util.HashMap<>(htmlAnalyzer("main", "neardup_normalize"));
    defined.put("char_filter.main.type", List.of("neardup_main_text"));
    defined.put("char_filter.main.boilerplate", List.of("none"));
    assertNotNull(target(HTML_MAPPING, defined, "page.dup").mainText());
  }

  @Test
  void otherAnalyzersAreRefusedNamingWhatTheProcessorRuns() {
    String refused =
        "[neardup] processor [neardup_field]: field [page.dup] uses analyzer [html]; the processor"
            + " runs only [neardup_standard] and custom analyzers of one [neardup_main_text] char"
            + " filter, the [standard] tokenizer and the [neardup_normalize] filter";
    assertMessage(refused, () -> target(HTML_MAPPING, Map.of(), "page.dup"));
    assertMessage(
        refused,
        () ->
            target(
                HTML_MAPPING,
                htmlAnalyzer("neardup_main_text", "neardup_normalize", "lowercase"),
                "page.dup"));
    assertMessage(
        refused,
        () -> target(HTML_MAPPING, htmlAnalyzer("html_strip", "neardup_normalize"), "page.dup"));
    Map<String, List<String>> whitespace =
        new java.util.HashMap<>(htmlAnalyzer("neardup_main_text", "neardup_normalize"));
    whitespace.put("analyzer.html.tokenizer", List.of("whitespace"));
    assertMessage(refused, () -> target(HTML_MAPPING, whitespace, "page.dup"));
    Map<String, List<String>> options =
        new java.util.HashMap<>(htmlAnalyzer("neardup_main_text", "neardup_normalize"));
    options.put("filter.neardup_normalize.type", List.of("neardup_normalize"));
    options.put("filter.neardup_normalize.lowercase", List.of("false"));
    assertMessage(refused, () -> target(HTML_MAPPING, options, "page.dup"));
    Map<String, List<String>> badSetting =
        new java.util.HashMap<>(htmlAnalyzer("main", "neardup_normalize"));
    badSetting.put("char_filter.main.type", List.of("neardup_main_text"));
    badSetting.put("char_filter.main.boilerplate", List.of("site"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class, () -> target(HTML_MAPPING, badSetting, "page.dup"))
            .getMessage()
            .startsWith("char filter [main] of type [neardup_main_text]: boilerplate must be"));
  }

  @Test
  void settingsAreCheckedOncePerMappingAndFailuresEveryTime() {
    NearDupIngest ingest = new NearDupIngest();
    Map<String, Object> good = mapping("neardup", "keyword", "boolean");
    int[] reads = {0};
    java.util.function.Function<String, Map<String, Object>> mapped =
        path -> {
          reads[0]++;
          return MappingFields.find(good, path);
        };
    java.util.function.Supplier<NearDupIngest.TargetField> cached =
        () ->
            ingest.cachedTargetParameters(
                "uuid/1",
                mapped,
                key -> List.of(),
                "articles",
                "body.dup",
                "neardup_cluster",
                "neardup_canonical",
                null);
    NearDupIngest.TargetField first = cached.get();
    int afterFirst = reads[0];
    assertEquals(target(good, "body.dup"), first.parameters());
    assertSame(first, cached.get());
    assertEquals(afterFirst, reads[0], "the mapping is not read again");
    for (int i = 0; i < 2; i++) {
      assertThrows(
          IllegalArgumentException.class,
          () ->
              ingest.cachedTargetParameters(
                  "uuid/1",
                  mapped,
                  key -> List.of(),
                  "articles",
                  "body.nope",
                  "neardup_cluster",
                  "neardup_canonical",
                  null));
    }
  }

  @Test
  void errorsNameTheParameter() {
    Map<String, Object> good = mapping("neardup", "keyword", "boolean");
    assertMessage(
        "[neardup] processor [neardup_field]: field [body.nope] does not exist in the mapping of"
            + " index [articles]",
        () -> target(good, "body.nope"));
    assertMessage(
        "[neardup] processor [neardup_field]: field [body] is of type [text] in index [articles],"
            + " expected a field of type [neardup]",
        () -> target(good, "body"));
    assertMessage(
        "[neardup] processor [cluster_field]: field [neardup_cluster] must be mapped as [keyword]"
            + " in index [articles], got [text]",
        () -> target(mapping("neardup", "text", "boolean"), "body.dup"));
    assertMessage(
        "[neardup] processor [canonical_field]: field [neardup_canonical] must be mapped as"
            + " [boolean] in index [articles], got [keyword]",
        () -> target(mapping("neardup", "keyword", "keyword"), "body.dup"));
    Map<String, Object> noDocValues =
        Map.of(
            "properties",
            Map.of(
                "d",
                Map.of("type", "neardup"),
                "neardup_cluster",
                Map.of("type", "keyword", "doc_values", false)));
    assertMessage(
        "[neardup] processor [cluster_field]: field [neardup_cluster] requires [doc_values] in"
            + " index [articles]: the processor reads the cluster ids of near-duplicates from them",
        () -> target(noDocValues, "d"));
    Map<String, Object> custom =
        Map.of("properties", Map.of("d", Map.of("type", "neardup", "analyzer", "whitespace")));
    assertMessage(
        "[neardup] processor [neardup_field]: field [d] uses analyzer [whitespace]; the processor"
            + " runs only [neardup_standard] and custom analyzers of one [neardup_main_text] char"
            + " filter, the [standard] tokenizer and the [neardup_normalize] filter",
        () -> target(custom, "d"));
    assertEquals(
        "[neardup] processor: index [x] does not exist: create it with a mapping of"
            + " [neardup_field] [body.dup] before ingesting",
        NearDupIngest.missingIndex("x", "body.dup").getMessage());
  }

  private static final String TEXT =
      "the warehouse robot picks orders from tall shelves and carries them to the packing station"
          + " where workers check every item before it ships to the customer next morning";

  /** What a document was given, or why not. */
  private record Result(NearDupIngest.Assigned assigned, Exception failure) {}

  /** A search the ingest started: its documents' sketches and where its answer goes. */
  private record Search(List<SketchedText> sketches, BiConsumer<List<String>, Exception> answer) {
    /** Answers the same cluster id (or none) for every document. */
    void answerAll(String cluster) {
      answer.accept(java.util.Collections.nCopies(sketches.size(), cluster), null);
    }
  }

  private static Result assign(
      NearDupIngest ingest,
      String text,
      String newCluster,
      List<Search> searches,
      List<Result> results) {
    Sketch sketch = ingest.sketch("uuid/1", "body.dup", NearDupSettings.DEFAULT, text);
    ingest.assign(
        "uuid/body.dup/neardup_cluster",
        sketch,
        NearDupSettings.DEFAULT,
        newCluster,
        (sketches, answer) -> searches.add(new Search(sketches, answer)),
        (assigned, failure) -> results.add(new Result(assigned, failure)));
    return results.isEmpty() ? null : results.get(results.size() - 1);
  }

  @Test
  void copiesWaitForTheFirstSearchAndJoinItsCluster() {
    NearDupIngest ingest = new NearDupIngest();
    List<Search> searches = new ArrayList<>();
    List<Result> results = new ArrayList<>();
    assign(ingest, TEXT, "a", searches, results);
    assign(ingest, TEXT + " appendix", "b", searches, results);
    assertEquals(1, searches.size(), "the copy does not search: it waits for the first");
    assertEquals(0, results.size());
    searches.get(0).answerAll(null); // the index has no near-duplicate
    // in no particular order: both complete when the search answers
    assertEquals(
        Set.of(
            new Result(new NearDupIngest.Assigned("a", true), null),
            new Result(new NearDupIngest.Assigned("a", false), null)),
        Set.copyOf(results));

    // an unrelated text searches; the index answers an existing cluster
    results.clear();
    assign(
        ingest,
        "a completely different text about bicycles along the river bank",
        "c",
        searches,
        results);
    searches.get(1).answerAll("x");
    assertEquals(List.of(new Result(new NearDupIngest.Assigned("x", false), null)), results);
  }

  /**
   * An index deleted and created again under its name has a new UUID: the old one's recent sketches
   * go when the new one is first written to, and its copies no longer join their clusters.
   */
  @Test
  void aRecreatedIndexForgetsTheDeletedOnesRecentSketches() {
    RecentSketches<java.util.concurrent.CompletableFuture<String>> recent = new RecentSketches<>();
    NearDupIngest ingest = new NearDupIngest(recent, 4, 100);
    List<Search> searches = new ArrayList<>();
    List<Result> results = new ArrayList<>();
    ingest.writing("articles", "uuid");
    assign(ingest, TEXT, "a", searches, results);
    searches.get(0).answerAll(null);
    ingest.writing("articles", "uuid");
    ingest.writing("other", "uuid-2");
    assertEquals(1, recent.size(), "the same index, and another one: nothing forgotten");
    ingest.writing("articles", "uuid-3");
    assertEquals(0, recent.size());
    results.clear();
    assign(ingest, TEXT, "b", searches, results);
    assertEquals(2, searches.size(), "the copy searches: the deleted index's sketch is gone");
  }

  /** An engine whose index holds given documents and cluster members, for replacing writes. */
  private static final class Index implements NearDupIngest.Lookup {
    final Map<String, NearDupIngest.Previous> stored = new java.util.HashMap<>();
    String nearDuplicateCluster;
    final List<String> handedOn = new ArrayList<>();

    @Override
    public void lookup(List<SketchedText> sketches, BiConsumer<List<String>, Exception> answer) {
      answer.accept(java.util.Collections.nCopies(sketches.size(), nearDuplicateCluster), null);
    }

    @Override
    public void previous(
        List<NearDupIngest.Replaced> documents,
        BiConsumer<List<NearDupIngest.Previous>, Exception> answer) {
      answer.accept(documents.stream().map(d -> stored.get(d.id())).toList(), null);
    }

    @Override
    public void handOn(
        String cluster, NearDupIngest.Replaced leaving, BiConsumer<String, Exception> answer) {
      handedOn.add(cluster + " from " + leaving.id());
      answer.accept("b", null);
    }

    Result write(NearDupIngest ingest, String id, String text) {
      List<Result> results = new ArrayList<>();
      ingest.assignReplacing(
          "uuid/body.dup/neardup_cluster",
          SketchedText.of(ingest.sketch("uuid/1", "body.dup", NearDupSettings.DEFAULT, text)),
          NearDupSettings.DEFAULT,
          new NearDupIngest.Replaced(id, null),
          "fresh",
          this,
          (assigned, failure) -> results.add(new Result(assigned, failure)));
      assertEquals(1, results.size(), "answered once");
      return results.get(0);
    }
  }

  @Test
  void aReplacingWriteIsAssignedAnewAndKeepsItsClustersRight() {
    // a new id: as any new document
    Index index = new Index();
    assertEquals(
        new NearDupIngest.Assigned("a", true),
        index.write(new NearDupIngest(), "a", TEXT).assigned());

    // the canonical and first member of [a], written again close to its cluster: stays canonical
    index.stored.put("a", new NearDupIngest.Previous("a", true));
    index.nearDuplicateCluster = "a";
    assertEquals(
        new NearDupIngest.Assigned("a", true),
        index.write(new NearDupIngest(), "a", TEXT).assigned());
    assertEquals(List.of(), index.handedOn);

    // ... written again with unrelated text: a fresh cluster, and [a] gets another canonical
    index.nearDuplicateCluster = null;
    assertEquals(
        new NearDupIngest.Assigned("fresh", true),
        index.write(new NearDupIngest(), "a", TEXT).assigned());
    assertEquals(List.of("a from a"), index.handedOn);

    // a member that joins another cluster: no hand-on when it was not the canonical
    index.handedOn.clear();
    index.stored.put("c", new NearDupIngest.Previous("a", false));
    index.nearDuplicateCluster = "x";
    assertEquals(
        new NearDupIngest.Assigned("x", false),
        index.write(new NearDupIngest(), "c", TEXT).assigned());
    assertEquals(List.of(), index.handedOn);

    // a canonical that is not its cluster's first member and leaves it starts a cluster of its id
    index.stored.put("d", new NearDupIngest.Previous("a", true));
    index.nearDuplicateCluster = null;
    assertEquals(
        new NearDupIngest.Assigned("d", true),
        index.write(new NearDupIngest(), "d", TEXT).assigned());
    assertEquals(List.of("a from d"), index.handedOn);
  }

  @Test
  void aFailedSearchFailsItsWaitersAndIsForgotten() {
    NearDupIngest ingest = new NearDupIngest();
    List<Search> searches = new ArrayList<>();
    List<Result> results = new ArrayList<>();
    assign(ingest, TEXT, "a", searches, results);
    assign(ingest, TEXT, "b", searches, results);
    IllegalStateException boom = new IllegalStateException("boom");
    searches.get(0).answer().accept(null, boom);
    assertEquals(2, results.size());
    assertSame(boom, results.get(0).failure());
    assertSame(boom, results.get(1).failure());
    // the failed sketch is forgotten: the next copy searches again
    assign(ingest, TEXT, "c", searches, results);
    assertEquals(2, searches.size());
  }

  /** Unrelated texts: each searches the index. */
  private static String unrelated(int i) {
    java.util.Random r = new java.util.Random(i);
    StringBuilder sb = new StringBuilder();
    for (int w = 0; w < 40; w++) {
      sb.append("w").append(r.nextInt(100_000)).append(' ');
    }
    return sb.toString();
  }

  @Test
  void documentsThatWaitForASearchGoTogetherIntoTheNext() {
    NearDupIngest ingest = new NearDupIngest(new RecentSketches<>(), 2, 3);
    List<Search> searches = new ArrayList<>();
    List<Result> results = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      assign(ingest, unrelated(i), "d" + i, searches, results);
    }
    assertEquals(2, searches.size(), "two searches start, of one document each; eight wait");
    assertEquals(List.of(1, 1), searches.stream().map(s -> s.sketches().size()).toList());
    assertEquals(2, ingest.runningSearches());
    searches.get(0).answerAll(null);
    assertEquals(3, searches.size(), "an answer starts the next, with at most three documents");
    assertEquals(3, searches.get(2).sketches().size());
    assertEquals(
        ingest.sketch("uuid/1", "body.dup", NearDupSettings.DEFAULT, unrelated(2)),
        searches.get(2).sketches().get(0).sketch(),
        "in the order they arrived");
    searches.get(1).answer().accept(null, new IllegalStateException("rejected"));
    assertEquals(4, searches.size(), "a failure too");
    searches.get(2).answer().accept(java.util.Arrays.asList(null, "x", null), null);
    searches.get(3).answerAll(null);
    assertEquals(5, searches.size());
    assertEquals(
        List.of(2), searches.subList(4, 5).stream().map(s -> s.sketches().size()).toList());
    searches.get(4).answerAll(null);
    assertEquals(10, results.size());
    assertEquals(0, ingest.runningSearches());
    assertEquals(
        new Result(new NearDupIngest.Assigned("x", false), null),
        results.get(3),
        "the second document of the third search joins the cluster found for it");
    assertEquals(new Result(new NearDupIngest.Assigned("d2", true), null), results.get(2));
    assertEquals("rejected", results.get(1).failure().getMessage());
  }

  @Test
  void anAnswerOfTheWrongLengthFailsItsDocuments() {
    NearDupIngest ingest = new NearDupIngest();
    List<Search> searches = new ArrayList<>();
    List<Result> results = new ArrayList<>();
    assign(ingest, TEXT, "a", searches, results);
    searches.get(0).answer().accept(List.of("x", "y"), null);
    assertEquals(
        "the search answered 2 cluster ids for 1 documents", results.get(0).failure().getMessage());
    assertEquals(0, ingest.runningSearches());
  }

  @Test
  void searchesThatAnswerAtOnceStartTheWaitingOnesWithoutNesting() {
    NearDupIngest ingest = new NearDupIngest(new RecentSketches<>(), 1, 1);
    List<Search> held = new ArrayList<>();
    List<Result> results = new ArrayList<>();
    // the first search is held, so the next 20 000 wait; then every search answers as it starts
    boolean[] answerAtOnce = {false};
    int[] deepest = {0};
    for (int i = 0; i < 20_001; i++) {
      String text = unrelated(i);
      ingest.assign(
          "uuid/body.dup/neardup_cluster",
          ingest.sketch("uuid/1", "body.dup", NearDupSettings.DEFAULT, text),
          NearDupSettings.DEFAULT,
          "d" + i,
          (sketches, answer) -> {
            if (!answerAtOnce[0]) {
              held.add(new Search(sketches, answer));
              return;
            }
            deepest[0] = Math.max(deepest[0], Thread.currentThread().getStackTrace().length);
            new Search(sketches, answer).answerAll(null);
          },
          (assigned, failure) -> results.add(new Result(assigned, failure)));
    }
    answerAtOnce[0] = true;
    int base = Thread.currentThread().getStackTrace().length;
    held.get(0).answerAll(null);
    assertEquals(20_001, results.size());
    assertEquals(0, ingest.runningSearches());
    assertTrue(deepest[0] - base < 100, "no nesting: stack grew by " + (deepest[0] - base));
  }

  @Test
  void aTextWithoutShinglesStartsItsOwnCluster() {
    NearDupIngest ingest = new NearDupIngest();
    List<Search> searches = new ArrayList<>();
    List<Result> results = new ArrayList<>();
    assertEquals(
        new Result(new NearDupIngest.Assigned("a", true), null),
        assign(ingest, "", "a", searches, results));
    assertEquals(
        new Result(new NearDupIngest.Assigned("b", true), null),
        assign(ingest, "", "b", searches, results));
    assertEquals(0, searches.size());
    assertNull(results.get(0).failure());
  }
}

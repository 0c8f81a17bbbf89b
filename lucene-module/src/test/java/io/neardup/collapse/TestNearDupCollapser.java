package io.neardup.collapse;

import static io.neardup.collapse.CollapseTestSupport.edit;
import static io.neardup.collapse.CollapseTestSupport.ids;
import static io.neardup.collapse.CollapseTestSupport.randomWords;
import static io.neardup.collapse.CollapseTestSupport.scored;
import static io.neardup.collapse.CollapseTestSupport.shape;
import static io.neardup.collapse.CollapseTestSupport.text;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.collapse.core.WindowCollapse;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.search.NearDuplicateQuery;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.LongField;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SortedNumericSortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.search.TotalHits;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.util.LuceneTestCase;
import org.junit.AfterClass;
import org.junit.BeforeClass;

/**
 * Collapse on a small hand-made index with two families of near-duplicates ("n" news: n1, n2, n3;
 * "r" recipe: r1, r2), two unrelated hits (u1, u2), two empty texts (e1, e2) and a document without
 * a sketch (x1). The query scores them so that their rank is n1, u1, r2, n2, e1, r1, x1, n3, e2,
 * u2.
 */
public class TestNearDupCollapser extends LuceneTestCase {
  // 256 values keep the estimation error (about 0.02) far from the margins of the families
  static final NearDupSettings SETTINGS =
      NearDupSettings.builder().shingleSize(3).hashes(256).build();
  static final NearDupFields FIELDS = NearDupFields.DEFAULT;

  private static final Map<String, Float> SCORES = new LinkedHashMap<>();

  static {
    String[] rank = {"n1", "u1", "r2", "n2", "e1", "r1", "x1", "n3", "e2", "u2"};
    for (int i = 0; i < rank.length; i++) {
      SCORES.put(rank[i], 5f - 0.5f * i);
    }
  }

  private static Directory dir;
  private static IndexReader reader;
  private static IndexSearcher searcher;
  private static final Map<String, Sketch> sketches = new LinkedHashMap<>();

  // one index for the whole class: building it per test would dominate the test time
  @BeforeClass
  public static void buildIndex() throws Exception {
    Random r = new Random(42);
    // one replaced word changes 3 of 98 shingles: J(base, copy) = 0.94, J(copy, copy) = 0.88
    List<String> news = randomWords(r, 100);
    List<String> recipe = randomWords(r, 100);
    dir = newDirectory();
    NearDupDocumentBuilder builder =
        new NearDupDocumentBuilder(new NearDupAnalyzer(SETTINGS), FIELDS);
    List<Document> docs = new ArrayList<>();
    docs.add(doc(builder, "n1", text(news), "2024-03-02", 10L, 3L));
    docs.add(doc(builder, "n2", text(edit(news, r, 20)), "2024-03-01", 50L, null));
    docs.add(doc(builder, "n3", text(edit(news, r, 70)), "2024-03-01", 5L, 9L));
    docs.add(doc(builder, "r1", text(recipe), "2024-02-01", 7L, null));
    docs.add(doc(builder, "r2", text(edit(recipe, r, 50)), null, 70L, null));
    docs.add(doc(builder, "u1", text(randomWords(r, 100)), "2024-01-01", 1L, null));
    docs.add(doc(builder, "u2", text(randomWords(r, 100)), "2023-12-31", 2L, null));
    // empty texts have the earliest dates and highest popularity: they still group with nothing
    docs.add(doc(builder, "e1", "", "2020-01-01", 100L, null));
    docs.add(doc(builder, "e2", "", "2020-01-01", 100L, null));
    docs.add(doc(null, "x1", null, "2019-01-01", 100L, null));
    Collections.shuffle(docs, random());
    try (RandomIndexWriter w = new RandomIndexWriter(random(), dir)) {
      for (Document d : docs) {
        w.addDocument(d);
        if (random().nextInt(4) == 0) {
          w.flush(); // several segments
        }
      }
      reader = w.getReader();
    }
    searcher = newSearcher(reader);
  }

  private static Document doc(
      NearDupDocumentBuilder builder,
      String id,
      String text,
      String published,
      Long popularity,
      Long quality) {
    Document d = new Document();
    d.add(new KeywordField(CollapseTestSupport.ID, id, Field.Store.YES));
    d.add(new StoredField("title", id));
    if (builder != null) {
      builder.addFields(d, text);
      sketches.put(id, builder.analyze(text).sketch());
    }
    if (published != null) {
      d.add(new KeywordField("published", published, Field.Store.NO));
    }
    if (popularity != null) {
      d.add(new LongField("popularity", popularity, Field.Store.NO));
    }
    if (quality != null) {
      d.add(new NumericDocValuesField("quality", quality));
    }
    return d;
  }

  @AfterClass
  public static void closeIndex() throws Exception {
    reader.close();
    dir.close();
    reader = null;
    dir = null;
    searcher = null;
    sketches.clear();
  }

  private static NearDupCollapser.Builder collapser() {
    return NearDupCollapser.builder(FIELDS, SETTINGS);
  }

  private CollapsedHits collapse(NearDupCollapser collapser) throws IOException {
    return collapse(collapser, scored(SCORES));
  }

  private CollapsedHits collapse(NearDupCollapser collapser, Query query) throws IOException {
    CollapsedHits viaManager = searcher.search(query, collapser.collectorManager(searcher));
    CollapsedHits viaTopDocs =
        collapser.collapse(searcher, searcher.search(query, collapser.window()));
    assertEquals(viaTopDocs, viaManager);
    return viaManager;
  }

  public void testFamiliesAreWhatTheTestsAssume() {
    double min = SETTINGS.threshold();
    for (String[] pair : new String[][] {{"n1", "n2"}, {"n1", "n3"}, {"n2", "n3"}, {"r1", "r2"}}) {
      assertTrue(pair[0] + " ~ " + pair[1], estimate(pair[0], pair[1]) >= min + 0.03 /* margin */);
    }
    for (String[] pair : new String[][] {{"n1", "r1"}, {"n1", "u1"}, {"u1", "u2"}, {"e1", "e2"}}) {
      assertTrue(pair[0] + " !~ " + pair[1], estimate(pair[0], pair[1]) < 0.2);
    }
  }

  private double estimate(String a, String b) {
    return Jaccard.estimate(sketches.get(a), sketches.get(b)).estimate();
  }

  public void testDefaults() {
    NearDupCollapser c = collapser().build();
    assertEquals(SETTINGS.threshold(), c.minSimilarity(), 0);
    assertEquals(100, c.window());
    assertEquals(WindowCollapse.DEFAULT_WINDOW, c.window());
    assertEquals(CollapseMode.DEMOTE, c.mode());
    assertEquals(CanonicalPolicy.BEST_SCORE, c.canonical());
    assertEquals(
        "NearDupCollapser(neardup, minSimilarity=0.8, window=100, mode=demote, canonical=score)",
        c.toString());
    assertEquals(c, collapser().build());
    assertEquals(c.hashCode(), collapser().build().hashCode());
    assertFalse(c.equals(collapser().window(10).build()));
  }

  public void testDemote() throws IOException {
    CollapsedHits hits = collapse(collapser().mode(CollapseMode.DEMOTE).build());
    assertEquals(
        List.of("n1[n2,n3]", "u1", "r2[r1]", "e1", "x1", "e2", "u2", "n2<n1", "r1<r2", "n3<n1"),
        shape(searcher, hits.hits()));
    assertEquals(3, hits.copyCount());
    assertEquals(10, hits.windowSize());
    assertEquals(new TotalHits(10, TotalHits.Relation.EQUAL_TO), hits.totalHits());
    assertEquals(CollapseMode.DEMOTE, hits.mode());
    // copies keep their scores and ranks: only their position changes
    CollapsedHit n3 = hits.hits().get(9);
    assertEquals(1.5f, n3.score(), 0f);
    assertEquals(7, n3.rank());
    assertFalse(n3.isCanonical());
    assertEquals(hits.hits().get(0).doc(), n3.canonicalDoc());
    assertEquals(0, n3.canonicalRank());
    assertTrue(n3.copies().isEmpty());
    assertEquals(estimate("n1", "n3"), n3.similarity(), 0);
    CollapsedHit n1 = hits.hits().get(0);
    assertTrue(n1.isCanonical());
    assertEquals(1, n1.similarity(), 0);
    assertEquals(n1.doc(), n1.canonicalDoc());
    // the copies in the list and in their canonical are the same hits
    assertEquals(List.of(hits.hits().get(7), n3), n1.copies());
  }

  public void testRemove() throws IOException {
    CollapsedHits hits = collapse(collapser().mode(CollapseMode.REMOVE).build());
    assertEquals(List.of("n1", "u1", "r2", "e1", "x1", "e2", "u2"), shape(searcher, hits.hits()));
    assertEquals(3, hits.copyCount());
    assertEquals(10, hits.windowSize());
    assertEquals(10, hits.totalHits().value());
    for (CollapsedHit h : hits.hits()) {
      assertTrue(h.isCanonical());
    }
    TopDocs top = hits.toTopDocs();
    assertEquals(hits.totalHits(), top.totalHits);
    assertEquals(7, top.scoreDocs.length);
    assertEquals(5f, top.scoreDocs[0].score, 0f);
  }

  public void testGroup() throws IOException {
    CollapsedHits hits = collapse(collapser().mode(CollapseMode.GROUP).build());
    assertEquals(
        List.of("n1[n2,n3]", "u1", "r2[r1]", "e1", "x1", "e2", "u2"), shape(searcher, hits.hits()));
    assertEquals(3, hits.copyCount());
    CollapsedHit r2 = hits.hits().get(2);
    assertEquals(estimate("r1", "r2"), r2.copies().get(0).similarity(), 0);
    assertEquals(r2.doc(), r2.copies().get(0).canonicalDoc());
  }

  public void testEarliestDateWinsAndMissingValuesLose() throws IOException {
    CollapsedHits hits =
        collapse(
            collapser()
                .mode(CollapseMode.GROUP)
                .canonical(CanonicalPolicy.parse("published:asc"))
                .build());
    // n2 and n3 are the first published news, n2 ranks better; r2 has no date, so r1 wins
    // although r2 ranks better.
    // Canonicals keep their own rank: n2 moves to where it ranked, not to n1's place.
    assertEquals(
        List.of("u1", "n2[n1,n3]", "e1", "r1[r2]", "x1", "e2", "u2"), shape(searcher, hits.hits()));
  }

  public void testLatestDate() throws IOException {
    CollapsedHits hits =
        collapse(
            collapser()
                .mode(CollapseMode.DEMOTE)
                .canonical(CanonicalPolicy.parse("published:latest"))
                .build());
    assertEquals(
        List.of("n1[n2,n3]", "u1", "e1", "r1[r2]", "x1", "e2", "u2", "r2<r1", "n2<n1", "n3<n1"),
        shape(searcher, hits.hits()));
  }

  public void testHighestNumericValue() throws IOException {
    CollapsedHits hits =
        collapse(
            collapser()
                .mode(CollapseMode.GROUP)
                .canonical(CanonicalPolicy.highest("popularity"))
                .build());
    assertEquals(
        List.of("u1", "r2[r1]", "n2[n1,n3]", "e1", "x1", "e2", "u2"), shape(searcher, hits.hits()));
  }

  public void testLowestNumericValue() throws IOException {
    CollapsedHits hits =
        collapse(
            collapser()
                .mode(CollapseMode.GROUP)
                .canonical(CanonicalPolicy.parse("popularity:asc"))
                .build());
    assertEquals(
        List.of("u1", "e1", "r1[r2]", "x1", "n3[n1,n2]", "e2", "u2"), shape(searcher, hits.hits()));
  }

  public void testQualityFieldWithMissingValues() throws IOException {
    // numeric doc values on n1 (3) and n3 (9) only: n3 wins, n2 without a value loses;
    // neither recipe has a value, so the better-ranked r2 stays canonical
    CollapsedHits hits =
        collapse(
            collapser()
                .mode(CollapseMode.GROUP)
                .canonical(CanonicalPolicy.highest("quality"))
                .build());
    assertEquals(
        List.of("u1", "r2[r1]", "e1", "x1", "n3[n1,n2]", "e2", "u2"), shape(searcher, hits.hits()));
  }

  public void testFieldNobodyHasFallsBackToRank() throws IOException {
    CollapsedHits byScore = collapse(collapser().build());
    CollapsedHits byAbsentField =
        collapse(collapser().canonical(CanonicalPolicy.lowest("no_such_field")).build());
    assertEquals(byScore, byAbsentField);
  }

  public void testFieldWithoutDocValuesFails() {
    NearDupCollapser c = collapser().canonical(CanonicalPolicy.lowest("title")).build();
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () -> c.collapse(searcher, searcher.search(scored(SCORES), 10)));
    assertTrue(e.getMessage(), e.getMessage().contains("[title]"));
  }

  public void testScoreTiesGoToLowerDocId() throws IOException {
    Map<String, Float> tied = new LinkedHashMap<>();
    tied.put("n3", 2f);
    tied.put("n2", 2f);
    tied.put("n1", 2f);
    tied.put("u1", 3f);
    CollapsedHits hits = collapse(collapser().mode(CollapseMode.GROUP).build(), scored(tied));
    assertEquals(2, hits.hits().size());
    CollapsedHit news = hits.hits().get(1);
    int lowest = Integer.MAX_VALUE;
    for (String id : List.of("n1", "n2", "n3")) {
      lowest = Math.min(lowest, docOf(id));
    }
    assertEquals(lowest, news.doc());
    assertEquals(2, news.copies().size());
    assertTrue(news.copies().get(0).doc() < news.copies().get(1).doc());
  }

  public void testDateTiesGoToBetterRank() throws IOException {
    // n2 and n3 were both published on 2024-03-01: the better-ranked one is canonical
    NearDupCollapser c =
        collapser().mode(CollapseMode.GROUP).canonical(CanonicalPolicy.lowest("published")).build();
    CollapsedHits n3First = collapse(c, scored(Map.of("n1", 1f, "n2", 2f, "n3", 3f)));
    assertEquals(List.of("n3[n2,n1]"), shape(searcher, n3First.hits()));
    CollapsedHits n2First = collapse(c, scored(Map.of("n1", 1f, "n2", 3f, "n3", 2f)));
    assertEquals(List.of("n2[n3,n1]"), shape(searcher, n2First.hits()));
  }

  public void testChainBreaksDateTiesByTheNextKeyBeforeRank() throws IOException {
    // n2 and n3 share the earliest date: popularity (n2 50, n3 5) decides, then quality (n3 9,
    // n2 none), whatever their ranks
    Map<String, Float> n3First = Map.of("n1", 1f, "n2", 2f, "n3", 3f);
    NearDupCollapser byPopularity =
        collapser()
            .mode(CollapseMode.GROUP)
            .canonical(CanonicalPolicy.parse("earliest:published,popularity,score"))
            .build();
    assertEquals(
        List.of("n2[n3,n1]"), shape(searcher, collapse(byPopularity, scored(n3First)).hits()));
    NearDupCollapser byQuality =
        collapser()
            .mode(CollapseMode.GROUP)
            .canonical(CanonicalPolicy.parse("published:asc,quality:desc"))
            .build();
    Map<String, Float> n2First = Map.of("n1", 1f, "n2", 3f, "n3", 2f);
    assertEquals(
        List.of("n3[n2,n1]"), shape(searcher, collapse(byQuality, scored(n2First)).hits()));
  }

  private int docOf(String id) throws IOException {
    TopDocs td = searcher.search(new TermQuery(new Term(CollapseTestSupport.ID, id)), 1);
    return td.scoreDocs[0].doc;
  }

  public void testWindowDropsLaterHits() throws IOException {
    NearDupCollapser c = collapser().window(4).mode(CollapseMode.DEMOTE).build();
    TopDocs all = searcher.search(scored(SCORES), 10);
    CollapsedHits hits = c.collapse(searcher, all);
    assertEquals(List.of("n1[n2]", "u1", "r2", "n2<n1"), shape(searcher, hits.hits()));
    assertEquals(4, hits.windowSize());
    assertEquals(1, hits.copyCount());
    assertEquals(10, hits.totalHits().value());
    assertEquals(hits, searcher.search(scored(SCORES), c.collectorManager(searcher)));
  }

  public void testMinSimilarityAboveEveryPairGroupsNothing() throws IOException {
    CollapsedHits hits = collapse(collapser().minSimilarity(1.0).build());
    assertEquals(0, hits.copyCount());
    assertEquals(
        List.of("n1", "u1", "r2", "n2", "e1", "r1", "x1", "n3", "e2", "u2"),
        ids(searcher, hits.hits()));
  }

  public void testEmptyResults() throws IOException {
    CollapsedHits hits = collapse(collapser().build(), scored(Map.of("nobody", 1f)));
    assertTrue(hits.hits().isEmpty());
    assertEquals(0, hits.windowSize());
    assertEquals(0, hits.totalHits().value());
    assertTrue(hits.page(0, 10).isEmpty());
  }

  public void testSortedSearchKeepsTheSortOrder() throws IOException {
    // by popularity, most popular first: x1, e1, e2 (100), r2 (70), n2 (50), n1 (10), r1, n3, u2,
    // u1
    Sort sort =
        new Sort(
            new SortedNumericSortField("popularity", SortField.Type.LONG, true),
            SortField.FIELD_DOC);
    NearDupCollapser c = collapser().mode(CollapseMode.GROUP).build();
    CollapsedHits hits =
        searcher.search(
            scored(SCORES),
            c.collectorManager(searcher, new TopFieldCollectorManager(sort, 100, null, 1000)));
    List<String> shape = shape(searcher, hits.hits());
    assertEquals(List.of("r2[r1]", "n2[n1,n3]", "u2", "u1"), shape.subList(3, 7));
    assertEquals(hits, c.collapse(searcher, searcher.search(scored(SCORES), 100, sort)));
  }

  public void testPagination() throws IOException {
    for (CollapseMode mode : CollapseMode.values()) {
      NearDupCollapser collapser = collapser().mode(mode).build();
      CollapsedHits hits = collapse(collapser);
      // every page is cut from a fresh search and collapse of the same window, as a server would
      CollapsedHits again = collapser.collapse(searcher, searcher.search(scored(SCORES), 100));
      for (int size = 1; size <= 11; size++) {
        List<CollapsedHit> concatenated = new ArrayList<>();
        for (int from = 0; from < hits.hits().size() + size; from += size) {
          List<CollapsedHit> page = hits.page(from, size);
          assertTrue(page.size() <= size);
          assertEquals(page, again.page(from, size));
          concatenated.addAll(page);
        }
        assertEquals(hits.hits(), concatenated);
      }
      assertTrue(hits.page(100, 10).isEmpty());
      assertTrue(hits.page(0, 0).isEmpty());
      assertEquals(hits.hits(), hits.page(0, Integer.MAX_VALUE));
      assertEquals(hits.hits().subList(3, hits.hits().size()), hits.page(3, Integer.MAX_VALUE));
      IllegalArgumentException e =
          expectThrows(IllegalArgumentException.class, () -> hits.page(-1, 10));
      assertEquals("from must be >= 0, got [-1]", e.getMessage());
      e = expectThrows(IllegalArgumentException.class, () -> hits.page(0, -2));
      assertEquals("size must be >= 0, got [-2]", e.getMessage());
    }
  }

  public void testResultIsImmutable() throws IOException {
    CollapsedHits hits = collapse(collapser().mode(CollapseMode.GROUP).build());
    expectThrows(UnsupportedOperationException.class, () -> hits.hits().clear());
    expectThrows(UnsupportedOperationException.class, () -> hits.hits().get(0).copies().clear());
  }

  public void testIncompatibleSketchesFail() throws IOException {
    NearDupSettings other = NearDupSettings.builder().shingleSize(3).hashes(256).seed(7).build();
    NearDupCollapser c = NearDupCollapser.builder(FIELDS, other).build();
    TopDocs top = searcher.search(scored(SCORES), 10);
    IllegalStateException e =
        expectThrows(IllegalStateException.class, () -> c.collapse(searcher, top));
    assertTrue(e.getMessage(), e.getMessage().contains("in field [neardup.sketch]"));
    assertTrue(e.getMessage(), e.getMessage().contains("Incompatible sketch"));
  }

  public void testOtherFieldHasNoSketches() throws IOException {
    NearDupCollapser c = NearDupCollapser.builder(new NearDupFields("other"), SETTINGS).build();
    CollapsedHits hits = c.collapse(searcher, searcher.search(scored(SCORES), 10));
    assertEquals(0, hits.copyCount());
    assertEquals(10, hits.hits().size());
  }

  public void testHitsMustComeFromTheSearcher() {
    NearDupCollapser c = collapser().build();
    TotalHits two = new TotalHits(2, TotalHits.Relation.EQUAL_TO);
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () ->
                c.collapse(
                    searcher,
                    new TopDocs(two, new ScoreDoc[] {new ScoreDoc(reader.maxDoc(), 1f)})));
    assertEquals(
        "hits must be documents of the searcher's index (maxDoc 10), got doc [10]", e.getMessage());
    e =
        expectThrows(
            IllegalArgumentException.class,
            () ->
                c.collapse(
                    searcher,
                    new TopDocs(two, new ScoreDoc[] {new ScoreDoc(3, 2f), new ScoreDoc(3, 1f)})));
    assertEquals(
        "hits must be distinct documents of the searcher's index, got doc [3] twice",
        e.getMessage());
  }

  public void testChainsAreNotTransitive() throws IOException {
    // A, B and C are windows of one word sequence shifted by 5 words: A ~ B and B ~ C, but A and
    // C are further apart. Grouping around canonicals keeps A and C apart when A is canonical.
    Random r = new Random(7);
    List<String> words = randomWords(r, 110);
    NearDupDocumentBuilder builder =
        new NearDupDocumentBuilder(new NearDupAnalyzer(SETTINGS), FIELDS);
    Sketch a = builder.analyze(text(words.subList(0, 100))).sketch();
    Sketch b = builder.analyze(text(words.subList(5, 105))).sketch();
    Sketch cc = builder.analyze(text(words.subList(10, 110))).sketch();
    double ab = Jaccard.estimate(a, b).estimate();
    double bc = Jaccard.estimate(b, cc).estimate();
    double ac = Jaccard.estimate(a, cc).estimate();
    assertTrue(ab + " " + bc + " " + ac, ac + 0.04 < Math.min(ab, bc));
    double min = (ac + Math.min(ab, bc)) / 2;
    try (Directory d = newDirectory()) {
      try (RandomIndexWriter w = new RandomIndexWriter(random(), d)) {
        String[] texts = {
          text(words.subList(0, 100)), text(words.subList(5, 105)), text(words.subList(10, 110))
        };
        for (int i = 0; i < 3; i++) {
          Document doc = new Document();
          doc.add(
              new KeywordField(CollapseTestSupport.ID, "abc".substring(i, i + 1), Field.Store.YES));
          builder.addFields(doc, texts[i]);
          w.addDocument(doc);
        }
        try (IndexReader rd = w.getReader()) {
          IndexSearcher s = newSearcher(rd);
          NearDupCollapser c =
              NearDupCollapser.builder(FIELDS, SETTINGS)
                  .minSimilarity(min)
                  .mode(CollapseMode.GROUP)
                  .build();
          CollapsedHits aFirst =
              c.collapse(s, s.search(scored(Map.of("a", 3f, "b", 2f, "c", 1f)), 10));
          assertEquals(List.of("a[b]", "c"), shape(s, aFirst.hits()));
          CollapsedHits bFirst =
              c.collapse(s, s.search(scored(Map.of("a", 2f, "b", 3f, "c", 1f)), 10));
          assertEquals(List.of("b[a,c]"), shape(s, bFirst.hits()));
        }
      }
    }
  }

  public void testSimilarityMatchesTheQuery() throws IOException {
    // a copy's similarity is the estimate NearDuplicateQuery scores it with
    CollapsedHits hits = collapse(collapser().mode(CollapseMode.GROUP).build());
    CollapsedHit n1 = hits.hits().get(0);
    NearDuplicateQuery q =
        NearDuplicateQuery.forDocument(reader, FIELDS, SETTINGS, n1.doc(), SETTINGS.threshold());
    TopDocs copies = searcher.search(q, 10);
    for (CollapsedHit copy : n1.copies()) {
      boolean found = false;
      for (ScoreDoc sd : copies.scoreDocs) {
        if (sd.doc == copy.doc()) {
          assertEquals((float) copy.similarity(), sd.score, 0f);
          found = true;
        }
      }
      assertTrue(found);
    }
  }

  public void testBadParameters() {
    assertEquals(
        "window must be between 1 and 1000, got [0]",
        expectThrows(IllegalArgumentException.class, () -> collapser().window(0).build())
            .getMessage());
    assertEquals(
        "window must be between 1 and 1000, got [1001]",
        expectThrows(
                IllegalArgumentException.class,
                () -> collapser().window(WindowCollapse.MAX_WINDOW + 1).build())
            .getMessage());
    collapser().window(WindowCollapse.MAX_WINDOW).build();
    collapser().window(1).build();
    for (double bad : new double[] {0, -0.1, 1.0001, Double.NaN}) {
      assertEquals(
          "minSimilarity must be in (0, 1], got [" + bad + "]",
          expectThrows(IllegalArgumentException.class, () -> collapser().minSimilarity(bad).build())
              .getMessage());
    }
    assertEquals(
        "mode must be one of [remove, demote, group], got [null]",
        expectThrows(IllegalArgumentException.class, () -> collapser().mode(null).build())
            .getMessage());
    assertEquals(
        "canonical must be [score], [FIELD:asc] or [FIELD:desc], got [null]",
        expectThrows(IllegalArgumentException.class, () -> collapser().canonical(null).build())
            .getMessage());
    expectThrows(
        NullPointerException.class, () -> NearDupCollapser.builder(null, SETTINGS).build());
    expectThrows(NullPointerException.class, () -> NearDupCollapser.builder(FIELDS, null).build());
  }

  public void testModeParsing() {
    assertEquals(CollapseMode.REMOVE, CollapseMode.parse("remove"));
    assertEquals(CollapseMode.DEMOTE, CollapseMode.parse("demote"));
    assertEquals(CollapseMode.GROUP, CollapseMode.parse("group"));
    for (CollapseMode m : CollapseMode.values()) {
      assertEquals(m, CollapseMode.parse(m.parameterValue()));
      assertEquals(m.parameterValue(), m.toString());
    }
    for (String bad : new String[] {"Remove", "GROUP", "collapse", "", null}) {
      assertEquals(
          "mode must be one of [remove, demote, group], got [" + bad + "]",
          expectThrows(IllegalArgumentException.class, () -> CollapseMode.parse(bad)).getMessage());
    }
  }

  public void testCollectorManagerWithExactCounts() throws IOException {
    NearDupCollapser c = collapser().window(5).build();
    CollapsedHits hits =
        searcher.search(
            scored(SCORES),
            c.collectorManager(searcher, new TopScoreDocCollectorManager(5, Integer.MAX_VALUE)));
    assertEquals(new TotalHits(10, TotalHits.Relation.EQUAL_TO), hits.totalHits());
    assertEquals(5, hits.windowSize());
    assertSame(c, c.collectorManager(searcher).collapser());
  }
}

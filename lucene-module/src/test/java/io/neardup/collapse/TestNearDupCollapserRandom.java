package io.neardup.collapse;

import static io.neardup.collapse.CollapseTestSupport.describe;
import static io.neardup.collapse.CollapseTestSupport.edit;
import static io.neardup.collapse.CollapseTestSupport.id;
import static io.neardup.collapse.CollapseTestSupport.randomWords;
import static io.neardup.collapse.CollapseTestSupport.scored;
import static io.neardup.collapse.CollapseTestSupport.text;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.collapse.core.WindowCollapse;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import io.neardup.sketch.SketchScheme;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.LongField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.util.LuceneTestCase;

/**
 * Collapse on random indexes (random sketch settings, families of near-duplicates made by chains of
 * random edits, random policy values with ties and gaps, random scores with ties, several segments,
 * deletions, searchers with executors) against a brute-force reference that compares every hit of
 * the window with every canonical using {@link Jaccard#estimate} on sketches computed in memory.
 */
public class TestNearDupCollapserRandom extends LuceneTestCase {
  private static final NearDupFields FIELDS = NearDupFields.DEFAULT;

  /** One logical document of a random corpus. */
  private record Doc(String id, String text, Long popularity, String published) {}

  private static NearDupSettings randomSettings(Random r) {
    int[] hashes = {16, 32, 64, 128};
    int[] bits = {8, 16, 32, 64};
    return NearDupSettings.builder()
        .shingleSize(1 + r.nextInt(3))
        .hashes(hashes[r.nextInt(hashes.length)])
        .bits(bits[r.nextInt(bits.length)])
        .scheme(r.nextBoolean() ? SketchScheme.SUPERMINHASH : SketchScheme.MINHASH)
        .seed(r.nextLong())
        .build();
  }

  private static List<Doc> randomCorpus(Random r, int size) {
    List<Doc> docs = new ArrayList<>(size);
    List<List<String>> families = new ArrayList<>();
    int familyCount = 1 + r.nextInt(Math.max(1, size / 4));
    for (int f = 0; f < familyCount; f++) {
      families.add(randomWords(r, 20 + r.nextInt(30)));
    }
    for (int i = 0; i < size; i++) {
      String text;
      int kind = r.nextInt(20);
      if (kind == 0) {
        text = null; // no sketch
      } else if (kind == 1) {
        text = ""; // empty sketch
      } else if (kind == 2) {
        text = text(randomWords(r, 30)); // unrelated
      } else {
        // a random walk inside a family: chains of edits make similar-to-similar-but-not-to-first
        int f = r.nextInt(families.size());
        List<String> words = families.get(f);
        int[] positions = new int[r.nextInt(4)];
        for (int p = 0; p < positions.length; p++) {
          positions[p] = r.nextInt(words.size());
        }
        List<String> edited = edit(words, r, positions);
        if (r.nextBoolean()) {
          families.set(f, edited);
        }
        text = text(edited);
      }
      Long popularity = r.nextInt(5) == 0 ? null : (long) r.nextInt(6);
      String published = r.nextInt(5) == 0 ? null : "2024-01-0" + (1 + r.nextInt(5));
      docs.add(new Doc("d" + i, text, popularity, published));
    }
    return docs;
  }

  private static Document toDocument(Doc d, NearDupDocumentBuilder builder) {
    Document doc = new Document();
    doc.add(new KeywordField(CollapseTestSupport.ID, d.id(), Field.Store.YES));
    if (d.text() != null) {
      builder.addFields(doc, d.text());
    }
    if (d.popularity() != null) {
      doc.add(new LongField("popularity", d.popularity(), Field.Store.NO));
    }
    if (d.published() != null) {
      doc.add(new KeywordField("published", d.published(), Field.Store.NO));
    }
    return doc;
  }

  /** Indexes the documents in the given order, in random segments. */
  private static DirectoryReader index(
      Directory dir, List<Doc> docs, NearDupDocumentBuilder builder, List<String> deleted)
      throws IOException {
    try (RandomIndexWriter w = new RandomIndexWriter(random(), dir)) {
      for (Doc d : docs) {
        w.addDocument(toDocument(d, builder));
        if (random().nextInt(10) == 0) {
          w.flush(); // a new segment, without the cost of a commit
        }
      }
      for (String id : deleted) {
        w.deleteDocuments(new Term(CollapseTestSupport.ID, id));
      }
      return w.getReader();
    }
  }

  private static CanonicalPolicy randomPolicy(Random r) {
    return switch (r.nextInt(5)) {
      case 0 -> CanonicalPolicy.BEST_SCORE;
      case 1 -> CanonicalPolicy.highest("popularity");
      case 2 -> CanonicalPolicy.lowest("popularity");
      case 3 -> CanonicalPolicy.lowest("published");
      default -> CanonicalPolicy.highest("published");
    };
  }

  public void testAgainstBruteForce() throws IOException {
    int rounds = atLeast(3);
    for (int round = 0; round < rounds; round++) {
      Random r = new Random(random().nextLong());
      NearDupSettings settings = randomSettings(r);
      NearDupDocumentBuilder builder =
          new NearDupDocumentBuilder(new NearDupAnalyzer(settings), FIELDS);
      List<Doc> docs = randomCorpus(r, 20 + r.nextInt(120));
      Map<String, Doc> byId = new HashMap<>();
      Map<String, Sketch> sketches = new HashMap<>();
      for (Doc d : docs) {
        byId.put(d.id(), d);
        if (d.text() != null) {
          sketches.put(d.id(), builder.analyze(d.text()).sketch());
        }
      }
      List<String> deleted = new ArrayList<>();
      for (Doc d : docs) {
        if (r.nextInt(15) == 0) {
          deleted.add(d.id());
        }
      }
      // scores from a few values: many ties, decided by doc id
      Map<String, Float> scores = new LinkedHashMap<>();
      for (Doc d : docs) {
        if (r.nextInt(10) != 0) {
          scores.put(d.id(), 1 + r.nextInt(6) / 2f);
        }
      }
      Query query = scored(scores);
      try (Directory dir = newDirectory();
          DirectoryReader reader = index(dir, docs, builder, deleted)) {
        IndexSearcher searcher = newSearcher(reader);
        for (int iter = 0; iter < 10; iter++) {
          int window =
              r.nextInt(4) == 0 ? WindowCollapse.MAX_WINDOW : 1 + r.nextInt(docs.size() + 10);
          NearDupCollapser collapser =
              NearDupCollapser.builder(FIELDS, settings)
                  .window(window)
                  .minSimilarity(r.nextInt(10) == 0 ? 1.0 : 0.2 + 0.79 * r.nextDouble())
                  .mode(CollapseMode.values()[r.nextInt(3)])
                  .canonical(randomPolicy(r))
                  .build();
          int numHits = 1 + r.nextInt(docs.size() + 10);
          TopDocs top =
              searcher.search(query, new TopScoreDocCollectorManager(numHits, Integer.MAX_VALUE));
          CollapsedHits actual = collapser.collapse(searcher, top);
          CollapsedHits expected = reference(searcher, collapser, top, byId, sketches);
          assertEquals(collapser.toString(), expected, actual);
          assertSameAsEngineInput(searcher, collapser, top, byId, sketches, actual);

          // the collector manager collects the window itself and must agree with post-processing
          TopDocs windowHits =
              searcher.search(query, new TopScoreDocCollectorManager(window, Integer.MAX_VALUE));
          CollapsedHits managed =
              searcher.search(
                  query,
                  collapser.collectorManager(
                      searcher, new TopScoreDocCollectorManager(window, Integer.MAX_VALUE)));
          assertEquals(collapser.collapse(searcher, windowHits), managed);
          checkInvariants(searcher, collapser, managed, sketches);
        }
      }
    }
  }

  /**
   * The documented rule, brute force: visit the window from the most to the least canonical hit (by
   * policy value, hits with a value first, then by rank); each joins the first canonical so far it
   * is similar to, else becomes one.
   */
  private static CollapsedHits reference(
      IndexSearcher searcher,
      NearDupCollapser collapser,
      TopDocs top,
      Map<String, Doc> byId,
      Map<String, Sketch> sketches)
      throws IOException {
    int n = Math.min(collapser.window(), top.scoreDocs.length);
    String[] ids = new String[n];
    for (int i = 0; i < n; i++) {
      ids[i] = id(searcher, top.scoreDocs[i].doc);
    }
    CanonicalPolicy policy = collapser.canonical();
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      order.add(i);
    }
    if (!policy.byScore()) {
      Comparator<Integer> byValue =
          (a, b) -> {
            Comparable<Object> va = value(byId.get(ids[a]), policy.keys().get(0).field());
            Comparable<Object> vb = value(byId.get(ids[b]), policy.keys().get(0).field());
            if (va == null || vb == null) {
              return va == null ? (vb == null ? 0 : 1) : -1;
            }
            return policy.keys().get(0).ascending() ? va.compareTo(vb) : vb.compareTo(va);
          };
      order.sort(byValue.thenComparing(Comparator.naturalOrder()));
    }
    int[] canonicalOf = new int[n];
    double[] similarity = new double[n];
    List<Integer> canonicals = new ArrayList<>();
    for (int i : order) {
      canonicalOf[i] = i;
      similarity[i] = 1;
      Sketch s = sketches.get(ids[i]);
      for (int c : canonicals) {
        Sketch cs = sketches.get(ids[c]);
        if (s == null || cs == null) {
          continue;
        }
        double estimate = Jaccard.estimate(s, cs).estimate();
        if (estimate >= collapser.minSimilarity()) {
          canonicalOf[i] = c;
          similarity[i] = estimate;
          break;
        }
      }
      if (canonicalOf[i] == i) {
        canonicals.add(i);
      }
    }
    CollapseMode mode = collapser.mode();
    List<CollapsedHit> copies = new ArrayList<>();
    CollapsedHit[] copyOf = new CollapsedHit[n];
    for (int i = 0; i < n; i++) {
      if (canonicalOf[i] != i) {
        ScoreDoc canonical = top.scoreDocs[canonicalOf[i]];
        copyOf[i] =
            new CollapsedHit(
                top.scoreDocs[i], i, canonical.doc, canonicalOf[i], similarity[i], List.of());
        copies.add(copyOf[i]);
      }
    }
    List<CollapsedHit> list = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (canonicalOf[i] == i) {
        List<CollapsedHit> mine = new ArrayList<>();
        for (int j = 0; j < n && mode != CollapseMode.REMOVE; j++) {
          if (canonicalOf[j] == i && j != i) {
            mine.add(copyOf[j]);
          }
        }
        list.add(new CollapsedHit(top.scoreDocs[i], i, top.scoreDocs[i].doc, i, 1, mine));
      }
    }
    if (mode == CollapseMode.DEMOTE) {
      list.addAll(copies);
    }
    return new CollapsedHits(top.totalHits, mode, list, copies.size(), n);
  }

  /**
   * The core collapsing the window as an engine adapter hands it over (serialized sketches and the
   * policy's values as {@code Long} or {@code byte[]}, taken from the documents rather than from
   * doc values) lists the same hits in the same order, with the same groups, as the Lucene
   * collapser.
   */
  private static void assertSameAsEngineInput(
      IndexSearcher searcher,
      NearDupCollapser collapser,
      TopDocs top,
      Map<String, Doc> byId,
      Map<String, Sketch> sketches,
      CollapsedHits actual)
      throws IOException {
    int n = Math.min(collapser.window(), top.scoreDocs.length);
    byte[][] serialized = new byte[n][];
    Object[] values = new Object[n];
    CanonicalPolicy policy = collapser.canonical();
    for (int i = 0; i < n; i++) {
      String id = id(searcher, top.scoreDocs[i].doc);
      Sketch sketch = sketches.get(id);
      serialized[i] = sketch == null ? null : SketchFormat.encode(sketch);
      Object v = policy.byScore() ? null : value(byId.get(id), policy.keys().get(0).field());
      values[i] = v instanceof String text ? text.getBytes(StandardCharsets.UTF_8) : v;
    }
    WindowCollapse core =
        WindowCollapse.collapse(
            serialized, values, policy, collapser.minSimilarity(), collapser.mode());
    String context = collapser.toString();
    assertEquals(context, core.listedCount(), actual.hits().size());
    assertEquals(context, core.copyCount(), actual.copyCount());
    for (int p = 0; p < core.listedCount(); p++) {
      CollapsedHit hit = actual.hits().get(p);
      int i = core.listed(p);
      assertEquals(context, i, hit.rank());
      assertEquals(context, core.canonicalOf(i), hit.canonicalRank());
      assertEquals(context, core.similarity(i), hit.similarity(), 0);
      if (hit.isCanonical() && collapser.mode() != CollapseMode.REMOVE) {
        assertEquals(
            context,
            Arrays.stream(core.copies(i)).boxed().toList(),
            hit.copies().stream().map(CollapsedHit::rank).toList());
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Comparable<Object> value(Doc d, String field) {
    Object v = field.equals("popularity") ? d.popularity() : d.published();
    return (Comparable<Object>) v;
  }

  /** What the grouping rule promises, checked on the result itself. */
  private static void checkInvariants(
      IndexSearcher searcher,
      NearDupCollapser collapser,
      CollapsedHits hits,
      Map<String, Sketch> sketches)
      throws IOException {
    List<CollapsedHit> canonicals = new ArrayList<>();
    int copies = 0;
    for (CollapsedHit h : hits.hits()) {
      if (h.isCanonical()) {
        canonicals.add(h);
        copies += h.copies().size();
        for (CollapsedHit c : h.copies()) {
          assertTrue(c.similarity() >= collapser.minSimilarity());
          assertEquals(h.doc(), c.canonicalDoc());
        }
      }
    }
    if (hits.mode() != CollapseMode.REMOVE) {
      assertEquals(hits.copyCount(), copies);
    }
    assertEquals(
        hits.windowSize(),
        hits.hits().size() + (hits.mode() == CollapseMode.DEMOTE ? 0 : hits.copyCount()));
    for (int i = 0; i < canonicals.size(); i++) {
      assertTrue(i == 0 || canonicals.get(i - 1).rank() < canonicals.get(i).rank());
      Sketch a = sketches.get(id(searcher, canonicals.get(i).doc()));
      for (int j = i + 1; j < canonicals.size() && a != null; j++) {
        Sketch b = sketches.get(id(searcher, canonicals.get(j).doc()));
        if (b != null) {
          assertTrue(
              "canonicals are never near-duplicates",
              Jaccard.estimate(a, b).estimate() < collapser.minSimilarity());
        }
      }
    }
  }

  public void testIndependentOfIndexOrderAndSegments() throws IOException {
    Random r = new Random(random().nextLong());
    NearDupSettings settings = randomSettings(r);
    NearDupDocumentBuilder builder =
        new NearDupDocumentBuilder(new NearDupAnalyzer(settings), FIELDS);
    List<Doc> docs = randomCorpus(r, 30 + r.nextInt(70));
    // distinct scores: the rank, and so every tie of the policy, is the same in every layout
    List<Float> distinct = new ArrayList<>();
    for (int i = 0; i < docs.size(); i++) {
      distinct.add(1f + i);
    }
    Collections.shuffle(distinct, r);
    Map<String, Float> scores = new LinkedHashMap<>();
    for (int i = 0; i < docs.size(); i++) {
      scores.put(docs.get(i).id(), distinct.get(i));
    }
    Query query = scored(scores);
    List<NearDupCollapser> collapsers = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      collapsers.add(
          NearDupCollapser.builder(FIELDS, settings)
              .window(1 + r.nextInt(docs.size()))
              .minSimilarity(0.3 + 0.6 * r.nextDouble())
              .mode(CollapseMode.values()[r.nextInt(3)])
              .canonical(randomPolicy(r))
              .build());
    }
    List<List<List<String>>> layouts = new ArrayList<>();
    for (int layout = 0; layout < 3; layout++) {
      List<Doc> shuffled = new ArrayList<>(docs);
      Collections.shuffle(shuffled, r);
      try (Directory dir = newDirectory();
          DirectoryReader reader = index(dir, shuffled, builder, List.of())) {
        IndexSearcher searcher = newSearcher(reader);
        List<List<String>> results = new ArrayList<>();
        for (NearDupCollapser c : collapsers) {
          CollapsedHits viaManager = searcher.search(query, c.collectorManager(searcher));
          assertEquals(c.collapse(searcher, searcher.search(query, c.window())), viaManager);
          results.add(describe(searcher, viaManager.hits()));
        }
        layouts.add(results);
      }
    }
    assertEquals(layouts.get(0), layouts.get(1));
    assertEquals(layouts.get(0), layouts.get(2));
  }
}

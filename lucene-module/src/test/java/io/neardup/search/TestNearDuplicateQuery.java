package io.neardup.search;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupChainAnalyzer;
import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.lsh.BandHasher;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.shingle.ShingleSet;
import io.neardup.signature.SimHash;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchScheme;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.search.QueryUtils;
import org.apache.lucene.tests.util.LuceneTestCase;

public class TestNearDuplicateQuery extends LuceneTestCase {
  private static final NearDupFields FIELDS = new NearDupFields("dup");

  /** A text of random words from a small vocabulary, so that unrelated texts share few shingles. */
  public static String randomText(Random random, int words) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < words; i++) {
      sb.append("w").append(random.nextInt(2000)).append(' ');
    }
    return sb.toString().trim();
  }

  /** The text with {@code edits} random word substitutions, insertions or deletions. */
  public static String edit(Random random, String text, int edits) {
    List<String> words = new ArrayList<>(List.of(text.split(" ")));
    for (int e = 0; e < edits && words.size() > 1; e++) {
      int at = random.nextInt(words.size());
      switch (random.nextInt(3)) {
        case 0 -> words.set(at, "e" + random.nextInt(100000));
        case 1 -> words.add(at, "i" + random.nextInt(100000));
        default -> words.remove(at);
      }
    }
    return String.join(" ", words);
  }

  private static final class Fixture implements AutoCloseable {
    final Directory dir;
    final IndexReader reader;
    final IndexSearcher searcher;
    final NearDupSettings settings;
    final NearDupAnalyzer analyzer;
    final List<String> texts = new ArrayList<>();

    Fixture(Random random, NearDupSettings settings, int families, int copies) throws IOException {
      this.settings = settings;
      this.analyzer = new NearDupAnalyzer(settings);
      NearDupDocumentBuilder builder = new NearDupDocumentBuilder(analyzer, FIELDS);
      dir = newDirectory();
      RandomIndexWriter writer = new RandomIndexWriter(random, dir);
      for (int f = 0; f < families; f++) {
        String base = randomText(random, 30 + random.nextInt(300));
        int n = 1 + random.nextInt(copies);
        for (int c = 0; c < n; c++) {
          String text = c == 0 ? base : edit(random, base, random.nextInt(1 + base.length() / 60));
          texts.add(text);
        }
      }
      texts.add("");
      texts.add("");
      texts.add("short");
      for (int i = 0; i < texts.size(); i++) {
        Document doc = new Document();
        doc.add(new KeywordField("id", Integer.toString(i), Field.Store.YES));
        builder.addFields(doc, texts.get(i));
        writer.addDocument(doc);
        if (random.nextInt(20) == 0) {
          writer.commit();
        }
      }
      reader = writer.getReader();
      writer.close();
      searcher = newSearcher(reader);
    }

    int docOf(int id) throws IOException {
      TopDocs td = searcher.search(new TermQuery(new Term("id", Integer.toString(id))), 1);
      return td.scoreDocs[0].doc;
    }

    @Override
    public void close() throws IOException {
      reader.close();
      dir.close();
      analyzer.close();
    }
  }

  public void testAgreesWithBruteForceOverAllSketches() throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.builder().threshold(0.8).build();
    try (Fixture fx = new Fixture(random, settings, 40, 5)) {
      int maxDoc = fx.reader.maxDoc();
      Sketch[] sketches = new Sketch[maxDoc];
      long[][] bands = new long[maxDoc][];
      BandHasher hasher = new BandHasher(settings.banding());
      for (int d = 0; d < maxDoc; d++) {
        sketches[d] = NearDuplicateQuery.readSketch(fx.reader, FIELDS, settings, d);
        bands[d] = new long[settings.banding().bands()];
        if (!sketches[d].isEmpty()) {
          hasher.bandHashes(sketches[d], bands[d]);
        }
      }
      long bruteForceMatches = 0;
      long returned = 0;
      for (int iter = 0; iter < 30; iter++) {
        int queryDoc = random.nextInt(maxDoc);
        double minSimilarity = 0.5 + random.nextDouble() * 0.5;
        NearDuplicateQuery q =
            NearDuplicateQuery.forDocument(fx.reader, FIELDS, settings, queryDoc, minSimilarity);
        Map<Integer, Float> expected = new HashMap<>();
        for (int d = 0; d < maxDoc; d++) {
          double estimate = Jaccard.estimate(sketches[queryDoc], sketches[d]).estimate();
          if (estimate >= minSimilarity && !sketches[d].isEmpty()) {
            if (minSimilarity >= settings.threshold()) {
              bruteForceMatches++;
            }
            boolean sharesBand = false;
            for (int b = 0; b < bands[d].length; b++) {
              sharesBand |= bands[d][b] == bands[queryDoc][b];
            }
            if (sharesBand) {
              expected.put(d, (float) estimate);
            }
          }
        }
        TopDocs top = fx.searcher.search(q, maxDoc);
        Map<Integer, Float> actual = new HashMap<>();
        for (ScoreDoc sd : top.scoreDocs) {
          actual.put(sd.doc, sd.score);
        }
        assertEquals("query doc " + queryDoc + " at " + minSimilarity, expected, actual);
        assertEquals(expected.size(), fx.searcher.count(q));
        if (minSimilarity >= settings.threshold()) {
          returned += actual.size();
        }
        if (!sketches[queryDoc].isEmpty()) {
          assertEquals("a document is its own near-duplicate", 1f, actual.get(queryDoc), 0f);
        }
        if (iter % 5 == 0) {
          QueryUtils.check(random, q, fx.searcher);
        }
      }
      // Candidates come from bands: brute-force matches sharing no band are rare at these
      // similarities.
      assertTrue(
          "returned " + returned + " of " + bruteForceMatches,
          returned >= 0.97 * bruteForceMatches);
    }
  }

  public void testExactVerificationReturnsTheCandidatesWhoseExactSimilarityReaches()
      throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.builder().threshold(0.8).build();
    try (Analyzer keeping = new NearDupChainAnalyzer(new NormalizedTextAnalyzer(), settings, true);
        Analyzer plain = new NearDupChainAnalyzer(new NormalizedTextAnalyzer(), settings);
        Directory dir = newDirectory()) {
      NearDupDocumentBuilder withSets =
          new NearDupDocumentBuilder(keeping, FIELDS, NearDupDocument.SetLayout.DELTA);
      NearDupDocumentBuilder withoutSets = new NearDupDocumentBuilder(plain, FIELDS);
      List<String> texts = new ArrayList<>();
      for (int f = 0; f < 25; f++) {
        String base = randomText(random, 40 + random.nextInt(200));
        for (int c = 0; c < 6; c++) {
          // few edits: many copies land near the threshold
          texts.add(c == 0 ? base : edit(random, base, 1 + random.nextInt(1 + base.length() / 80)));
        }
      }
      boolean[] hasSet = new boolean[texts.size()];
      RandomIndexWriter writer = new RandomIndexWriter(random, dir);
      for (int i = 0; i < texts.size(); i++) {
        hasSet[i] = random.nextInt(8) != 0;
        Document doc = new Document();
        doc.add(new KeywordField("id", Integer.toString(i), Field.Store.YES));
        (hasSet[i] ? withSets : withoutSets).addFields(doc, texts.get(i));
        writer.addDocument(doc);
      }
      IndexReader reader = writer.getReader();
      writer.close();
      IndexSearcher searcher = newSearcher(reader);
      StoredFields stored = reader.storedFields();
      int[] idOf = new int[reader.maxDoc()];
      for (int d = 0; d < reader.maxDoc(); d++) {
        idOf[d] = Integer.parseInt(stored.document(d).get("id"));
      }
      ShingleSet[] sets = new ShingleSet[texts.size()];
      Sketch[] sketches = new Sketch[texts.size()];
      long[][] bands = new long[texts.size()][settings.banding().bands()];
      for (int i = 0; i < texts.size(); i++) {
        NearDupDocument d = withSets.analyze(texts.get(i));
        long[] fp = d.shingles();
        int[] compact = new int[fp.length];
        sets[i] =
            new ShingleSet().setCompact(compact, CompactShingleSet.compact(fp, fp.length, compact));
        sketches[i] = d.sketch();
        new BandHasher(settings.banding()).bandHashes(sketches[i], bands[i]);
      }
      // the texts with a candidate that the estimate and the sets decide differently at 0.8 are
      // queried first, so that every seed tests what exact verification changes
      List<Integer> disagreeing = new ArrayList<>();
      int minMatchesAt08 = Jaccard.minMatches(0.8, 128, 32);
      for (int q = 0; q < texts.size(); q++) {
        for (int i = 0; i < texts.size(); i++) {
          boolean sharesBand = false;
          for (int b = 0; b < bands[i].length; b++) {
            sharesBand |= bands[i][b] == bands[q][b];
          }
          if (sharesBand
              && hasSet[i]
              && (Jaccard.estimate(sketches[q], sketches[i]).matches() >= minMatchesAt08)
                  != (sets[q].jaccard(sets[i]) >= 0.8)) {
            disagreeing.add(q);
            break;
          }
        }
      }
      assertFalse(
          "no candidate near the threshold: the corpus tests nothing", disagreeing.isEmpty());
      int decidedDifferently = 0;
      for (int iter = 0; iter < 40; iter++) {
        boolean near = iter < Math.min(4, disagreeing.size());
        int query = near ? disagreeing.get(iter) : random.nextInt(texts.size());
        double minSimilarity = near || iter % 2 == 0 ? 0.8 : 0.6 + random.nextDouble() * 0.35;
        NearDuplicateQuery q =
            NearDuplicateQuery.forText(
                keeping, settings, FIELDS, texts.get(query), minSimilarity, true);
        Set<Integer> expected = new HashSet<>();
        int minMatches = Jaccard.minMatches(minSimilarity, 128, 32);
        for (int i = 0; i < texts.size(); i++) {
          boolean sharesBand = false;
          for (int b = 0; b < bands[i].length; b++) {
            sharesBand |= bands[i][b] == bands[query][b];
          }
          boolean byEstimate =
              Jaccard.estimate(sketches[query], sketches[i]).matches() >= minMatches;
          boolean exactly = sets[query].jaccard(sets[i]) >= minSimilarity;
          decidedDifferently += sharesBand && hasSet[i] && byEstimate != exactly ? 1 : 0;
          if (sharesBand && (hasSet[i] ? exactly : byEstimate)) {
            expected.add(i);
          }
        }
        Set<Integer> actual = new HashSet<>();
        for (ScoreDoc sd : searcher.search(q, reader.maxDoc()).scoreDocs) {
          actual.add(idOf[sd.doc]);
          assertTrue(sd.score >= minSimilarity);
          Explanation e = searcher.explain(q, sd.doc);
          assertTrue(e.toString(), e.isMatch());
          assertEquals(sd.score, e.getValue().floatValue(), 0f);
        }
        assertEquals("query " + query + " at " + minSimilarity, expected, actual);
        if (iter % 8 == 0) {
          QueryUtils.check(random, q, searcher);
        }
      }
      assertTrue("the estimate and the sets disagree on some candidates", decidedDifferently > 0);
      // without the query's set the same query decides by the estimate
      NearDuplicateQuery bySketch =
          NearDuplicateQuery.forText(keeping, settings, FIELDS, texts.get(0), 0.8, false);
      QueryUtils.checkUnequal(
          bySketch, NearDuplicateQuery.forText(keeping, settings, FIELDS, texts.get(0), 0.8, true));
      IllegalArgumentException noSet =
          expectThrows(
              IllegalArgumentException.class,
              () -> NearDuplicateQuery.forText(plain, settings, FIELDS, texts.get(0), 0.8, true));
      assertTrue(noSet.getMessage(), noSet.getMessage().contains("keeps none"));
      reader.close();
    }
  }

  public void testSimHashFindsEveryDocumentWithinTheHammingDistance() throws IOException {
    Random random = random();
    int h = random.nextInt(9);
    NearDupSettings settings =
        NearDupSettings.builder()
            .scheme(SketchScheme.SIMHASH)
            .maxHamming(h)
            .shingleSize(1 + random.nextInt(4))
            .build();
    try (Fixture fx = new Fixture(random, settings, 40, 5)) {
      int maxDoc = fx.reader.maxDoc();
      Sketch[] sketches = new Sketch[maxDoc];
      for (int d = 0; d < maxDoc; d++) {
        sketches[d] = NearDuplicateQuery.readSketch(fx.reader, FIELDS, settings, d);
      }
      for (int iter = 0; iter < 30; iter++) {
        int queryDoc = random.nextInt(maxDoc);
        // any distance up to h: the blocks guarantee every such pair is a candidate
        int distance = random.nextInt(h + 1);
        double minSimilarity = iter == 0 ? settings.threshold() : SimHash.similarity(distance);
        NearDuplicateQuery q =
            NearDuplicateQuery.forDocument(fx.reader, FIELDS, settings, queryDoc, minSimilarity);
        Map<Integer, Float> expected = new HashMap<>();
        for (int d = 0; d < maxDoc; d++) {
          if (sketches[queryDoc].isEmpty() || sketches[d].isEmpty()) {
            continue;
          }
          int dist = SimHash.distance(sketches[queryDoc].value(0), sketches[d].value(0));
          if (SimHash.similarity(dist) >= minSimilarity) {
            expected.put(d, (float) SimHash.similarity(dist));
          }
        }
        Map<Integer, Float> actual = new HashMap<>();
        for (ScoreDoc sd : fx.searcher.search(q, maxDoc).scoreDocs) {
          actual.put(sd.doc, sd.score);
        }
        assertEquals("query doc " + queryDoc + ", h " + h, expected, actual);
        if (iter % 5 == 0) {
          QueryUtils.check(random, q, fx.searcher);
        }
      }
    }
  }

  public void testSimHashExplainWithNumbers() throws IOException {
    NearDupSettings settings = NearDupSettings.builder().scheme(SketchScheme.SIMHASH).build();
    try (Fixture fx = new Fixture(random(), settings, 10, 4)) {
      int doc = fx.docOf(0);
      NearDuplicateQuery q =
          NearDuplicateQuery.forDocument(fx.reader, FIELDS, settings, doc, settings.threshold());
      Explanation self = fx.searcher.explain(q, doc);
      assertTrue(self.isMatch());
      assertEquals(1f, self.getValue().floatValue(), 0f);
      assertEquals(
          "near-duplicate: 4 of 4 SimHash blocks matched; Hamming distance 0 of 64 bits,"
              + " similarity 1 - 0/64 = 1.0000, distance <= 3 (minSimilarity 0.953125)",
          self.getDescription());
      for (ScoreDoc sd : fx.searcher.search(q, 100).scoreDocs) {
        Explanation e = fx.searcher.explain(q, sd.doc);
        assertTrue(e.isMatch());
        assertEquals(sd.score, e.getValue().floatValue(), 0f);
      }
      Explanation empty = fx.searcher.explain(q, fx.docOf(fx.texts.size() - 3));
      assertFalse(empty.isMatch());
      assertTrue(
          "a simhash query is not a minhash query", q.toString().contains("4 bands x 1 rows"));
      QueryUtils.checkUnequal(
          q,
          NearDuplicateQuery.forDocument(fx.reader, FIELDS, settings, doc, SimHash.similarity(1)));
      // a sketch of another scheme is refused before any comparison
      Sketch minhash = NearDuplicateQuery.readSketch(fx.reader, FIELDS, settings, doc);
      IllegalArgumentException e =
          expectThrows(
              IllegalArgumentException.class,
              () -> new NearDuplicateQuery(FIELDS, NearDupSettings.DEFAULT, minhash, 0.8));
      assertTrue(e.getMessage(), e.getMessage().startsWith("Incompatible sketch"));
      IllegalStateException stored =
          expectThrows(
              IllegalStateException.class,
              () ->
                  FIELDS.checkSketch(
                      doc,
                      io.neardup.sketch.SketchFormat.encode(minhash),
                      0,
                      io.neardup.sketch.SketchFormat.encode(minhash).length,
                      io.neardup.sketch.SketchFormat.encode(
                          Sketch.empty(NearDupSettings.DEFAULT.sketch())),
                      NearDupSettings.DEFAULT.sketch()));
      assertTrue(
          stored.getMessage(),
          stored.getMessage().contains("Incompatible sketch: made with scheme=simhash"));
    }
  }

  public void testFindsPlantedCopiesOfAText() throws IOException {
    Random random = new Random(random().nextLong());
    try (Fixture fx = new Fixture(random, NearDupSettings.DEFAULT, 1, 1)) {
      // empty fixture apart from one family; add nothing, query by text
      String text = fx.texts.get(0);
      Query q = NearDuplicateQuery.forText(fx.analyzer, FIELDS, text, 0.9);
      TopDocs top = fx.searcher.search(q, 10);
      assertEquals(1, top.totalHits.value());
      assertEquals(fx.docOf(0), top.scoreDocs[0].doc);
      assertEquals(1f, top.scoreDocs[0].score, 0f);
    }
  }

  public void testEmptyTextMatchesNothing() throws IOException {
    try (Fixture fx = new Fixture(random(), NearDupSettings.DEFAULT, 5, 2)) {
      Query q = NearDuplicateQuery.forText(fx.analyzer, FIELDS, "  ... ", 0.5);
      assertTrue(fx.searcher.rewrite(q) instanceof MatchNoDocsQuery);
      assertEquals(0, fx.searcher.count(q));
      int emptyDoc = fx.docOf(fx.texts.size() - 3);
      assertEquals(
          0,
          fx.searcher.count(
              NearDuplicateQuery.forDocument(fx.reader, FIELDS, fx.settings, emptyDoc, 0.1)));
    }
  }

  public void testExplainWithNumbers() throws IOException {
    Random random = random();
    try (Fixture fx = new Fixture(random, NearDupSettings.DEFAULT, 10, 4)) {
      int doc = fx.docOf(0);
      NearDuplicateQuery q =
          NearDuplicateQuery.forDocument(fx.reader, FIELDS, fx.settings, doc, 0.8);
      Explanation self = fx.searcher.explain(q, doc);
      assertTrue(self.isMatch());
      assertEquals(1f, self.getValue().floatValue(), 0f);
      String description = self.getDescription();
      assertTrue(description, description.contains("18 of 18 bands matched"));
      assertTrue(description, description.contains("estimated Jaccard 1.0000"));
      assertTrue(description, description.contains("128 of 128 values agree"));
      assertTrue(description, description.contains(">= minSimilarity 0.8"));
      int unrelated = fx.docOf(fx.texts.size() - 1);
      Explanation other = fx.searcher.explain(q, unrelated);
      assertFalse(other.isMatch());
      assertTrue(
          other.getDescription(),
          other.getDescription().startsWith("not a candidate: 0 of 18 bands"));
      // explain agrees with scores for every hit
      for (ScoreDoc sd : fx.searcher.search(q, 100).scoreDocs) {
        Explanation e = fx.searcher.explain(q, sd.doc);
        assertTrue(e.isMatch());
        assertEquals(sd.score, e.getValue().floatValue(), 0f);
      }
    }
  }

  public void testBoostScalesScores() throws IOException {
    try (Fixture fx = new Fixture(random(), NearDupSettings.DEFAULT, 10, 4)) {
      int doc = fx.docOf(0);
      NearDuplicateQuery q =
          NearDuplicateQuery.forDocument(fx.reader, FIELDS, fx.settings, doc, 0.6);
      Query boosted = new org.apache.lucene.search.BoostQuery(q, 2f);
      TopDocs a = fx.searcher.search(q, 50);
      TopDocs b = fx.searcher.search(boosted, 50);
      assertEquals(a.scoreDocs.length, b.scoreDocs.length);
      for (int i = 0; i < a.scoreDocs.length; i++) {
        assertEquals(a.scoreDocs[i].score * 2, b.scoreDocs[i].score, 1e-6f);
      }
      // inside a boolean query
      BooleanQuery bq =
          new BooleanQuery.Builder()
              .add(q, BooleanClause.Occur.MUST)
              .add(new TermQuery(new Term("id", "0")), BooleanClause.Occur.FILTER)
              .build();
      assertEquals(1, fx.searcher.count(bq));
    }
  }

  public void testEqualsHashCodeToStringVisit() throws IOException {
    try (Fixture fx = new Fixture(random(), NearDupSettings.DEFAULT, 5, 2)) {
      int d0 = fx.docOf(0);
      int d1 = fx.docOf(fx.texts.size() - 1);
      NearDuplicateQuery a =
          NearDuplicateQuery.forDocument(fx.reader, FIELDS, fx.settings, d0, 0.8);
      NearDuplicateQuery same =
          NearDuplicateQuery.forText(fx.analyzer, FIELDS, fx.texts.get(0), 0.8);
      QueryUtils.checkEqual(a, same);
      QueryUtils.checkUnequal(
          a, NearDuplicateQuery.forDocument(fx.reader, FIELDS, fx.settings, d0, 0.7));
      QueryUtils.checkUnequal(
          a, NearDuplicateQuery.forDocument(fx.reader, FIELDS, fx.settings, d1, 0.8));
      QueryUtils.checkUnequal(
          a, new NearDuplicateQuery(new NearDupFields("other"), fx.settings, a.sketch(), 0.8));
      assertEquals(a.toString(), same.toString());
      assertTrue(
          a.toString(),
          a.toString().startsWith("NearDuplicateQuery(dup, minSimilarity=0.8, 18 bands x 7 rows"));
      Set<Term> terms = new HashSet<>();
      a.visit(QueryVisitor.termCollector(terms));
      assertEquals(Set.of(a.bandTerms()), terms);
      assertEquals(18, terms.size());
    }
  }

  public void testIncompatibleSettingsAreRejected() throws IOException {
    try (Fixture fx = new Fixture(random(), NearDupSettings.DEFAULT, 3, 2)) {
      NearDupSettings other = NearDupSettings.builder().hashes(64).build();
      Sketch sketch = NearDuplicateQuery.readSketch(fx.reader, FIELDS, fx.settings, 0);
      IllegalArgumentException e =
          expectThrows(
              IllegalArgumentException.class,
              () -> new NearDuplicateQuery(FIELDS, other, sketch, 0.8));
      assertTrue(e.getMessage(), e.getMessage().startsWith("Incompatible sketch"));
      // a query made for other settings fails on the stored sketches with a clear message
      NearDupAnalyzer otherAnalyzer = new NearDupAnalyzer(other);
      NearDuplicateQuery q =
          NearDuplicateQuery.forText(otherAnalyzer, FIELDS, fx.texts.get(0), 0.8);
      otherAnalyzer.close();
      assertEquals("bands of other settings never match", 0, fx.searcher.count(q));
      expectThrows(
          IllegalArgumentException.class,
          () ->
              NearDuplicateQuery.readSketch(
                  fx.reader, new NearDupFields("missing"), fx.settings, 0));
      expectThrows(
          IllegalArgumentException.class,
          () -> new NearDuplicateQuery(FIELDS, fx.settings, sketch, 0));
    }
  }
}

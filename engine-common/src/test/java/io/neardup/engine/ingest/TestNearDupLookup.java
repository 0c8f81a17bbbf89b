package io.neardup.engine.ingest;

import static io.neardup.search.TestNearDuplicateQuery.edit;
import static io.neardup.search.TestNearDuplicateQuery.randomText;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.engine.api.LookupParams;
import io.neardup.search.NearDuplicateQuery;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.shingle.ShingleSet;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchScheme;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.util.LuceneTestCase;

public class TestNearDupLookup extends LuceneTestCase {
  private static final NearDupFields FIELDS = new NearDupFields("dup");
  private static final String CLUSTER = "neardup_cluster";
  private static final NearDupLookup.IdReader IDS =
      (leaf, doc) -> leaf.reader().storedFields().document(doc).get("id");

  /**
   * Every sketch's match is the top hit of the {@code neardup} query with the same minimum
   * similarity (same score), and its cluster id that hit's cluster field, or its id without one.
   */
  public void testAgreesWithTheTopHitOfTheQuery() throws IOException {
    Random random = random();
    check(random, NearDupSettings.builder().threshold(0.5 + random.nextDouble() * 0.4).build());
  }

  /** The same with shingle sets: candidates near the threshold are decided by them. */
  public void testAgreesWithTheTopHitOfTheExactQuery() throws IOException {
    Random random = random();
    check(
        random, NearDupSettings.builder().threshold(0.5 + random.nextDouble() * 0.4).build(), true);
  }

  public void testAgreesWithTheTopHitOfTheQueryOnSimHash() throws IOException {
    Random random = random();
    check(
        random,
        NearDupSettings.builder()
            .scheme(SketchScheme.SIMHASH)
            .maxHamming(random.nextInt(9))
            .shingleSize(1 + random.nextInt(4))
            .build());
  }

  private void check(Random random, NearDupSettings settings) throws IOException {
    check(random, settings, false);
  }

  private void check(Random random, NearDupSettings settings, boolean exact) throws IOException {
    List<String> texts = new ArrayList<>();
    for (int f = 0; f < 40; f++) {
      String base = randomText(random, 30 + random.nextInt(200));
      int copies = 1 + random.nextInt(5);
      for (int c = 0; c < copies; c++) {
        texts.add(c == 0 ? base : edit(random, base, random.nextInt(1 + base.length() / 60)));
      }
    }
    texts.add("");
    texts.add("short");
    try (NearDupAnalyzer analyzer = new NearDupAnalyzer(settings, exact);
        Directory dir = newDirectory()) {
      NearDupDocumentBuilder builder =
          new NearDupDocumentBuilder(analyzer, FIELDS, NearDupDocument.SetLayout.DELTA);
      try (RandomIndexWriter writer = new RandomIndexWriter(random, dir)) {
        for (int i = 0; i < texts.size(); i++) {
          Document doc = new Document();
          doc.add(new StoredField("id", "id" + i));
          doc.add(new KeywordField("key", "id" + i, Field.Store.NO));
          if (random.nextBoolean()) { // else indexed without the processor: its id stands for it
            doc.add(new KeywordField(CLUSTER, "c" + random.nextInt(10), Field.Store.NO));
          }
          builder.addFields(doc, texts.get(i));
          writer.addDocument(doc);
          if (random.nextInt(15) == 0) {
            writer.commit();
          }
        }
        for (int d = 0; d < 5; d++) {
          writer.deleteDocuments(new Term("key", "id" + random.nextInt(texts.size())));
        }
        try (IndexReader reader = writer.getReader()) {
          IndexSearcher searcher = new IndexSearcher(reader);
          List<Sketch> sketches = new ArrayList<>();
          List<ShingleSet> sets = exact ? new ArrayList<>() : null;
          // what the ingest processor sends: serialized sketches and sets
          List<byte[]> sent = new ArrayList<>();
          List<byte[]> sentSets = new ArrayList<>();
          for (int q = 0; q <= 60; q++) {
            NearDupDocument analysed =
                q == 60
                    ? builder.analyze(randomText(random, 100)) // likely no match
                    : builder.analyze(
                        random.nextBoolean()
                            ? texts.get(random.nextInt(texts.size()))
                            : edit(random, texts.get(random.nextInt(texts.size())), 2));
            sketches.add(analysed.sketch());
            sent.add(analysed.encodedSketch());
            if (exact) {
              sets.add(shingleSet(analysed));
              sentSets.add(analysed.encodedSet(NearDupDocument.SetLayout.DELTA));
            }
          }
          double minSimilarity = settings.threshold();
          // a few candidates at a time, too, as a band token of very many documents is verified;
          // with segment filters, without (a budget too small for any) and with filters cached
          int maxPairs = random.nextBoolean() ? 1 + random.nextInt(40) : 1 << 20;
          SegmentBandFilters filters = new SegmentBandFilters(random.nextBoolean() ? 0 : 1 << 20);
          NearDupLookup.Match[] matches = null;
          for (int round = 0; round < 2; round++) {
            matches =
                NearDupLookup.lookup(
                    reader,
                    FIELDS,
                    settings,
                    sketches,
                    NearDupLookup.verifiers(FIELDS, settings, minSimilarity, sketches, sets),
                    CLUSTER,
                    IDS,
                    3,
                    filters,
                    maxPairs);
          }
          assertEquals(sketches.size(), matches.length);
          // the aggregation's entry point, given the bytes (sets read only when needed), agrees
          assertArrayEquals(
              matches,
              NearDupLookup.lookup(
                  reader,
                  FIELDS,
                  settings,
                  new LookupParams("dup", CLUSTER, sent, sentSets),
                  IDS,
                  3));
          int found = 0;
          for (int q = 0; q < sketches.size(); q++) {
            TopDocs top =
                searcher.search(
                    new NearDuplicateQuery(
                        FIELDS,
                        settings,
                        sketches.get(q),
                        exact ? sets.get(q) : null,
                        minSimilarity),
                    1);
            if (top.scoreDocs.length == 0) {
              assertNull("sketch " + q, matches[q]);
              continue;
            }
            found++;
            int doc = top.scoreDocs[0].doc;
            Document stored = searcher.storedFields().document(doc);
            var clusters =
                org.apache.lucene.index.MultiDocValues.getSortedSetValues(reader, CLUSTER);
            String cluster =
                clusters != null && clusters.advanceExact(doc)
                    ? clusters.lookupOrd(clusters.nextOrd()).utf8ToString()
                    : stored.get("id");
            assertEquals(
                "sketch " + q,
                new NearDupLookup.Match(top.scoreDocs[0].score, cluster, 3),
                matches[q]);
          }
          assertTrue("many sketches have a near-duplicate: " + found, found > 10);
        }
      }
    }
  }

  private static ShingleSet shingleSet(NearDupDocument analysed) {
    long[] fingerprints = analysed.shingles();
    int[] compact = new int[fingerprints.length];
    return new ShingleSet()
        .setCompact(compact, CompactShingleSet.compact(fingerprints, fingerprints.length, compact));
  }

  /**
   * A segment's filter holds every band token of the segment, is built once, fits the budget or is
   * not built, and is dropped with the segment.
   */
  public void testSegmentFiltersHoldEveryBandTokenAndAreDroppedWithTheSegment() throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.DEFAULT;
    try (NearDupAnalyzer analyzer = new NearDupAnalyzer(settings);
        Directory dir = newDirectory()) {
      NearDupDocumentBuilder builder = new NearDupDocumentBuilder(analyzer, FIELDS);
      List<Sketch> sketches = new ArrayList<>();
      try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
        for (int i = 0; i < 50; i++) {
          String text = randomText(random, 40 + random.nextInt(100));
          Document doc = new Document();
          builder.addFields(doc, text);
          writer.addDocument(doc);
          sketches.add(builder.analyze(text).sketch());
        }
      }
      SegmentBandFilters filters = new SegmentBandFilters(1 << 20);
      SegmentBandFilters none = new SegmentBandFilters(0);
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        LeafReader leaf = reader.leaves().get(0).reader();
        var terms = leaf.terms(FIELDS.bandField());
        SegmentBandFilters.Filter filter = filters.get(leaf, FIELDS.bandField(), terms);
        assertNotNull(filter);
        assertSame(filter, filters.get(leaf, FIELDS.bandField(), terms));
        assertTrue(filters.bytesUsed() > 0);
        assertNull(none.get(leaf, FIELDS.bandField(), terms));
        assertEquals(0, none.bytesUsed());
        io.neardup.lsh.BandHasher hasher = new io.neardup.lsh.BandHasher(settings.banding());
        long[] bands = new long[settings.banding().bands()];
        int absent = 0;
        for (Sketch sketch : sketches) {
          hasher.bandHashes(sketch, bands);
          for (int b = 0; b < bands.length; b++) {
            assertTrue(filter.mightContain(b, bands[b]));
            absent += filter.mightContain(b, random.nextLong()) ? 0 : 1;
          }
        }
        assertTrue("random tokens are mostly absent: " + absent, absent > 50 * 18 * 9 / 10);
      }
      assertEquals("dropped with the segment", 0, filters.bytesUsed());
    }
  }

  public void testTheHigherSimilarityWinsThenTheLowerShard() {
    NearDupLookup.Match a = new NearDupLookup.Match(0.9f, "a", 1);
    NearDupLookup.Match b = new NearDupLookup.Match(0.95f, "b", 2);
    NearDupLookup.Match c = new NearDupLookup.Match(0.9f, "c", 0);
    assertSame(b, NearDupLookup.Match.better(a, b));
    assertSame(b, NearDupLookup.Match.better(b, a));
    assertSame(c, NearDupLookup.Match.better(a, c));
    assertSame(c, NearDupLookup.Match.better(c, a));
    assertSame(a, NearDupLookup.Match.better(a, null));
    assertSame(a, NearDupLookup.Match.better(null, a));
    assertNull(NearDupLookup.Match.better(null, null));
  }
}

package io.neardup.document;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.shingle.ShingleSetFormat;
import io.neardup.sketch.SketchFormat;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.util.LuceneTestCase;
import org.apache.lucene.util.BytesRef;

public class TestNearDupDocumentBuilder extends LuceneTestCase {
  private static final String TEXT =
      "the quick brown fox jumps over the lazy dog near the river bank";

  public void testFieldsRoundTripThroughAnIndex() throws IOException {
    NearDupSettings settings = NearDupSettings.builder().exact(true).shingles(true).build();
    NearDupFields fields = new NearDupFields("body.dup");
    try (NearDupAnalyzer analyzer = new NearDupAnalyzer(settings);
        Directory dir = newDirectory()) {
      NearDupDocumentBuilder builder = new NearDupDocumentBuilder(analyzer, fields);
      NearDupDocument analysed = builder.analyze(TEXT);
      assertEquals(settings.banding().bands(), analysed.bandTokens().size());
      assertNotNull(analysed.exactToken());
      assertEquals(9, analysed.shingles().length);
      assertEquals(9, analysed.sketch().shingleCount());
      List<IndexableField> list = analysed.toFields(fields);
      assertEquals(4, list.size());

      try (RandomIndexWriter writer = new RandomIndexWriter(random(), dir)) {
        writer.addDocument(builder.addFields(new Document(), TEXT));
        writer.addDocument(
            builder.addFields(new Document(), "something else entirely, five words or more"));
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = newSearcher(reader);
        for (String band : analysed.bandTokens()) {
          assertEquals(1, searcher.count(new TermQuery(new Term("body.dup", band))));
        }
        assertEquals(
            1, searcher.count(new TermQuery(new Term("body.dup.exact", analysed.exactToken()))));
        LeafReader leaf = getOnlyLeafReader(reader);
        int doc =
            searcher.search(new TermQuery(new Term("body.dup.exact", analysed.exactToken())), 1)
                .scoreDocs[0]
                .doc;
        BinaryDocValues sketches = leaf.getBinaryDocValues("body.dup.sketch");
        assertTrue(sketches.advanceExact(doc));
        BytesRef b = sketches.binaryValue();
        assertEquals(
            analysed.sketch(), SketchFormat.decode(b.bytes, b.offset, b.length, settings.sketch()));
        BinaryDocValues shingles = leaf.getBinaryDocValues("body.dup.shingles");
        assertTrue(shingles.advanceExact(doc));
        b = shingles.binaryValue();
        long[] fingerprints = analysed.shingles();
        int[] compact = new int[fingerprints.length];
        compact =
            Arrays.copyOf(
                compact, CompactShingleSet.compact(fingerprints, fingerprints.length, compact));
        assertArrayEquals(compact, ShingleSetFormat.decodeCompact(b.bytes, b.offset, b.length));
        assertFalse(leaf.getFieldInfos().fieldInfo("body.dup").hasNorms());
      }
    }
  }

  public void testSerializedFormsAreTheFieldsAndFollowTheLayout() throws IOException {
    NearDupSettings settings = NearDupSettings.builder().shingles(true).build();
    NearDupFields fields = new NearDupFields("body.dup");
    try (NearDupAnalyzer analyzer = new NearDupAnalyzer(settings)) {
      NearDupDocument analysed = new NearDupDocumentBuilder(analyzer, fields).analyze(TEXT);
      long[] fingerprints = analysed.shingles();
      int[] compact = new int[fingerprints.length];
      int size = CompactShingleSet.compact(fingerprints, fingerprints.length, compact);
      byte[] delta = ShingleSetFormat.encodeDelta(compact, size);
      byte[] plain = ShingleSetFormat.encode(fingerprints, fingerprints.length);
      assertFalse(Arrays.equals(delta, plain));

      assertArrayEquals(SketchFormat.encode(analysed.sketch()), analysed.encodedSketch());
      assertSame(analysed.encodedSketch(), analysed.encodedSketch());
      assertArrayEquals(delta, analysed.encodedSet(NearDupDocument.SetLayout.DELTA));
      assertSame(
          analysed.encodedSet(NearDupDocument.SetLayout.DELTA),
          analysed.encodedSet(NearDupDocument.SetLayout.DELTA));
      // asked for in another layout, the set is written in that layout, not the one held
      assertArrayEquals(plain, analysed.encodedSet(NearDupDocument.SetLayout.COMPACT));
      assertArrayEquals(delta, analysed.encodedSet(NearDupDocument.SetLayout.DELTA));

      List<IndexableField> written = analysed.toFields(fields, NearDupDocument.SetLayout.DELTA);
      assertEquals(new BytesRef(analysed.encodedSketch()), written.get(1).binaryValue());
      assertEquals(new BytesRef(delta), written.get(2).binaryValue());
      assertNull(
          new NearDupDocument(analysed.bandTokens(), analysed.sketch(), null, null)
              .encodedSet(NearDupDocument.SetLayout.DELTA));
    }
  }

  public void testDefaultsWriteBandsAndSketchOnly() throws IOException {
    try (NearDupAnalyzer analyzer = new NearDupAnalyzer(NearDupSettings.DEFAULT)) {
      NearDupDocument d = new NearDupDocumentBuilder(analyzer, NearDupFields.DEFAULT).analyze(TEXT);
      assertNull(d.exactToken());
      assertNull(d.shingles());
      assertEquals(2, d.toFields(NearDupFields.DEFAULT).size());
      NearDupDocument empty =
          new NearDupDocumentBuilder(analyzer, NearDupFields.DEFAULT).analyze("");
      assertTrue(empty.bandTokens().isEmpty());
      assertTrue(empty.sketch().isEmpty());
    }
  }

  public void testAnalyzerWithoutTheFilterIsRejected() throws IOException {
    try (Analyzer standard = new StandardAnalyzer()) {
      NearDupDocumentBuilder builder = new NearDupDocumentBuilder(standard, NearDupFields.DEFAULT);
      IllegalStateException e =
          expectThrows(IllegalStateException.class, () -> builder.analyze(TEXT));
      assertTrue(
          e.getMessage(),
          e.getMessage().startsWith("the analyzer must end with the nearDup filter"));
    }
  }

  public void testShingleSetFormat() {
    // the upper halves: MIN, -1 (twice: -5 and -3), 0 (twice: 0 and 7), MAX
    long[] values = {Long.MIN_VALUE, -5, -3, 0, 7, Long.MAX_VALUE};
    int[] compact = {Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE};
    byte[] bytes = ShingleSetFormat.encode(values, values.length);
    assertEquals(ShingleSetFormat.VERSION, bytes[0]);
    assertEquals(2 + 4 * compact.length, bytes.length);
    assertArrayEquals(compact, ShingleSetFormat.decodeCompact(bytes, 0, bytes.length));
    // version 1, 64-bit fingerprints, reads as the same compact set
    byte[] old = ShingleSetFormat.encodeVersion1(values, values.length);
    assertEquals(ShingleSetFormat.VERSION_FINGERPRINTS, old[0]);
    assertArrayEquals(compact, ShingleSetFormat.decodeCompact(old, 0, old.length));
    assertArrayEquals(
        new int[0], ShingleSetFormat.decodeCompact(ShingleSetFormat.encode(new long[0], 0), 0, 2));
    expectThrows(
        IllegalArgumentException.class, () -> ShingleSetFormat.encode(new long[] {2, 1}, 2));
    for (byte[] b : new byte[][] {bytes, old}) {
      IllegalArgumentException e =
          expectThrows(
              IllegalArgumentException.class,
              () -> ShingleSetFormat.decodeCompact(b, 0, b.length - 1));
      assertTrue(e.getMessage(), e.getMessage().startsWith("Corrupted shingle set"));
    }
    byte[] unknown = bytes.clone();
    unknown[0] = 9;
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () -> ShingleSetFormat.decodeCompact(unknown, 0, unknown.length));
    assertTrue(e.getMessage(), e.getMessage().contains("unknown version 9"));
  }

  public void testNamesAreValidated() {
    expectThrows(IllegalArgumentException.class, () -> new NearDupFields(""));
    NearDupFields f = new NearDupFields("x");
    assertEquals("x", f.bandField());
    assertEquals("x.sketch", f.sketchField());
    assertEquals("x.exact", f.exactField());
    assertEquals("x.shingles", f.shinglesField());
  }
}

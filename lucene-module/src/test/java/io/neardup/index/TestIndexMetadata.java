package io.neardup.index;

import io.neardup.document.NearDupFields;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.ShingleUnit;
import io.neardup.sketch.SketchScheme;
import io.neardup.text.DigitPolicy;
import io.neardup.text.NormalizationOptions;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.util.LuceneTestCase;

public class TestIndexMetadata extends LuceneTestCase {

  private static final NearDupSettings SETTINGS =
      NearDupSettings.builder()
          .shingleUnit(ShingleUnit.CHAR)
          .shingleSize(7)
          .hashes(64)
          .bits(16)
          .scheme(SketchScheme.MINHASH)
          .seed(-42)
          .threshold(0.85)
          .exact(true)
          .shingles(true)
          .build();

  private static final NormalizationOptions NORMALIZATION =
      new NormalizationOptions(false, true, false, DigitPolicy.MASK);

  private static final NearDupFields FIELDS = new NearDupFields("body_dup");

  public void testRoundTripThroughACommit() throws IOException {
    try (Directory dir = newDirectory()) {
      try (IndexWriter writer = new IndexWriter(dir, newIndexWriterConfig())) {
        writer.setLiveCommitData(Map.of("owner", "someone else").entrySet());
        IndexMetadata.write(writer, SETTINGS, NORMALIZATION, FIELDS);
        Document doc = new Document();
        doc.add(new StringField("id", "1", Field.Store.NO));
        writer.addDocument(doc);
        writer.commit();
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexMetadata meta = IndexMetadata.read(reader);
        assertEquals(SETTINGS, meta.settings());
        assertEquals(NORMALIZATION, meta.normalization());
        assertEquals(FIELDS, meta.fields());
        Map<String, String> userData = reader.getIndexCommit().getUserData();
        assertEquals("someone else", userData.get("owner"));
        assertEquals("1", userData.get("neardup.version"));
        assertEquals("body_dup", userData.get("neardup.field"));
        assertEquals("7", userData.get("neardup.shingleSize"));
        assertEquals("mask", userData.get("neardup.digits"));
      }
      assertEquals(new IndexMetadata(SETTINGS, NORMALIZATION, FIELDS), IndexMetadata.read(dir));
    }
  }

  public void testRewritingReplacesTheEntries() throws IOException {
    try (Directory dir = newDirectory()) {
      try (IndexWriter writer = new IndexWriter(dir, newIndexWriterConfig())) {
        IndexMetadata.write(writer, SETTINGS, NORMALIZATION, FIELDS);
        writer.commit();
        // no document changes: the new metadata must still be committed
        IndexMetadata.write(
            writer, NearDupSettings.DEFAULT, NormalizationOptions.DEFAULT, NearDupFields.DEFAULT);
        writer.commit();
      }
      IndexMetadata meta = IndexMetadata.read(dir);
      assertEquals(NearDupSettings.DEFAULT, meta.settings());
      assertEquals(NormalizationOptions.DEFAULT, meta.normalization());
      assertEquals(NearDupFields.DEFAULT, meta.fields());
    }
  }

  public void testSurvivesReopeningTheWriter() throws IOException {
    try (Directory dir = newDirectory()) {
      try (IndexWriter writer = new IndexWriter(dir, newIndexWriterConfig())) {
        IndexMetadata.write(writer, SETTINGS, NORMALIZATION, FIELDS);
        writer.commit();
      }
      try (IndexWriter writer =
          new IndexWriter(
              dir, newIndexWriterConfig().setOpenMode(IndexWriterConfig.OpenMode.APPEND))) {
        writer.addDocument(new Document());
        writer.commit();
      }
      assertEquals(SETTINGS, IndexMetadata.read(dir).settings());
    }
  }

  public void testMissingMetadataIsAClearError() throws IOException {
    try (Directory dir = newDirectory()) {
      try (IndexWriter writer = new IndexWriter(dir, newIndexWriterConfig())) {
        writer.addDocument(new Document());
        writer.commit();
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IllegalArgumentException e =
            expectThrows(IllegalArgumentException.class, () -> IndexMetadata.read(reader));
        assertEquals(
            "index at " + dir + " has no neardup settings: was it built by neardup?",
            e.getMessage());
        e =
            expectThrows(
                IllegalArgumentException.class, () -> IndexMetadata.read(new MultiReader(reader)));
        assertTrue(e.getMessage(), e.getMessage().startsWith("reader must be a DirectoryReader"));
      }
      IllegalArgumentException e =
          expectThrows(IllegalArgumentException.class, () -> IndexMetadata.read(dir));
      assertTrue(e.getMessage(), e.getMessage().endsWith("was it built by neardup?"));
    }
  }

  public void testRejectsUnknownVersionsAndBadValues() {
    Map<String, String> data =
        new HashMap<>(new IndexMetadata(SETTINGS, NORMALIZATION, FIELDS).toUserData());
    data.put("neardup.version", "2");
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class, () -> IndexMetadata.fromUserData(data, "index at x"));
    assertEquals(
        "index at x has neardup settings of version 2: this neardup reads version 1",
        e.getMessage());

    data.put("neardup.version", "1");
    data.put("neardup.hashes", "0");
    e =
        expectThrows(
            IllegalArgumentException.class, () -> IndexMetadata.fromUserData(data, "index at x"));
    assertEquals(
        "index at x has invalid neardup settings: hashes must be an integer between 1 and 1024,"
            + " got [0]",
        e.getMessage());

    data.remove("neardup.hashes");
    e =
        expectThrows(
            IllegalArgumentException.class, () -> IndexMetadata.fromUserData(data, "index at x"));
    assertEquals(
        "index at x has incomplete neardup settings: [neardup.hashes] is missing", e.getMessage());
  }
}

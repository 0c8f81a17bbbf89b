package io.neardup.cli.index;

import io.neardup.analysis.FastStandardTokenizer;
import io.neardup.cli.input.CorpusReader;
import io.neardup.document.NearDupDocument;
import io.neardup.index.StoredClusters;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.DoubleField;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.LongField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.util.BytesRef;

/**
 * The document the CLI's index holds for a record: its id and input ordinal, its text when kept,
 * the {@code neardup} fields ({@link OpenIndex#NEARDUP_FIELDS}), an unassigned cluster, and the
 * record's other fields as keyword or numeric fields. {@link OpenIndex} reads it back.
 */
public final class IndexLayout {
  private IndexLayout() {}

  /**
   * The text: stored for display, and indexed with frequencies for BM25 ranking but without
   * positions, which only phrase queries need and {@code search} never makes; that halves the cost
   * of inverting it.
   */
  static final FieldType TEXT_TYPE;

  static {
    FieldType type = new FieldType(TextField.TYPE_NOT_STORED);
    type.setIndexOptions(IndexOptions.DOCS_AND_FREQS);
    type.freeze();
    TEXT_TYPE = type;
  }

  /**
   * The analyser of the full-text field: Lucene's standard analyser (the standard tokenizer's
   * tokens, lower case) without its stop filter, whose default word list is empty anyway, so the
   * tokens and the queries of {@code search} are the same and no token pays a set lookup.
   */
  public static final Analyzer TEXT_ANALYZER =
      new Analyzer() {
        @Override
        protected TokenStreamComponents createComponents(String fieldName) {
          Tokenizer tokenizer = new FastStandardTokenizer();
          return new TokenStreamComponents(tokenizer, new LowerCaseFilter(tokenizer));
        }

        @Override
        protected TokenStream normalize(String fieldName, TokenStream in) {
          return new LowerCaseFilter(in);
        }
      };

  /**
   * The document of a record.
   *
   * @param ordinal its input ordinal (an append numbers on after the indexed documents)
   * @param textTokens the full-text field's tokens, or null when the index keeps no texts
   */
  public static Document document(
      long ordinal, CorpusReader.Record record, NearDupDocument nearDup, TokenStream textTokens) {
    Document doc = new Document();
    doc.add(new KeywordField(OpenIndex.ID_FIELD, record.id(), Field.Store.YES));
    doc.add(new LongField(OpenIndex.ORDINAL_FIELD, ordinal, Field.Store.NO));
    if (textTokens != null) {
      doc.add(new Field(OpenIndex.TEXT_FIELD, textTokens, TEXT_TYPE));
      // stored as UTF-8 bytes: the JDK encodes a string at once, Lucene's string path char by char
      doc.add(
          new StoredField(
              OpenIndex.TEXT_FIELD, new BytesRef(record.text().getBytes(StandardCharsets.UTF_8))));
    }
    for (IndexableField f : nearDup.toFields(OpenIndex.NEARDUP_FIELDS, false)) {
      doc.add(f);
    }
    for (IndexableField f : StoredClusters.unassigned(OpenIndex.NEARDUP_FIELDS)) {
      doc.add(f);
    }
    for (Map.Entry<String, Object> e : record.fields().entrySet()) {
      String name = e.getKey();
      switch (e.getValue()) {
        case Long l -> doc.add(new LongField(name, l, Field.Store.NO));
        case Double d -> doc.add(new DoubleField(name, d, Field.Store.NO));
        case String s -> doc.add(new KeywordField(name, s, Field.Store.NO));
        default -> throw new IllegalStateException("unexpected field value " + e.getValue());
      }
    }
    return doc;
  }
}

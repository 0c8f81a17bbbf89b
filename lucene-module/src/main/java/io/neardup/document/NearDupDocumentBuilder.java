package io.neardup.document;

import io.neardup.analysis.NearDupFilter;
import io.neardup.analysis.NearDupShingleSetAttribute;
import io.neardup.analysis.NearDupSketchAttribute;
import io.neardup.sketch.Sketch;
import io.neardup.token.TokenEncoding;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexableField;

/**
 * Builds the neardup fields of documents for standalone Lucene applications, analysing each text
 * once.
 *
 * <pre>{@code
 * NearDupSettings settings = NearDupSettings.builder().threshold(0.8).exact(true).build();
 * NearDupDocumentBuilder builder =
 *     new NearDupDocumentBuilder(new NearDupAnalyzer(settings), NearDupFields.DEFAULT);
 * try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
 *   Document doc = new Document();
 *   doc.add(new KeywordField("id", "42", Field.Store.YES));
 *   builder.addFields(doc, text);
 *   writer.addDocument(doc);
 * }
 * }</pre>
 *
 * <p>The analyser must end with {@link NearDupFilter}. Thread-safe as long as the analyser is
 * (Lucene analysers are: they keep one token stream per thread).
 */
public final class NearDupDocumentBuilder {
  private final Analyzer analyzer;
  private final NearDupFields fields;
  private final NearDupDocument.SetLayout layout;

  public NearDupDocumentBuilder(Analyzer analyzer, NearDupFields fields) {
    this(analyzer, fields, NearDupDocument.SetLayout.TOKENS_AND_COMPACT);
  }

  /**
   * @param layout how {@link #fields} writes a text's shingle set, when the analyser keeps one
   */
  public NearDupDocumentBuilder(
      Analyzer analyzer, NearDupFields fields, NearDupDocument.SetLayout layout) {
    this.analyzer = analyzer;
    this.fields = fields;
    this.layout = layout;
  }

  /** The field names written. */
  public NearDupFields fields() {
    return fields;
  }

  /** The analyser used. */
  public Analyzer analyzer() {
    return analyzer;
  }

  /**
   * Analyses a text.
   *
   * @throws IllegalStateException if the analyser has no {@link NearDupFilter}
   */
  public NearDupDocument analyze(String text) {
    List<String> bands = new ArrayList<>();
    String exact = null;
    long[] shingles = null;
    int shingleCount = 0;
    try (TokenStream ts = analyzer.tokenStream(fields.bandField(), text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      TypeAttribute type = ts.addAttribute(TypeAttribute.class);
      NearDupSketchAttribute sketchAtt = ts.addAttribute(NearDupSketchAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        switch (type.type()) {
          case NearDupFilter.TYPE_BAND -> bands.add(term.toString());
          case NearDupFilter.TYPE_EXACT -> exact = term.toString();
          case NearDupFilter.TYPE_SHINGLE -> {
            if (shingles == null) {
              shingles = new long[16];
            } else if (shingleCount == shingles.length) {
              shingles = Arrays.copyOf(shingles, shingleCount * 2);
            }
            shingles[shingleCount++] = TokenEncoding.parseShingleToken(term);
          }
          default ->
              throw new IllegalStateException(
                  "the analyzer must end with the nearDup filter, but emitted a token of type ["
                      + type.type()
                      + "]");
        }
      }
      ts.end();
      if (shingles == null && ts.hasAttribute(NearDupShingleSetAttribute.class)) {
        // a filter that keeps the set without emitting its tokens
        NearDupShingleSetAttribute set = ts.getAttribute(NearDupShingleSetAttribute.class);
        shingles = set.shingles();
        shingleCount = set.count();
      }
      Sketch sketch = sketchAtt.getSketch();
      if (sketch == null) {
        throw new IllegalStateException(
            "the analyzer must end with the nearDup filter: no sketch after end()");
      }
      // the filter emits shingle tokens in ascending fingerprint order
      long[] sortedShingles = shingles == null ? null : Arrays.copyOf(shingles, shingleCount);
      return new NearDupDocument(bands, sketch, exact, sortedShingles);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Analyses a text and returns its fields. */
  public List<IndexableField> fields(String text) {
    return fields(analyze(text));
  }

  /** The fields of a text this builder's analyser has already analysed. */
  public List<IndexableField> fields(NearDupDocument analysed) {
    return analysed.toFields(fields, layout);
  }

  /** Analyses a text and adds its fields to a document. */
  public Document addFields(Document document, String text) {
    for (IndexableField f : fields(text)) {
      document.add(f);
    }
    return document;
  }
}

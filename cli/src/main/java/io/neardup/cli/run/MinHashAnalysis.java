package io.neardup.cli.run;

import io.neardup.analysis.FastStandardTokenizer;
import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupFilter;
import io.neardup.analysis.NearDupShingleSetAttribute;
import io.neardup.analysis.NearDupSketchAttribute;
import io.neardup.analysis.TextNormalizationFilter;
import io.neardup.cli.index.IndexLayout;
import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.input.CorpusReader;
import io.neardup.cluster.Verification;
import io.neardup.cluster.core.Clusterer;
import io.neardup.document.NearDupDocument;
import io.neardup.lsh.BandHasher;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Sketch;
import io.neardup.text.NormalizationOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;
import org.apache.lucene.index.IndexWriter;

/**
 * The MinHash analysis of a document: its sketch and band hashes, with its compact shingle set when
 * pairs are verified exactly, go to the clusterer; when an index is kept, its band tokens, exact
 * token, sketch and shingles go into its document ({@link IndexLayout}), and with texts one
 * tokenisation feeds both the sketch and the full-text field.
 */
final class MinHashAnalysis implements DocumentAnalysis {
  private final NearDupSettings settings;
  private final Verification verification;
  private final NearDupAnalyzer analyzer;
  private final BandHasher bandHasher;
  private final Clusterer clusterer;
  private final IndexWriter writer;
  private final long ordinalBase;
  private final CompactSets sets = new CompactSets();
  // a kept index with texts: one tokenisation feeds the sketch and the full-text field
  private final TokenCapture capture;
  private final TokenStream nearDupChain;
  private final TokenStream textChain;

  /**
   * @param clusterer where the sketch and band hashes go, or null (an index only)
   * @param writer where the document goes, or null (no index)
   * @param text whether the index keeps the texts
   * @param ordinalBase the ordinal of the first document (an append numbers after the indexed)
   */
  MinHashAnalysis(
      NearDupSettings settings,
      NormalizationOptions normalization,
      Verification verification,
      NearDupAnalyzer analyzer,
      BandHasher bandHasher,
      Clusterer clusterer,
      IndexWriter writer,
      boolean text,
      long ordinalBase) {
    this.settings = settings;
    this.verification = verification;
    this.analyzer = analyzer;
    this.bandHasher = bandHasher;
    this.clusterer = clusterer;
    this.writer = writer;
    this.ordinalBase = ordinalBase;
    if (writer != null && text) {
      capture = new TokenCapture(new FastStandardTokenizer());
      nearDupChain =
          new NearDupFilter(new TextNormalizationFilter(capture.replay(), normalization), settings);
      textChain = new LowerCaseFilter(capture.replay());
    } else {
      capture = null;
      nearDupChain = null;
      textChain = null;
    }
  }

  @Override
  public void analyse(int ord, CorpusReader.Record record) throws IOException {
    Sketch sketch;
    List<String> bandTokens = writer == null ? null : new ArrayList<>(settings.banding().bands());
    String exactToken = null;
    long[] shingles = null;
    if (capture != null) {
      capture.capture(record.textReader());
    }
    try (TokenStream ts =
        capture != null
            ? nearDupChain
            : analyzer.tokenStream(OpenIndex.NEARDUP_FIELDS.bandField(), record.textReader())) {
      NearDupSketchAttribute sketchAtt = ts.addAttribute(NearDupSketchAttribute.class);
      NearDupShingleSetAttribute shingleAtt =
          settings.shingles() ? ts.addAttribute(NearDupShingleSetAttribute.class) : null;
      ts.reset();
      if (writer != null) {
        // band and exact tokens come first; the shingle set is read from its attribute
        CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
        TypeAttribute type = ts.addAttribute(TypeAttribute.class);
        while (ts.incrementToken()) {
          String t = type.type();
          if (t.equals(NearDupFilter.TYPE_BAND)) {
            bandTokens.add(term.toString());
          } else if (t.equals(NearDupFilter.TYPE_EXACT)) {
            exactToken = term.toString();
          } else {
            break;
          }
        }
      }
      ts.end();
      sketch = sketchAtt.getSketch();
      if (clusterer != null) {
        if (verification == Verification.EXACT && !sketch.isEmpty()) {
          int size = sets.compact(shingleAtt);
          clusterer.add(ord, sketch, bandHasher, sets.buffer(), size);
        } else {
          clusterer.add(ord, sketch, bandHasher);
        }
      }
      if (writer != null && shingleAtt != null && shingleAtt.count() > 0) {
        shingles = Arrays.copyOf(shingleAtt.shingles(), shingleAtt.count());
      }
    }
    if (writer != null) {
      writer.addDocument(
          IndexLayout.document(
              ordinalBase + ord,
              record,
              new NearDupDocument(bandTokens, sketch, exactToken, shingles),
              textChain));
    }
  }
}

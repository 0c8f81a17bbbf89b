package io.neardup.cli;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupFilter;
import io.neardup.analysis.NearDupShingleSetAttribute;
import io.neardup.analysis.NearDupSketchAttribute;
import io.neardup.analysis.TextNormalizationFilter;
import io.neardup.cluster.Cluster;
import io.neardup.cluster.Clusterer;
import io.neardup.cluster.PairSink;
import io.neardup.cluster.SpillDirectory;
import io.neardup.cluster.Verification;
import io.neardup.document.NearDupDocument;
import io.neardup.lsh.BandHasher;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.sketch.Sketch;
import io.neardup.text.NormalizationOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.DoubleField;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.LongField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.util.BytesRef;

/**
 * Reads a corpus once and analyses it on all threads, feeding each document's band hashes and set
 * to a {@link Clusterer} and, when an index is kept, its fields to an {@link IndexWriter}. One
 * thread reads and numbers the records in input order; the number (the input ordinal) decides
 * canonical ties, so results never depend on thread timing.
 */
final class StreamingDedup {
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

  private final NearDupSettings settings;
  private final NormalizationOptions normalization;
  private final Verification verification;
  private final int threads;
  private final InputOptions.OnError onError;
  private final ProgressLine progress;
  private final String canonicalField;
  private final boolean text;

  private final List<String> ids = new ArrayList<>();
  // a method other than minhash, and whether this is its first pass (collection statistics)
  private MethodPlan plan;
  private boolean firstPass;
  private String phase;
  private Object[] canonicalValues;
  private long canonicalValuesSeen;

  /**
   * @param canonicalField the input field whose values decide canonicals, or null
   * @param text whether documents indexed by {@link #ingest} keep their text (for {@code search})
   */
  StreamingDedup(
      NearDupSettings settings,
      NormalizationOptions normalization,
      Verification verification,
      int threads,
      InputOptions.OnError onError,
      ProgressLine progress,
      String canonicalField,
      boolean text) {
    this.settings = settings;
    this.normalization = normalization;
    this.verification = verification;
    this.threads = threads;
    this.onError = onError;
    this.progress = progress;
    this.canonicalField = canonicalField;
    this.text = text;
  }

  /**
   * Analyses for a method other than minhash: documents go to {@code plan}, which adds them to the
   * clusterer, or, in the first pass of a two-pass method, only counts their terms.
   *
   * @param phase the progress line's name of the pass
   */
  StreamingDedup method(MethodPlan plan, boolean firstPass, String phase) {
    this.plan = plan;
    this.firstPass = firstPass;
    this.phase = phase;
    return this;
  }

  /** The id of each document, by input ordinal. */
  List<String> ids() {
    return ids;
  }

  /** How many documents had a value in the canonical field. */
  long canonicalValuesSeen() {
    return canonicalValuesSeen;
  }

  /**
   * Reads every record of {@code reader}, analyses it and adds it to {@code clusterer} and to
   * {@code writer} ({@link OpenIndex} layout), each when not null.
   *
   * @throws CliFailure at the first bad record when {@code --on-error fail}
   */
  RecordPipeline.Ingest ingest(CorpusReader reader, Clusterer clusterer, IndexWriter writer)
      throws IOException {
    String phase =
        this.phase != null ? this.phase : clusterer == null ? "indexing" : "read and analyse";
    NearDupAnalyzer analyzer = new NearDupAnalyzer(settings, normalization);
    BandHasher bandHasher = new BandHasher(settings.banding());
    // the first pass of a two-pass method leaves reporting bad records to the second
    return new RecordPipeline(threads, onError, progress, !firstPass)
        .run(
            reader,
            phase,
            (ord, record) -> {
              ids.add(record.id());
              keepCanonicalValue(ord, record);
            },
            () -> {
              Worker w = new Worker(analyzer, bandHasher, clusterer, writer);
              return w::analyse;
            });
  }

  /** The canonical order: documents with a value first, lowest (or highest) value, then ordinal. */
  Clusterer.CanonicalOrder canonicalOrder(boolean ascending) {
    if (canonicalValues == null) {
      return Integer::compare;
    }
    Object[] values = canonicalValues;
    return (a, b) -> {
      Object va = a < values.length ? values[a] : null;
      Object vb = b < values.length ? values[b] : null;
      if (va == null || vb == null) {
        return va != null ? -1 : vb != null ? 1 : Integer.compare(a, b);
      }
      int c = compareValues(va, vb);
      if (!ascending) {
        c = -c;
      }
      return c != 0 ? c : Integer.compare(a, b);
    };
  }

  @SuppressWarnings("unchecked")
  private static int compareValues(Object a, Object b) {
    if (a instanceof Number x && b instanceof Number y) {
      if (x instanceof Long lx && y instanceof Long ly) {
        return Long.compare(lx, ly);
      }
      return Double.compare(x.doubleValue(), y.doubleValue());
    }
    return ((Comparable<Object>) a).compareTo(b);
  }

  private void keepCanonicalValue(int ord, CorpusReader.Record record) {
    if (canonicalField == null) {
      return;
    }
    Object value =
        canonicalField.equals(OpenIndex.ID_FIELD)
            ? record.id()
            : record.fields().get(canonicalField);
    if (value == null) {
      return;
    }
    if (canonicalValues == null) {
      canonicalValues = new Object[Math.max(1024, ord + 1)];
    } else if (ord >= canonicalValues.length) {
      canonicalValues =
          Arrays.copyOf(canonicalValues, Math.max(ord + 1, canonicalValues.length * 2));
    }
    canonicalValues[ord] = value;
    canonicalValuesSeen++;
  }

  /** The analysis state of one thread. */
  private final class Worker {
    private final NearDupAnalyzer analyzer;
    private final BandHasher bandHasher;
    private final Clusterer clusterer;
    private final IndexWriter writer;
    private int[] set = new int[1024];
    // a kept index with texts: one tokenisation feeds the sketch and the full-text field
    private final TokenCapture capture;
    private final TokenStream nearDupChain;
    private final TokenStream textChain;

    Worker(
        NearDupAnalyzer analyzer, BandHasher bandHasher, Clusterer clusterer, IndexWriter writer) {
      this.analyzer = analyzer;
      this.bandHasher = bandHasher;
      this.clusterer = clusterer;
      this.writer = writer;
      if (writer != null && text) {
        capture = new TokenCapture(new StandardTokenizer());
        nearDupChain =
            new NearDupFilter(
                new TextNormalizationFilter(capture.replay(), normalization), settings);
        textChain = new LowerCaseFilter(capture.replay());
      } else {
        capture = null;
        nearDupChain = null;
        textChain = null;
      }
    }

    void analyse(int ord, CorpusReader.Record record) throws IOException {
      if (plan != null && firstPass) {
        plan.count(record.text());
        return;
      }
      if (plan != null && !plan.needsShingles()) {
        plan.add(clusterer, ord, record.text(), null, 0);
        return;
      }
      Sketch sketch;
      List<String> bandTokens = writer == null ? null : new ArrayList<>(settings.banding().bands());
      String exactToken = null;
      long[] shingles = null;
      if (capture != null) {
        capture.capture(record.text());
      }
      try (TokenStream ts =
          capture != null
              ? nearDupChain
              : analyzer.tokenStream(OpenIndex.NEARDUP_FIELDS.bandField(), record.text())) {
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
        if (plan != null) {
          int count = shingleAtt.count();
          if (set.length < count) {
            set = new int[Math.max(count, set.length * 2)];
          }
          int size = CompactShingleSet.compact(shingleAtt.shingles(), count, set);
          plan.add(clusterer, ord, record.text(), set, size);
        } else if (clusterer != null) {
          if (verification == Verification.EXACT && !sketch.isEmpty()) {
            int count = shingleAtt.count();
            if (set.length < count) {
              set = new int[Math.max(count, set.length * 2)];
            }
            int size = CompactShingleSet.compact(shingleAtt.shingles(), count, set);
            clusterer.add(ord, sketch, bandHasher, set, size);
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
            document(
                ord,
                record,
                new NearDupDocument(bandTokens, sketch, exactToken, shingles),
                textChain));
      }
    }
  }

  /**
   * The document to index.
   *
   * @param textTokens the full-text field's tokens, or null when the index keeps no texts
   */
  private Document document(
      int ord, CorpusReader.Record record, NearDupDocument nearDup, TokenStream textTokens) {
    Document doc = new Document();
    doc.add(new KeywordField(OpenIndex.ID_FIELD, record.id(), Field.Store.YES));
    doc.add(new LongField(OpenIndex.ORDINAL_FIELD, ord, Field.Store.NO));
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

  /** Lists the clusters by their first member, with ids. */
  static List<ResultFiles.ClusterIds> clusterIds(List<Cluster> clusters, List<String> ids) {
    List<ResultFiles.ClusterIds> out = new ArrayList<>(clusters.size());
    for (Cluster c : clusters) {
      List<String> members = new ArrayList<>(c.size());
      for (int i = 0; i < c.size(); i++) {
        members.add(ids.get(c.member(i)));
      }
      out.add(new ResultFiles.ClusterIds(ids.get(c.canonical()), members));
    }
    return out;
  }

  /** Collects the listed pairs with their ids. */
  static final class PairList implements PairSink {
    private final List<String> ids;
    final List<ResultFiles.Pair> pairs = new ArrayList<>();

    PairList(List<String> ids) {
      this.ids = ids;
    }

    @Override
    public void accept(int a, int b, double similarity) {
      pairs.add(ResultFiles.Pair.of(ids.get(a), ids.get(b), similarity));
    }
  }

  /** Opens a spill directory under {@code base}, failing with a message that names it. */
  static SpillDirectory spill(java.nio.file.Path base) {
    try {
      return SpillDirectory.create(base);
    } catch (IOException e) {
      throw new CliFailure(e.getMessage(), e);
    }
  }
}

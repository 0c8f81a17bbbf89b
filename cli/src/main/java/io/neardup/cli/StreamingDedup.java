package io.neardup.cli;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupFilter;
import io.neardup.analysis.NearDupShingleSetAttribute;
import io.neardup.analysis.NearDupSketchAttribute;
import io.neardup.analysis.TextNormalizationFilter;
import io.neardup.cluster.CanonicalPolicy;
import io.neardup.cluster.Cluster;
import io.neardup.cluster.Clusterer;
import io.neardup.cluster.PairSink;
import io.neardup.cluster.SpillDirectory;
import io.neardup.cluster.Verification;
import io.neardup.document.NearDupDocument;
import io.neardup.index.StoredClusters;
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
import java.util.concurrent.atomic.LongAdder;
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
import org.apache.lucene.util.NumericUtils;

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
  private final CanonicalPolicy canonical;
  private final boolean text;

  private final List<String> ids = new ArrayList<>();
  // the ordinal of the first document indexed: an append numbers on after the indexed documents
  private long ordinalBase;
  // the web pages' URLs by ordinal, when kept
  private List<String> urls;
  // a method other than minhash, and whether this is its first pass (collection statistics)
  private MethodPlan plan;
  private boolean firstPass;
  // the documents' compact shingle sets by ordinal, when an earlier pass kept them, or null
  private int[][] compactSets;
  private LanguageFilter languages;
  // the partition of the document the analysing thread adds: the clusterer asks for it in add
  private final ThreadLocal<long[]> partition = ThreadLocal.withInitial(() -> new long[1]);
  private String phase;
  // each document's canonical value, by ordinal, in chunks the reading thread allocates before the
  // analysis threads (which know a web page's boilerplate fraction) fill them
  private final Object[][] canonicalValues = new Object[1 << (31 - CHUNK_BITS)][];
  private final LongAdder canonicalValuesSeen = new LongAdder();
  private static final int CHUNK_BITS = 14;

  /**
   * @param canonical the canonical policy, its fields named as in the input ({@link
   *     OpenIndex#ID_FIELD} for the id), or null to keep no canonical values
   * @param text whether documents indexed by {@link #ingest} keep their text (for {@code search})
   */
  StreamingDedup(
      NearDupSettings settings,
      NormalizationOptions normalization,
      Verification verification,
      int threads,
      InputOptions.OnError onError,
      ProgressLine progress,
      CanonicalPolicy canonical,
      boolean text) {
    this.settings = settings;
    this.normalization = normalization;
    this.verification = verification;
    this.threads = threads;
    this.onError = onError;
    this.progress = progress;
    this.canonical = canonical == null || canonical.byScore() ? null : canonical;
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

  /** Numbers the indexed documents from {@code base} on (an append: after the indexed ones). */
  StreamingDedup ordinalBase(long base) {
    this.ordinalBase = base;
    return this;
  }

  /**
   * Takes each document's compact shingle set from {@code sets} (by ordinal, as an earlier pass
   * over the same records kept them) instead of analysing its text, for a method that needs only
   * the set ({@link MethodPlan#needsShingles()}); null to analyse.
   */
  StreamingDedup compactSets(int[][] sets) {
    this.compactSets = sets;
    return this;
  }

  /**
   * Identifies each document's language: documents of other languages than {@code filter} keeps are
   * set aside (neither clustered nor indexed), the others are compared only within their language.
   *
   * @param filter the filter, or null for none
   */
  StreamingDedup languages(LanguageFilter filter) {
    this.languages = filter;
    return this;
  }

  /** What the pre-filters saw and set aside, for the summary. */
  List<String> notes() {
    return languages == null ? List.of() : languages.notes();
  }

  /** The id of each document, by input ordinal. */
  /** Keeps each document's {@code url} field (web pages), for the outputs. */
  StreamingDedup keepUrls() {
    this.urls = new ArrayList<>();
    return this;
  }

  /** The documents' URLs by ordinal (null where unknown), or null if not kept. */
  List<String> urls() {
    return urls;
  }

  List<String> ids() {
    return ids;
  }

  /** How many documents had a value in a field of the canonical policy. */
  long canonicalValuesSeen() {
    return canonicalValuesSeen.sum();
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
    if (languages != null && clusterer != null) {
      clusterer.partitions(doc -> partition.get()[0]);
    }
    // the first pass of a two-pass method leaves reporting bad records to the second
    return new RecordPipeline(threads, onError, progress, !firstPass)
        .run(
            reader,
            phase,
            (ord, record) -> {
              ids.add(record.id());
              if (urls != null) {
                Object url = record.fields().get(WebCorpus.URL_FIELD);
                urls.add(url == null ? null : url.toString());
              }
              if (canonical != null && canonicalValues[ord >>> CHUNK_BITS] == null) {
                canonicalValues[ord >>> CHUNK_BITS] = new Object[1 << CHUNK_BITS];
              }
            },
            () -> {
              Worker w = new Worker(analyzer, bandHasher, clusterer, writer);
              return (ord, record) -> {
                if (languages != null) {
                  String lang = languages.identify(record.text());
                  if (!languages.keeps(lang)) {
                    return;
                  }
                  partition.get()[0] = LanguageFilter.partition(lang);
                }
                w.analyse(ord, record);
                keepCanonicalValue(ord, record); // after the analysis, which extracted web pages
              };
            });
  }

  /**
   * The canonical order of the documents read: by the policy's keys ({@link
   * CanonicalPolicy#compare}, a value before none), then by ordinal.
   */
  Clusterer.CanonicalOrder canonicalOrder() {
    if (canonical == null) {
      return Integer::compare;
    }
    CanonicalPolicy policy = canonical;
    return (a, b) -> {
      int c = policy.compare(canonicalValue(a), canonicalValue(b));
      return c != 0 ? c : Integer.compare(a, b);
    };
  }

  private Object canonicalValue(int ord) {
    Object[] chunk = canonicalValues[ord >>> CHUNK_BITS];
    return chunk == null ? null : chunk[ord & ((1 << CHUNK_BITS) - 1)];
  }

  /**
   * An input value as the policy compares it: numbers as (sortable) longs, as the kept index's doc
   * values hold them, strings as UTF-8 bytes.
   */
  static Object policyValue(Object value) {
    return switch (value) {
      case null -> null;
      case Long l -> l;
      case Double d -> NumericUtils.doubleToSortableLong(d);
      case String s -> s.getBytes(StandardCharsets.UTF_8);
      default -> throw new IllegalStateException("unexpected field value " + value);
    };
  }

  private void keepCanonicalValue(int ord, CorpusReader.Record record) {
    if (canonical == null) {
      return;
    }
    List<String> fields = canonical.fields();
    Object[] values = new Object[fields.size()];
    boolean any = false;
    for (int k = 0; k < values.length; k++) {
      String field = fields.get(k);
      values[k] =
          policyValue(field.equals(OpenIndex.ID_FIELD) ? record.id() : record.fields().get(field));
      any |= values[k] != null;
    }
    if (any) {
      canonicalValues[ord >>> CHUNK_BITS][ord & ((1 << CHUNK_BITS) - 1)] = canonical.key(values);
      canonicalValuesSeen.increment();
    }
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
        plan.count(ord, record.text());
        return;
      }
      if (plan != null && !plan.needsShingles()) {
        plan.add(clusterer, ord, record.text(), null, 0);
        return;
      }
      if (plan != null && compactSets != null) {
        int[] kept = compactSets[ord];
        plan.add(clusterer, ord, record.text(), kept, kept.length);
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
    doc.add(new LongField(OpenIndex.ORDINAL_FIELD, ordinalBase + ord, Field.Store.NO));
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

  /**
   * Lists the clusters by their first member, with ids.
   *
   * @param urls the documents' URLs by ordinal, or null
   */
  static List<ResultFiles.ClusterIds> clusterIds(
      List<Cluster> clusters, List<String> ids, List<String> urls) {
    List<ResultFiles.ClusterIds> out = new ArrayList<>(clusters.size());
    for (Cluster c : clusters) {
      List<String> members = new ArrayList<>(c.size());
      List<String> memberUrls = urls == null ? null : new ArrayList<>(c.size());
      for (int i = 0; i < c.size(); i++) {
        members.add(ids.get(c.member(i)));
        if (memberUrls != null) {
          memberUrls.add(urls.get(c.member(i)));
        }
      }
      out.add(new ResultFiles.ClusterIds(ids.get(c.canonical()), members, memberUrls));
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

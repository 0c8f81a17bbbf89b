package io.neardup.cli.run;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.index.IndexLayout;
import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.input.CorpusReader;
import io.neardup.cli.input.HeldInput;
import io.neardup.cli.input.WebCorpus;
import io.neardup.cli.options.InputOptions;
import io.neardup.cli.options.LanguageFilter;
import io.neardup.cli.output.CliFailure;
import io.neardup.cli.output.ProgressLine;
import io.neardup.cli.output.ResultFiles;
import io.neardup.cli.output.RunSummary;
import io.neardup.cluster.Cluster;
import io.neardup.cluster.PairSink;
import io.neardup.cluster.Verification;
import io.neardup.cluster.core.Clusterer;
import io.neardup.cluster.core.SpillDirectory;
import io.neardup.lsh.BandHasher;
import io.neardup.settings.NearDupSettings;
import io.neardup.text.NormalizationOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.util.NumericUtils;

/**
 * The {@code dedup} pipeline's middle: reads a corpus once ({@link #read}: the source) and analyses
 * it on all threads, each with the {@link DocumentAnalysis} of the run's method family, which feeds
 * the sinks: a {@link Clusterer} and, when an index is kept, an {@link IndexWriter} ({@link
 * IndexLayout}). One thread reads and numbers the records in input order; the number (the input
 * ordinal) decides canonical ties, so results never depend on thread timing. {@link MethodRun}
 * drives a run; the command writes its outputs and summary.
 */
public final class StreamingDedup {
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
  private SignaturePlan plan;
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
   * @param text whether documents indexed by {@link #analyse} keep their text (for {@code search})
   */
  public StreamingDedup(
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
  StreamingDedup method(SignaturePlan plan, boolean firstPass, String phase) {
    this.plan = plan;
    this.firstPass = firstPass;
    this.phase = phase;
    return this;
  }

  /** Numbers the indexed documents from {@code base} on (an append: after the indexed ones). */
  public StreamingDedup ordinalBase(long base) {
    this.ordinalBase = base;
    return this;
  }

  /**
   * Takes each document's compact shingle set from {@code sets} (by ordinal, as an earlier pass
   * over the same records kept them) instead of analysing its text, for a method that needs only
   * the set ({@link SignaturePlan#needsShingles()}); null to analyse.
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
  public StreamingDedup languages(LanguageFilter filter) {
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
   * What a pass over the input read: the pipeline's counts and the notes of the reader and the
   * pre-filters, for the summary.
   */
  public record Read(RecordPipeline.Summary summary, List<String> notes) {
    /** Prints the one-line summary of the pass and its notes on standard error. */
    public void print(ProgressLine progress, java.nio.file.Path input) {
      progress.println(
          String.format(
              java.util.Locale.ROOT,
              "indexed %s from %s in %s (%s skipped)",
              RunSummary.count(summary.documents(), "document"),
              input,
              ProgressLine.elapsed(summary.startNanos()),
              RunSummary.count(summary.skipped(), "bad record")));
      for (String note : notes) {
        progress.println(note);
      }
    }
  }

  /**
   * Opens the input and reads it once through the analysis into the sinks ({@link #analyse}).
   *
   * @param indexed whether an id is in the index already (an append adds new documents only), or
   *     null
   * @param indexName the index, for the message of such an id
   */
  public Read read(
      HeldInput source,
      Clusterer clusterer,
      IndexWriter writer,
      java.util.function.Predicate<String> indexed,
      String indexName)
      throws IOException {
    try (CorpusReader reader = source.open()) {
      if (indexed != null) {
        reader.rejectIndexedIds(indexed, indexName);
      }
      RecordPipeline.Summary summary = analyse(reader, clusterer, writer);
      List<String> notes = new ArrayList<>(reader.notes());
      notes.addAll(notes());
      return new Read(summary, notes);
    }
  }

  /**
   * Reads every record of {@code reader}, analyses it and adds it to {@code clusterer} and to
   * {@code writer} ({@link IndexLayout}), each when not null.
   *
   * @throws CliFailure at the first bad record when {@code --on-error fail}
   */
  RecordPipeline.Summary analyse(CorpusReader reader, Clusterer clusterer, IndexWriter writer)
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
              DocumentAnalysis analysis = analysis(analyzer, bandHasher, clusterer, writer);
              return (ord, record) -> {
                if (languages != null) {
                  String lang = languages.identify(record.text());
                  if (!languages.keeps(lang)) {
                    return;
                  }
                  partition.get()[0] = LanguageFilter.partition(lang);
                }
                analysis.analyse(ord, record);
                keepCanonicalValue(ord, record); // after the analysis, which extracted web pages
              };
            });
  }

  /** The analysis of one thread, by method family. */
  private DocumentAnalysis analysis(
      NearDupAnalyzer analyzer, BandHasher bandHasher, Clusterer clusterer, IndexWriter writer) {
    if (plan != null && firstPass) {
      return new StatisticsPass(plan);
    }
    if (plan != null) {
      return new SignatureAnalysis(plan, clusterer, analyzer, compactSets);
    }
    return new MinHashAnalysis(
        settings,
        normalization,
        verification,
        analyzer,
        bandHasher,
        clusterer,
        writer,
        text,
        ordinalBase);
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
  public static SpillDirectory spill(java.nio.file.Path base) {
    try {
      return SpillDirectory.create(base);
    } catch (IOException e) {
      throw new CliFailure(e.getMessage(), e);
    }
  }
}

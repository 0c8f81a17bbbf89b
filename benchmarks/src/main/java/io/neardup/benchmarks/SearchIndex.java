package io.neardup.benchmarks;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.settings.NearDupSettings;
import io.neardup.testkit.CorpusWriter;
import io.neardup.testkit.EnglishText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The index that {@link QueryBenchmark} and {@link CollapseBenchmark} search: {@code docs} {@link
 * CorpusWriter} documents (default seed, 20 % edited copies), each with
 *
 * <ul>
 *   <li>{@value #ORD}, {@value #FAMILY}: numeric doc values, the generator's ordinal and the
 *       ordinal of the family's original;
 *   <li>{@value #TEXT}: the text for BM25, {@link StandardAnalyzer};
 *   <li>{@value #MIN_HASH}: the text analysed with {@link Chain#ES_MIN_HASH} (what Elasticsearch's
 *       {@code shingle} + {@code min_hash} filters index), docs only, no norms;
 *   <li>neardup's fields ({@link NearDupFields#DEFAULT}, {@link NearDupSettings#DEFAULT}).
 * </ul>
 *
 * <p>The index is built once, in {@code benchmarks/target/search-index-DOCS} (or under the
 * directory of the system property {@value #DIR_PROPERTY}), and reused by later forks and runs
 * while its sketch settings stay the same (an index of other settings is built again). The texts
 * are regenerated in memory, for the ground truth of {@link QueryBenchmark}.
 */
@State(Scope.Benchmark)
public class SearchIndex {
  /** System property naming the directory under which indexes are kept. */
  public static final String DIR_PROPERTY = "neardup.bench.dir";

  /** Generator ordinal, numeric doc values. */
  public static final String ORD = "ord";

  /** Ordinal of the family's original, numeric doc values. */
  public static final String FAMILY = "family";

  /** The text, for BM25. */
  public static final String TEXT = "text";

  /** The text through Elasticsearch's shingle + min_hash chain. */
  public static final String MIN_HASH = "min_hash";

  /** Documents in the index. */
  @Param({"100000"})
  public int docs;

  /** The texts, by generator ordinal. */
  String[] texts;

  /** Family original of each ordinal. */
  int[] family;

  /** Top-level doc id of each ordinal. */
  int[] docIdOfOrd;

  DirectoryReader reader;
  IndexSearcher searcher;
  final NearDupSettings settings = NearDupSettings.DEFAULT;
  final NearDupFields fields = NearDupFields.DEFAULT;
  private Directory directory;

  /** Generates the texts, builds the index if it is not on disk yet, and opens it. */
  @Setup
  public void setUp() throws IOException {
    CorpusWriter.Texts generated =
        new CorpusWriter(EnglishText.DEFAULT_SEED, CorpusWriter.DEFAULT_COPY_RATE).texts(docs);
    texts = generated.texts();
    family = generated.family();
    Path dir =
        Path.of(System.getProperty(DIR_PROPERTY, "benchmarks/target"))
            .resolve("search-index-" + docs);
    // the marker names the sketch settings (their hash covers the scheme's id), so that an index
    // of an earlier version of the sketch is built again instead of failing on its first query
    Path complete = dir.resolve("complete");
    String marker = "sketch settings " + Long.toHexString(settings.sketch().settingsHash()) + "\n";
    if (Files.exists(complete) && !Files.readString(complete).equals(marker)) {
      System.out.printf(
          Locale.ROOT,
          "%nSearchIndex: %s holds sketches of other settings or an earlier scheme: building it"
              + " again%n",
          dir);
      Files.delete(complete);
    }
    if (!Files.exists(complete)) {
      long start = System.nanoTime();
      build(dir);
      Files.writeString(complete, marker);
      System.out.printf(
          Locale.ROOT,
          "%nSearchIndex: built %,d documents in %s in %.1f s%n",
          docs,
          dir,
          (System.nanoTime() - start) / 1e9);
    }
    directory = FSDirectory.open(dir);
    reader = DirectoryReader.open(directory);
    if (reader.numDocs() != docs) {
      throw new IllegalStateException(
          dir + " has " + reader.numDocs() + " documents, expected " + docs + ": delete it");
    }
    searcher = new IndexSearcher(reader);
    // every invocation should do the work of a fresh query
    searcher.setQueryCache(null);
    docIdOfOrd = new int[docs];
    for (LeafReaderContext leaf : reader.leaves()) {
      NumericDocValues ords = leaf.reader().getNumericDocValues(ORD);
      for (int d = ords.nextDoc(); d != NumericDocValues.NO_MORE_DOCS; d = ords.nextDoc()) {
        docIdOfOrd[(int) ords.longValue()] = leaf.docBase + d;
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%nSearchIndex: %,d documents in %d segments at %s%n",
        reader.numDocs(),
        reader.leaves().size(),
        dir);
  }

  /** Closes the index. */
  @TearDown
  public void tearDown() throws IOException {
    reader.close();
    directory.close();
  }

  private void build(Path dir) throws IOException {
    Files.createDirectories(dir);
    FieldType minHashType = new FieldType();
    minHashType.setIndexOptions(IndexOptions.DOCS);
    minHashType.setOmitNorms(true);
    minHashType.setTokenized(true);
    minHashType.freeze();
    Analyzer perField =
        new PerFieldAnalyzerWrapper(
            new StandardAnalyzer(), Map.of(MIN_HASH, Chain.ES_MIN_HASH.newAnalyzer()));
    NearDupDocumentBuilder builder =
        new NearDupDocumentBuilder(new NearDupAnalyzer(settings), fields);
    IndexWriterConfig config =
        new IndexWriterConfig(perField)
            .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
            .setRAMBufferSizeMB(256);
    try (Directory dirOut = FSDirectory.open(dir);
        IndexWriter writer = new IndexWriter(dirOut, config)) {
      AtomicInteger next = new AtomicInteger();
      int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
      List<Thread> workers = new ArrayList<>();
      List<Throwable> failures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Thread worker =
            new Thread(() -> {
              try {
                for (int i = next.getAndIncrement(); i < docs; i = next.getAndIncrement()) {
                  Document doc = new Document();
                  doc.add(new NumericDocValuesField(ORD, i));
                  doc.add(new NumericDocValuesField(FAMILY, family[i]));
                  doc.add(new TextField(TEXT, texts[i], Field.Store.NO));
                  doc.add(new Field(MIN_HASH, texts[i], minHashType));
                  builder.addFields(doc, texts[i]);
                  writer.addDocument(doc);
                }
              } catch (IOException | RuntimeException e) {
                synchronized (failures) {
                  failures.add(e);
                }
              }
            });
        worker.start();
        workers.add(worker);
      }
      for (Thread worker : workers) {
        try {
          worker.join();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while indexing", e);
        }
      }
      if (!failures.isEmpty()) {
        throw new IOException("indexing failed", failures.get(0));
      }
      writer.commit();
    }
  }

  /**
   * The documents whose word 5-shingle sets (StandardTokenizer + lower case, as the {@value
   * #MIN_HASH} field) have Jaccard similarity at least {@code minSimilarity} with document {@code
   * ord}, other than itself. Only its family is compared: unrelated generated texts share almost no
   * 5-shingles.
   */
  Set<Integer> nearDuplicates(int ord, double minSimilarity) {
    return nearDuplicates(texts, family, ord, minSimilarity);
  }

  /**
   * The documents of a generated corpus ({@code texts}, and {@code family}: each document's
   * original) whose word 5-shingle sets have Jaccard similarity at least {@code minSimilarity} with
   * document {@code ord}, other than itself.
   */
  static Set<Integer> nearDuplicates(String[] texts, int[] family, int ord, double minSimilarity) {
    int docs = texts.length;
    Set<String> mine = shingles(texts[ord]);
    Set<Integer> result = new HashSet<>();
    int f = family[ord];
    for (int other = f; other < docs; other++) {
      if (other != ord && family[other] == f) {
        Set<String> theirs = shingles(texts[other]);
        int common = 0;
        for (String s : mine) {
          if (theirs.contains(s)) {
            common++;
          }
        }
        double jaccard = common / (double) (mine.size() + theirs.size() - common);
        if (jaccard >= minSimilarity) {
          result.add(other);
        }
      }
    }
    return result;
  }

  private static final Analyzer WORDS = new StandardAnalyzer();

  private static Set<String> shingles(String text) {
    List<String> words = new ArrayList<>();
    try (TokenStream ts = WORDS.tokenStream("f", text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        words.add(term.toString());
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Set<String> shingles = new HashSet<>();
    for (int i = 0; i + 5 <= words.size(); i++) {
      shingles.add(String.join(" ", words.subList(i, i + 5)));
    }
    return shingles;
  }
}

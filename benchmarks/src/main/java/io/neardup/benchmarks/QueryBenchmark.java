package io.neardup.benchmarks;

import io.neardup.search.NearDuplicateQuery;
import io.neardup.testkit.EnglishText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Latency of finding the near-duplicates (Jaccard ≥ {@value #MIN_SIMILARITY}) of an indexed
 * document, top {@value #HITS} hits, on {@link SearchIndex}:
 *
 * <ul>
 *   <li>{@code nearDuplicateQuery}: {@link NearDuplicateQuery#forDocument} (banded LSH candidates,
 *       then the sketch estimate);
 *   <li>{@code minHashDisjunction}: the baseline Elasticsearch documents for {@code min_hash}: a
 *       {@link BooleanQuery} of one SHOULD {@link TermQuery} per token of the document's {@link
 *       Chain#ES_MIN_HASH} analysis (512 tokens) with minimum should match ⌈0.8 × 512⌉.
 * </ul>
 *
 * Each invocation runs the next of {@value #QUERIES} queries, built in setup from documents drawn
 * with a fixed seed among those with a planted near-duplicate. Setup also measures each query's
 * recall of the ground truth ({@link SearchIndex#nearDuplicates}: exact Jaccard of word 5-shingles)
 * over all its hits for the first {@value #RECALL_QUERIES} queries, prints it and writes it to
 * {@code search-index-DOCS/recall.tsv}, where {@link SearchReport} finds it; a later run with that
 * file present does not measure it again (delete the file to).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms6g", "-Xmx6g"})
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
public class QueryBenchmark {
  /** Minimum similarity of both queries. */
  public static final double MIN_SIMILARITY = 0.8;

  /** Buckets of Elasticsearch's min_hash default, so tokens per document. */
  public static final int MIN_HASH_TOKENS = 512;

  /** Distinct queries cycled through. */
  public static final int QUERIES = 1000;

  /** Hits asked for. */
  public static final int HITS = 100;

  /** Queries whose recall is measured: the first of the {@value #QUERIES}. */
  public static final int RECALL_QUERIES = 200;

  private Query[] nearDup;
  private Query[] disjunction;
  private SearchIndex index;
  private int next;

  /** Picks the query documents, builds both queries for each and measures their recall. */
  @Setup
  public void setUp(SearchIndex index) throws IOException {
    this.index = index;
    SplittableRandom random = new SplittableRandom(EnglishText.DEFAULT_SEED);
    int[] familySize = new int[index.docs];
    for (int f : index.family) {
      familySize[f]++;
    }
    List<Integer> picked = new ArrayList<>();
    while (picked.size() < QUERIES) {
      int ord = random.nextInt(index.docs);
      if (familySize[index.family[ord]] > 1) {
        picked.add(ord);
      }
    }
    nearDup = new Query[QUERIES];
    disjunction = new Query[QUERIES];
    Analyzer minHash = Chain.ES_MIN_HASH.newAnalyzer();
    int minShouldMatch = (int) Math.ceil(MIN_SIMILARITY * MIN_HASH_TOKENS);
    long distinctTokens = 0;
    for (int q = 0; q < QUERIES; q++) {
      int ord = picked.get(q);
      nearDup[q] =
          NearDuplicateQuery.forDocument(
              index.reader, index.fields, index.settings, index.docIdOfOrd[ord], MIN_SIMILARITY);
      List<String> tokens = tokens(minHash, index.texts[ord]);
      distinctTokens += new HashSet<>(tokens).size();
      BooleanQuery.Builder b = new BooleanQuery.Builder();
      for (String t : tokens) {
        b.add(new TermQuery(new Term(SearchIndex.MIN_HASH, t)), BooleanClause.Occur.SHOULD);
      }
      disjunction[q] = b.setMinimumNumberShouldMatch(minShouldMatch).build();
    }
    minHash.close();
    Path recallFile =
        Path.of(System.getProperty(SearchIndex.DIR_PROPERTY, "benchmarks/target"))
            .resolve("search-index-" + index.docs)
            .resolve("recall.tsv");
    // the baseline is slow: measure recall once per index, not in every fork
    if (!Files.exists(recallFile)) {
      recall(picked, distinctTokens, recallFile);
    }
    next = 0;
  }

  private void recall(List<Integer> picked, long distinctTokens, Path file) throws IOException {
    long truth = 0;
    long[] found = new long[2];
    long[] extra = new long[2];
    for (int q = 0; q < RECALL_QUERIES; q++) {
      int ord = picked.get(q);
      Set<Integer> expected = index.nearDuplicates(ord, MIN_SIMILARITY);
      truth += expected.size();
      Query[] both = {nearDup[q], disjunction[q]};
      for (int k = 0; k < 2; k++) {
        TopDocs all = index.searcher.search(both[k], Math.max(1, index.docs));
        for (ScoreDoc hit : all.scoreDocs) {
          int hitOrd = ordOf(hit.doc);
          if (hitOrd == ord) {
            continue;
          }
          if (expected.contains(hitOrd)) {
            found[k]++;
          } else {
            extra[k]++;
          }
        }
      }
    }
    String table =
        String.format(
            Locale.ROOT,
            "query\trecall\tfound\ttruth\tother hits\n"
                + "nearDuplicateQuery\t%.4f\t%d\t%d\t%d\n"
                + "minHashDisjunction\t%.4f\t%d\t%d\t%d\n"
                + "# %d query documents (with a planted copy); truth: exact word 5-shingle Jaccard"
                + " >= %s, self excluded; min_hash queries have %.1f distinct of %d tokens on"
                + " average\n",
            found[0] / (double) truth,
            found[0],
            truth,
            extra[0],
            found[1] / (double) truth,
            found[1],
            truth,
            extra[1],
            RECALL_QUERIES,
            MIN_SIMILARITY,
            distinctTokens / (double) QUERIES,
            MIN_HASH_TOKENS);
    System.out.println();
    System.out.print(table);
    Files.writeString(file, table);
  }

  private int[] ordOfDoc;

  private int ordOf(int doc) {
    if (ordOfDoc == null) {
      ordOfDoc = new int[index.docs];
      for (int ord = 0; ord < index.docs; ord++) {
        ordOfDoc[index.docIdOfOrd[ord]] = ord;
      }
    }
    return ordOfDoc[doc];
  }

  private static List<String> tokens(Analyzer analyzer, String text) {
    List<String> tokens = new ArrayList<>(MIN_HASH_TOKENS);
    try (TokenStream ts = analyzer.tokenStream(SearchIndex.MIN_HASH, text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        tokens.add(term.toString());
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return tokens;
  }

  private Query nextOf(Query[] queries) {
    Query q = queries[next];
    next = next + 1 == queries.length ? 0 : next + 1;
    return q;
  }

  /** neardup's query. */
  @Benchmark
  public TopDocs nearDuplicateQuery() throws IOException {
    return index.searcher.search(nextOf(nearDup), HITS);
  }

  /** The baseline: the minimum-should-match disjunction over 512 min_hash tokens. */
  @Benchmark
  public TopDocs minHashDisjunction() throws IOException {
    return index.searcher.search(nextOf(disjunction), HITS);
  }
}

package io.neardup.benchmarks;

import io.neardup.collapse.CollapsedHits;
import io.neardup.collapse.NearDupCollapser;
import io.neardup.collapse.core.WindowCollapse;
import io.neardup.testkit.EnglishText;
import java.io.IOException;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
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
 * Latency of a plain BM25 search for the top {@value #HITS} hits on {@link SearchIndex}, with and
 * without {@link NearDupCollapser} (default settings: window {@value
 * WindowCollapse#DEFAULT_WINDOW}, demote, best score). The queries are {@value #QUERIES}
 * disjunctions of two common words (ranks {@value #FROM_RANK} to {@value #TO_RANK} of the corpus
 * vocabulary), drawn with a fixed seed and cycled through. {@code collapsed} runs the same search
 * and then collapses its top docs, so the difference of the two is the collapser's cost.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms6g", "-Xmx6g"})
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
public class CollapseBenchmark {
  /** Hits asked for, and the collapse window. */
  public static final int HITS = WindowCollapse.DEFAULT_WINDOW;

  /** Distinct queries cycled through. */
  public static final int QUERIES = 200;

  /** Most frequent vocabulary rank a query word may have (0 is the most frequent). */
  public static final int FROM_RANK = 20;

  /** Least frequent vocabulary rank a query word may have, exclusive. */
  public static final int TO_RANK = 300;

  private Query[] queries;
  private NearDupCollapser collapser;
  private SearchIndex index;
  private int next;

  /** Draws the queries and builds the collapser. */
  @Setup
  public void setUp(SearchIndex index) {
    this.index = index;
    List<String> words = EnglishText.loadWords();
    SplittableRandom random = new SplittableRandom(EnglishText.DEFAULT_SEED);
    queries = new Query[QUERIES];
    for (int q = 0; q < QUERIES; q++) {
      queries[q] =
          new BooleanQuery.Builder()
              .add(term(words.get(random.nextInt(FROM_RANK, TO_RANK))), BooleanClause.Occur.SHOULD)
              .add(term(words.get(random.nextInt(FROM_RANK, TO_RANK))), BooleanClause.Occur.SHOULD)
              .build();
    }
    collapser = NearDupCollapser.builder(index.fields, index.settings).build();
    next = 0;
  }

  private static TermQuery term(String word) {
    return new TermQuery(new Term(SearchIndex.TEXT, word.toLowerCase(java.util.Locale.ROOT)));
  }

  private Query nextQuery() {
    Query q = queries[next];
    next = next + 1 == queries.length ? 0 : next + 1;
    return q;
  }

  /** The baseline: the top hits of BM25. */
  @Benchmark
  public TopDocs plain() throws IOException {
    return index.searcher.search(nextQuery(), HITS);
  }

  /** The same search, then its top hits collapsed. */
  @Benchmark
  public CollapsedHits collapsed() throws IOException {
    TopDocs top = index.searcher.search(nextQuery(), HITS);
    return collapser.collapse(index.searcher, top);
  }
}

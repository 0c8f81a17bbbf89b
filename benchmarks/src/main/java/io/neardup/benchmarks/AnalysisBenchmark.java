package io.neardup.benchmarks;

import io.neardup.testkit.EnglishText;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Documents analysed per second by each {@link Chain}, on {@link EnglishText} documents of 50, 500
 * and 5 000 words. Each invocation analyses one document the way indexing does ({@code
 * analyzer.tokenStream}, reset, every token, end, close), cycling through {@value #DOCUMENTS}
 * pre-generated documents so that the word hashes and branch patterns are not those of one text.
 * Divide the time per document by {@code words − 4} for the time per word 5-shingle.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class AnalysisBenchmark {
  /** Distinct documents per size. */
  public static final int DOCUMENTS = 200;

  /** Words per document. */
  @Param({"50", "500", "5000"})
  public int words;

  /** The analysis chain; all of them by default. */
  @Param public Chain chain;

  private String[] documents;
  private Analyzer analyzer;
  private int next;

  /** Generates the documents and creates the analyzer. */
  @Setup
  public void setUp() {
    documents = new EnglishText(EnglishText.DEFAULT_SEED).documents(words, DOCUMENTS);
    analyzer = chain.newAnalyzer();
    next = 0;
  }

  /** Closes the analyzer. */
  @TearDown
  public void tearDown() {
    analyzer.close();
  }

  /** Analyses the next document; returns the number of tokens the chain emitted. */
  @Benchmark
  public int analyze() throws IOException {
    String text = documents[next];
    next = next + 1 == documents.length ? 0 : next + 1;
    return analyze(analyzer, text);
  }

  /** Analyses one text the way indexing does; returns the number of tokens the chain emitted. */
  static int analyze(Analyzer analyzer, String text) throws IOException {
    int tokens = 0;
    try (TokenStream stream = analyzer.tokenStream("f", text)) {
      stream.reset();
      while (stream.incrementToken()) {
        tokens++;
      }
      stream.end();
    }
    return tokens;
  }
}

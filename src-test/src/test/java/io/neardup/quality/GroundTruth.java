package io.neardup.quality;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupFilter;
import io.neardup.settings.NearDupSettings;
import io.neardup.token.TokenEncoding;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;

/**
 * Exact Jaccard similarities of every pair of documents, computed by brute force over the same
 * shingle sets the library's sketches summarise.
 *
 * <p>The shingle sets come from the library's own analysis chain, {@link NearDupAnalyzer} with
 * {@code shingles(true)}: its shingle tokens are the distinct fingerprints that {@link
 * NearDupFilter} feeds to the sketcher (same tokenizer, normalisation, shingle size and seed as the
 * settings given, which must differ from the ones under test only in the emitted tokens). The
 * intersection of two sets is then counted by merging the sorted arrays, independently of the
 * library's {@code Jaccard.exact}. n documents need n(n − 1)/2 merges: about 1.1 million for 1 500
 * documents, a few seconds on two cores.
 */
public final class GroundTruth {
  private final long[][] shingles;
  private final double[] similarity;

  private GroundTruth(long[][] shingles) {
    this.shingles = shingles;
    int n = shingles.length;
    this.similarity = new double[pairCount(n)];
    // Rows are independent; a parallel loop over them fills disjoint parts of the array, so the
    // result does not depend on the scheduling.
    IntStream.range(0, n)
        .parallel()
        .forEach(a -> {
          for (int b = a + 1; b < n; b++) {
            similarity[pairIndex(a, b)] = jaccard(shingles[a], shingles[b]);
          }
        });
  }

  /**
   * The ground truth of a corpus, with the shingles of {@code settings} (its shingle unit, size and
   * seed; the sketch and band settings do not change shingles).
   */
  public static GroundTruth compute(
      List<CorpusGenerator.Document> documents, NearDupSettings settings) {
    NearDupSettings withShingles =
        NearDupSettings.builder()
            .shingleUnit(settings.sketch().shingleUnit())
            .shingleSize(settings.sketch().shingleSize())
            .seed(settings.sketch().seed())
            .shingles(true)
            .build();
    long[][] shingles = new long[documents.size()][];
    try (Analyzer analyzer = new NearDupAnalyzer(withShingles)) {
      for (int i = 0; i < documents.size(); i++) {
        shingles[i] = shingleSet(analyzer, documents.get(i).text());
      }
    }
    return new GroundTruth(shingles);
  }

  /** The ground truth of a corpus with the default word 5-shingles. */
  public static GroundTruth compute(List<CorpusGenerator.Document> documents) {
    return compute(documents, NearDupSettings.DEFAULT);
  }

  /**
   * The sorted distinct shingle fingerprints of a text: the {@link NearDupFilter#TYPE_SHINGLE}
   * tokens of an analyzer whose settings emit them.
   */
  public static long[] shingleSet(Analyzer analyzer, String text) {
    try (TokenStream ts = analyzer.tokenStream("dup", text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      TypeAttribute type = ts.addAttribute(TypeAttribute.class);
      long[] values = new long[64];
      int n = 0;
      ts.reset();
      while (ts.incrementToken()) {
        if (NearDupFilter.TYPE_SHINGLE.equals(type.type())) {
          if (n == values.length) {
            values = Arrays.copyOf(values, n * 2);
          }
          values[n++] = TokenEncoding.parseShingleToken(term);
        }
      }
      ts.end();
      long[] set = Arrays.copyOf(values, n);
      Arrays.sort(set);
      for (int i = 1; i < set.length; i++) {
        if (set[i] == set[i - 1]) {
          throw new IllegalStateException("shingle tokens are not distinct: " + set[i]);
        }
      }
      return set;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Exact Jaccard similarity of two sorted arrays of distinct values; 0 if either is empty. */
  public static double jaccard(long[] a, long[] b) {
    if (a.length == 0 || b.length == 0) {
      return 0;
    }
    int i = 0;
    int j = 0;
    int common = 0;
    // Without branches: which side advances is a coin toss for random fingerprints, so a branch
    // would be mispredicted half of the time; this merge is 1.5 times faster over a corpus.
    while (i < a.length && j < b.length) {
      long x = a[i];
      long y = b[j];
      common += x == y ? 1 : 0;
      i += x <= y ? 1 : 0;
      j += y <= x ? 1 : 0;
    }
    return (double) common / (a.length + b.length - common);
  }

  /** Number of documents. */
  public int size() {
    return shingles.length;
  }

  /** The sorted distinct shingle fingerprints of a document; do not modify. */
  public long[] shingles(int document) {
    return shingles[document];
  }

  /** Exact Jaccard similarity of two different documents. */
  public double similarity(int a, int b) {
    return similarity[pairIndex(a, b)];
  }

  /** Number of unordered pairs of n documents. */
  public static int pairCount(int n) {
    return (int) ((long) n * (n - 1) / 2);
  }

  /** Index of the pair {a, b} (a ≠ b, any order) in [0, pairCount(n)). */
  public static int pairIndex(int a, int b) {
    if (a > b) {
      int t = a;
      a = b;
      b = t;
    } else if (a == b) {
      throw new IllegalArgumentException("a pair needs two documents, got " + a + " twice");
    }
    // Pairs (x, b) with x < b come after all pairs of the first b documents.
    return (int) ((long) b * (b - 1) / 2 + a);
  }

  /** Calls {@code action} for every pair with similarity at least {@code min} (0 for all). */
  public void forEachPair(double min, PairConsumer action) {
    int n = shingles.length;
    for (int b = 1; b < n; b++) {
      int base = (int) ((long) b * (b - 1) / 2);
      for (int a = 0; a < b; a++) {
        double s = similarity[base + a];
        if (s >= min) {
          action.accept(a, b, s);
        }
      }
    }
  }

  /** Receives a pair of documents (a &lt; b) and their exact similarity. */
  @FunctionalInterface
  public interface PairConsumer {
    void accept(int a, int b, double similarity);
  }
}

package io.neardup.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupFilter;
import io.neardup.settings.NearDupSettings;
import io.neardup.token.TokenEncoding;
import io.neardup.truth.AllPairsJoin;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;

/**
 * The exact ground truth of a corpus: the Jaccard similarity of texts' shingle sets, computed by
 * brute force, independently of the sketches and bands under test. Two forms:
 *
 * <ul>
 *   <li>{@link #allPairs}: every pair at or above a floor, for corpora of any size. As a program,
 *       over a JSONL corpus ({@code {"id": ..., "text": ...}} per line), written as TSV {@code
 *       id_a<TAB>id_b<TAB>similarity} with a header line, {@code id_a < id_b}, sorted ({@link
 *       #write}); texts without shingles are in no pair.
 *   <li>{@link #table}: the similarity of every pair, for corpora of a few thousand texts: n texts
 *       need n(n − 1)/2 merges, about 1.1 million for 1 500 texts, a few seconds on two cores.
 * </ul>
 *
 * <p>Two definitions of a text's shingles:
 *
 * <ul>
 *   <li>{@code neardup} (the default): what the library compares, the distinct 64-bit shingle
 *       fingerprints that {@link NearDupFilter} feeds to the sketcher ({@link #shingler}: the
 *       {@link NearDupFilter#TYPE_SHINGLE} tokens of {@link NearDupAnalyzer} with the settings'
 *       shingle unit, size and seed; at the defaults, what {@code neardup dedup} compares);
 *   <li>{@code datasketch}: the datasketch peer's own, {@code text.lower()} split on runs of
 *       non-word characters (Python's {@code \W+}: a word character is a letter, a number or {@code
 *       _}), 5 tokens joined by one space (all tokens when there are fewer), each shingle hashed to
 *       64 bits.
 * </ul>
 *
 * <p>All pairs are found with prefix filtering (Chaudhuri, Ganti and Kaushik, "A primitive operator
 * for similarity joins in data cleaning", ICDE 2006; Bayardo, Ma and Srikant, "Scaling up all pairs
 * similarity search", WWW 2007): with shingles ordered rarest first, two sets with Jaccard at least
 * {@code f} share a shingle among the first {@code |x| - ceil(f |x|) + 1} of each. Candidates that
 * also pass the length filter ({@code |x| >= f |y|}) are verified by merging their sorted shingle
 * ranks, so the result is exact.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.neardup.testkit.ExactTruth CORPUS OUT [--floor 0.5]
 * [--shingles neardup|datasketch]}
 */
public final class ExactTruth {
  /** Pairs below this similarity are left out, by default. */
  public static final double DEFAULT_FLOOR = 0.5;

  /** Words per shingle, as neardup's default and the datasketch peer's {@code --k}. */
  public static final int SHINGLE_SIZE = 5;

  /** The header line of the output. */
  public static final String HEADER = "id_a\tid_b\tsimilarity";

  private final long[][] shingles;
  private final double[] similarity;

  private ExactTruth(long[][] shingles) {
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
   * The similarity of every pair of texts, with the shingles of {@code settings} (its shingle unit,
   * size and seed; the sketch and band settings do not change shingles).
   */
  public static ExactTruth table(List<String> texts, NearDupSettings settings) {
    Function<String, long[]> shingler = shingler(settings);
    long[][] sets = new long[texts.size()][];
    for (int i = 0; i < sets.length; i++) {
      sets[i] = shingler.apply(texts.get(i));
    }
    return new ExactTruth(sets);
  }

  /** The similarity of every pair of texts, with the default word 5-shingles. */
  public static ExactTruth table(List<String> texts) {
    return table(texts, NearDupSettings.DEFAULT);
  }

  /** One pair of texts and their exact similarity, {@code a < b}. */
  public record Pair(String a, String b, double similarity) {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println(
          "usage: ExactTruth CORPUS.jsonl OUT.tsv [--floor 0.5] [--shingles neardup|datasketch]");
      System.exit(2);
    }
    Path corpus = Path.of(args[0]);
    Path out = Path.of(args[1]);
    double floor = DEFAULT_FLOOR;
    String shingles = "neardup";
    for (int i = 2; i < args.length; i++) {
      switch (args[i]) {
        case "--floor" -> floor = Double.parseDouble(args[++i]);
        case "--shingles" -> shingles = args[++i];
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Function<String, long[]> shingler =
        switch (shingles) {
          case "neardup" -> shingler(NearDupSettings.DEFAULT);
          case "datasketch" -> ExactTruth::datasketchShingles;
          default ->
              throw new IllegalArgumentException(
                  "--shingles must be neardup or datasketch, got " + shingles);
        };
    long start = System.nanoTime();
    List<String> ids = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    read(corpus, ids, texts);
    long[][] sets = new long[texts.size()][];
    IntStream.range(0, sets.length).parallel().forEach(i -> sets[i] = shingler.apply(texts.get(i)));
    long analysed = System.nanoTime();
    List<Pair> pairs = allPairs(ids, sets, floor);
    long joined = System.nanoTime();
    try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
      write(w, pairs);
    }
    System.err.printf(
        Locale.ROOT,
        "exact truth (%s shingles): %d texts, %d pairs with Jaccard >= %.2f (shingles %.1f s,"
            + " all pairs %.1f s) -> %s%n",
        shingles,
        ids.size(),
        pairs.size(),
        floor,
        (analysed - start) / 1e9,
        (joined - analysed) / 1e9,
        out);
  }

  private static void read(Path corpus, List<String> ids, List<String> texts) throws IOException {
    ObjectMapper json = new ObjectMapper();
    try (BufferedReader r = Files.newBufferedReader(corpus, StandardCharsets.UTF_8)) {
      String line;
      while ((line = r.readLine()) != null) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode node = json.readTree(line);
        ids.add(node.get("id").asText());
        texts.add(node.get("text").asText());
      }
    }
  }

  /** Writes pairs as TSV: the header line, then {@code id_a<TAB>id_b<TAB>similarity} rows. */
  public static void write(Writer out, List<Pair> pairs) throws IOException {
    out.write(HEADER);
    out.write('\n');
    for (Pair p : pairs) {
      out.write(p.a() + "\t" + p.b() + "\t" + String.format(Locale.ROOT, "%.6f", p.similarity()));
      out.write('\n');
    }
  }

  /**
   * The library's shingle sets under {@code settings} (its shingle unit, size and seed): a text's
   * sorted distinct shingle fingerprints. Safe to call from several threads.
   */
  public static Function<String, long[]> shingler(NearDupSettings settings) {
    NearDupSettings withShingles =
        NearDupSettings.builder()
            .shingleUnit(settings.sketch().shingleUnit())
            .shingleSize(settings.sketch().shingleSize())
            .seed(settings.sketch().seed())
            .shingles(true)
            .build();
    // Lucene analyzers keep one token stream per thread, so one analyzer serves all threads.
    Analyzer analyzer = new NearDupAnalyzer(withShingles);
    return text -> shingleSet(analyzer, text);
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

  /** The datasketch peer's shingles of a text, hashed to 64 bits, sorted and distinct. */
  static long[] datasketchShingles(String text) {
    List<String> tokens = new ArrayList<>();
    String lower = text.toLowerCase(Locale.ROOT);
    int start = -1;
    for (int i = 0; i < lower.length(); ) {
      int cp = lower.codePointAt(i);
      boolean word = isPythonWordChar(cp);
      if (word && start < 0) {
        start = i;
      } else if (!word && start >= 0) {
        tokens.add(lower.substring(start, i));
        start = -1;
      }
      i += Character.charCount(cp);
    }
    if (start >= 0) {
      tokens.add(lower.substring(start));
    }
    if (tokens.isEmpty()) {
      return new long[0];
    }
    int n = Math.max(1, tokens.size() - SHINGLE_SIZE + 1);
    long[] hashes = new long[n];
    for (int i = 0; i < n; i++) {
      String shingle =
          String.join(" ", tokens.subList(i, Math.min(tokens.size(), i + SHINGLE_SIZE)));
      hashes[i] = hash64(shingle.getBytes(StandardCharsets.UTF_8));
    }
    Arrays.sort(hashes);
    int distinct = 0;
    for (int i = 0; i < n; i++) {
      if (i == 0 || hashes[i] != hashes[distinct - 1]) {
        hashes[distinct++] = hashes[i];
      }
    }
    return Arrays.copyOf(hashes, distinct);
  }

  /** Python's {@code \w} for str patterns: letters, characters with a numeric value, and _. */
  static boolean isPythonWordChar(int cp) {
    if (cp == '_' || Character.isLetter(cp)) {
      return true;
    }
    int type = Character.getType(cp);
    return type == Character.DECIMAL_DIGIT_NUMBER
        || type == Character.LETTER_NUMBER
        || type == Character.OTHER_NUMBER;
  }

  /** FNV-1a over the bytes, then a 64-bit finaliser so that all bits mix. */
  private static long hash64(byte[] bytes) {
    long h = 0xcbf29ce484222325L;
    for (byte b : bytes) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    return h ^ (h >>> 33);
  }

  /**
   * Every pair of sets with exact Jaccard similarity at least {@code floor}, sorted by id.
   *
   * @param ids the texts' ids
   * @param sets each text's distinct shingle hashes (any order); empty sets are in no pair
   * @param floor the least similarity reported, in (0, 1]
   */
  public static List<Pair> allPairs(List<String> ids, long[][] sets, double floor) {
    if (!(floor > 0 && floor <= 1)) {
      throw new IllegalArgumentException("floor must be in (0, 1], got " + floor);
    }
    List<Pair> pairs = new ArrayList<>();
    try {
      // the join releases the arrays it is given; the caller's stay
      AllPairsJoin.join(
          sets.clone(),
          floor,
          Runtime.getRuntime().availableProcessors(),
          (x, y, similarity) -> {
            String a = ids.get(x);
            String b = ids.get(y);
            pairs.add(a.compareTo(b) < 0 ? new Pair(a, b, similarity) : new Pair(b, a, similarity));
          });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    pairs.sort(Comparator.comparing(Pair::a).thenComparing(Pair::b));
    return pairs;
  }

  /**
   * Exact Jaccard similarity of two sorted arrays of distinct values; 0 if either is empty. Counts
   * the intersection itself, independently of the library's {@code Jaccard.exact}.
   */
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

  /** Number of texts of a {@link #table}. */
  public int size() {
    return shingles.length;
  }

  /** The sorted distinct shingle fingerprints of a text of a {@link #table}; do not modify. */
  public long[] shingles(int text) {
    return shingles[text];
  }

  /** Exact Jaccard similarity of two different texts of a {@link #table}. */
  public double similarity(int a, int b) {
    return similarity[pairIndex(a, b)];
  }

  /** Number of unordered pairs of n texts. */
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
    // Pairs (x, b) with x < b come after all pairs of the first b texts.
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

  /** Receives a pair of texts (a &lt; b) and their exact similarity. */
  @FunctionalInterface
  public interface PairConsumer {
    void accept(int a, int b, double similarity);
  }
}

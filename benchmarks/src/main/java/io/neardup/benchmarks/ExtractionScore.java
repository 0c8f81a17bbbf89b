package io.neardup.benchmarks;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Token-level precision, recall and F1 of an extracted text against a labelled one, the two ways
 * main-content benchmarks score.
 *
 * <p><b>Tokens</b>: both texts are split at white space, as Bevendorff et al. (SIGIR 2023, "An
 * Empirical Comparison of Web Content Extraction Algorithms") do; tokens keep their case and
 * punctuation. <b>ROUGE-LSum</b> ({@link #rougeLsum}), their measure: the texts are cut into
 * sentences (after {@code .}, {@code !} or {@code ?}, closing quotes or brackets included, before
 * white space; line breaks are not boundaries; a run of {@value #MAX_SENTENCE_TOKENS} tokens
 * without one is cut), and for each labelled sentence the union of its longest common subsequences
 * with every extracted sentence counts as hits, each token at most as often as it occurs in both
 * texts (Lin 2004, summary-level LCS). Order matters within sentences only. <b>Bag of tokens</b>
 * ({@link #bagOfTokens}): hits are the multiset intersection of the two token lists, order ignored.
 *
 * <p>An empty label scores recall 1, and precision and F1 1 if the extraction is empty too (as in
 * the benchmark); otherwise an empty side scores 0.
 */
public final class ExtractionScore {
  /** Precision, recall and F1 of one page. */
  public record Prf(double precision, double recall, double f1) {
    static Prf of(long hits, long extracted, long labelled) {
      if (labelled == 0) {
        return extracted == 0 ? new Prf(1, 1, 1) : new Prf(0, 1, 0);
      }
      if (extracted == 0 || hits == 0) {
        return new Prf(0, 0, 0);
      }
      double p = (double) hits / extracted;
      double r = (double) hits / labelled;
      return new Prf(p, r, 2 * p * r / (p + r));
    }
  }

  /**
   * Tokens from which a run without a sentence end is cut (lists, menus): keeps the LCS table of
   * two sentences small; it seldom changes a score.
   */
  public static final int MAX_SENTENCE_TOKENS = 500;

  private ExtractionScore() {}

  /** The white-space tokens of a text. */
  public static List<String> tokens(String text) {
    List<String> out = new ArrayList<>();
    int i = 0;
    int n = text.length();
    while (i < n) {
      while (i < n && isSpace(text.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < n && !isSpace(text.charAt(i))) {
        i++;
      }
      if (i > start) {
        out.add(text.substring(start, i));
      }
    }
    return out;
  }

  private static boolean isSpace(char c) {
    return Character.isWhitespace(c) || c == '\u00a0' || Character.isSpaceChar(c);
  }

  /** The sentences of a text, each as its tokens (see the class comment). */
  public static List<List<String>> sentences(String text) {
    List<List<String>> out = new ArrayList<>();
    List<String> current = new ArrayList<>();
    for (String t : tokens(text)) {
      current.add(t);
      if (endsSentence(t) || current.size() == MAX_SENTENCE_TOKENS) {
        out.add(current);
        current = new ArrayList<>();
      }
    }
    if (!current.isEmpty()) {
      out.add(current);
    }
    return out;
  }

  private static boolean endsSentence(String token) {
    int i = token.length() - 1;
    while (i > 0 && "\"')]»”’".indexOf(token.charAt(i)) >= 0) {
      i--;
    }
    char c = token.charAt(i);
    return c == '.' || c == '!' || c == '?';
  }

  /** Summary-level ROUGE-L of an extraction against a label. */
  public static Prf rougeLsum(String extracted, String labelled) {
    List<List<String>> ref = sentences(labelled);
    List<List<String>> cand = sentences(extracted);
    Map<String, Integer> ids = new HashMap<>();
    int[][] r = encode(ref, ids);
    int[][] c = encode(cand, ids);
    int m = 0;
    int n = 0;
    int[] countR = new int[ids.size()];
    int[] countC = new int[ids.size()];
    for (int[] s : r) {
      m += s.length;
      for (int t : s) {
        countR[t]++;
      }
    }
    for (int[] s : c) {
      n += s.length;
      for (int t : s) {
        countC[t]++;
      }
    }
    if (m == 0 || n == 0) {
      return Prf.of(0, n, m);
    }
    long hits = 0;
    for (int[] s : r) {
      BitSet union = new BitSet(s.length);
      for (int[] t : c) {
        lcsPositions(s, t, union);
      }
      for (int i = union.nextSetBit(0); i >= 0; i = union.nextSetBit(i + 1)) {
        int tok = s[i];
        if (countC[tok] > 0 && countR[tok] > 0) {
          hits++;
          countC[tok]--;
          countR[tok]--;
        }
      }
    }
    return Prf.of(hits, n, m);
  }

  /** Bag-of-tokens precision and recall of an extraction against a label. */
  public static Prf bagOfTokens(String extracted, String labelled) {
    Map<String, int[]> counts = new HashMap<>();
    List<String> ref = tokens(labelled);
    List<String> cand = tokens(extracted);
    for (String t : ref) {
      counts.computeIfAbsent(t, k -> new int[1])[0]++;
    }
    long hits = 0;
    for (String t : cand) {
      int[] left = counts.get(t);
      if (left != null && left[0] > 0) {
        left[0]--;
        hits++;
      }
    }
    return Prf.of(hits, cand.size(), ref.size());
  }

  private static int[][] encode(List<List<String>> sentences, Map<String, Integer> ids) {
    int[][] out = new int[sentences.size()][];
    for (int i = 0; i < out.length; i++) {
      List<String> s = sentences.get(i);
      out[i] = new int[s.size()];
      for (int j = 0; j < s.size(); j++) {
        out[i][j] = ids.computeIfAbsent(s.get(j), k -> ids.size());
      }
    }
    return out;
  }

  /** Marks in {@code into} the positions of {@code ref} on one longest common subsequence. */
  static void lcsPositions(int[] ref, int[] cand, BitSet into) {
    int a = ref.length;
    int b = cand.length;
    if (a == 0 || b == 0) {
      return;
    }
    int[][] table = new int[a + 1][b + 1];
    for (int i = 1; i <= a; i++) {
      for (int j = 1; j <= b; j++) {
        table[i][j] =
            ref[i - 1] == cand[j - 1]
                ? table[i - 1][j - 1] + 1
                : Math.max(table[i - 1][j], table[i][j - 1]);
      }
    }
    int i = a;
    int j = b;
    while (i > 0 && j > 0) {
      if (ref[i - 1] == cand[j - 1]) {
        into.set(i - 1);
        i--;
        j--;
      } else if (table[i - 1][j] >= table[i][j - 1]) {
        i--;
      } else {
        j--;
      }
    }
  }
}

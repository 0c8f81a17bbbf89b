package io.neardup.testkit;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The edit model of the test kit: how a near-duplicate is made from the document it copies, for
 * every generated corpus ({@link CorpusGenerator}'s families for the quality tests, {@link
 * CorpusWriter}'s planted copies for the benchmarks, {@link SampleCorpus}'s copies as they arise on
 * the web). A document is edited as sentences of words; each corpus draws its own mix of these
 * edits, with its own random generator, and so its output stays what it was.
 *
 * <p>Edits that change shingles: a word substituted, inserted or deleted (each changes up to one
 * shingle per word of the shingle on either side: about 5 for word 5-shingles), a word replaced by
 * a near synonym or misspelt, a sentence moved, added or dropped, the text truncated. Edits that
 * normalisation removes, so that the shingles stay: other case, punctuation and spacing ({@link
 * #reformat}); and a site's header and footer around the text ({@link #framed}), which add the
 * site's shingles.
 */
public final class Edits {
  private Edits() {}

  /** Words with a near synonym, for {@link #replaceWord}. */
  private static final Map<String, String> SYNONYMS =
      Map.ofEntries(
          Map.entry("said", "stated"),
          Map.entry("new", "fresh"),
          Map.entry("about", "roughly"),
          Map.entry("expected", "predicted"),
          Map.entry("several", "a number of"),
          Map.entry("began", "started"),
          Map.entry("strong", "robust"),
          Map.entry("small", "modest"),
          Map.entry("local", "nearby"),
          Map.entry("people", "residents"),
          Map.entry("most", "the majority of"),
          Map.entry("help", "assist"),
          Map.entry("also", "additionally"),
          Map.entry("found", "discovered"),
          Map.entry("careful", "rigorous"),
          Map.entry("easy", "simple"),
          Map.entry("little", "not much"),
          Map.entry("busy", "hectic"),
          Map.entry("high", "steep"),
          Map.entry("year", "season"),
          Map.entry("week", "seven days"),
          Map.entry("more", "further"),
          Map.entry("told", "informed"),
          Map.entry("plan", "proposal"),
          Map.entry("cost", "price"),
          Map.entry("work", "effort"),
          Map.entry("region", "area"));

  /** Replaces the word at {@code at} of a sentence's words. */
  public static void substituteWord(List<String> words, int at, String word) {
    words.set(at, word);
  }

  /**
   * Inserts {@code word} at {@code at} of a sentence's words; the commas after words ({@code
   * commas}, by word index, or null) stay after the same words.
   */
  public static void insertWord(List<String> words, BitSet commas, int at, String word) {
    words.add(at, word);
    if (commas != null) {
      BitSet shifted = new BitSet();
      for (int c = commas.nextSetBit(0); c >= 0; c = commas.nextSetBit(c + 1)) {
        shifted.set(c < at ? c : c + 1);
      }
      commas.clear();
      commas.or(shifted);
    }
  }

  /**
   * Deletes the word at {@code at} of a sentence's words, unless it is the only one; the commas
   * after the other words stay after them.
   *
   * @return whether a word was deleted
   */
  public static boolean deleteWord(List<String> words, BitSet commas, int at) {
    if (words.size() < 2) {
      return false;
    }
    words.remove(at);
    if (commas != null) {
      BitSet shifted = new BitSet();
      for (int c = commas.nextSetBit(0); c >= 0; c = commas.nextSetBit(c + 1)) {
        if (c != at) {
          shifted.set(c < at ? c : c - 1);
        }
      }
      commas.clear();
      commas.or(shifted);
    }
    return true;
  }

  /**
   * Replaces one word of a sentence (words separated by single spaces) with a near synonym, drawn
   * among its words that have one, or misspells a word drawn among all when none has one.
   */
  public static String replaceWord(String sentence, RandomGenerator random) {
    String[] words = sentence.split(" ");
    List<Integer> replaceable = new ArrayList<>();
    for (int w = 0; w < words.length; w++) {
      if (SYNONYMS.containsKey(words[w])) {
        replaceable.add(w);
      }
    }
    if (!replaceable.isEmpty()) {
      int w = replaceable.get(random.nextInt(replaceable.size()));
      words[w] = SYNONYMS.get(words[w]);
    } else {
      int w = random.nextInt(words.length);
      words[w] = misspell(words[w], random);
    }
    return String.join(" ", words);
  }

  /** The word with two inner letters swapped, or its last letter doubled when it is short. */
  public static String misspell(String word, RandomGenerator random) {
    if (word.length() < 4) {
      return word + word.charAt(word.length() - 1);
    }
    int i = 1 + random.nextInt(word.length() - 3);
    return word.substring(0, i) + word.charAt(i + 1) + word.charAt(i) + word.substring(i + 2);
  }

  /** Moves a sentence drawn at random to another place drawn at random. */
  public static <T> void moveSentence(List<T> sentences, RandomGenerator random) {
    int from = random.nextInt(sentences.size());
    T s = sentences.remove(from);
    int to = random.nextInt(sentences.size() + 1);
    while (to == from && sentences.size() > 0) {
      to = random.nextInt(sentences.size() + 1);
    }
    sentences.add(to, s);
  }

  /** The sentences with {@code sentence} added at the end. */
  public static <T> List<T> withSentenceAdded(List<T> sentences, T sentence) {
    List<T> more = new ArrayList<>(sentences);
    more.add(sentence);
    return more;
  }

  /** The sentences without one drawn at random, never the first (the lead). */
  public static <T> List<T> withSentenceDropped(List<T> sentences, RandomGenerator random) {
    List<T> fewer = new ArrayList<>(sentences);
    fewer.remove(1 + random.nextInt(fewer.size() - 1));
    return fewer;
  }

  /** The first three fifths of the sentences, at least two. */
  public static <T> List<T> truncated(List<T> sentences) {
    return sentences.subList(0, Math.max(2, sentences.size() * 3 / 5));
  }

  /**
   * The same words with other case, punctuation and spacing: the first sentence in capitals, two
   * spaces after a full stop, a space before each comma, typographic apostrophes, a final line
   * break. Normalisation gives the text's shingles back.
   */
  public static String reformat(String text) {
    String s = text.replace(". ", ".  ").replace(", ", " , ").replace("'", "\u2019");
    int cut = s.indexOf('.');
    return s.substring(0, cut).toUpperCase(Locale.ROOT) + s.substring(cut) + "\n";
  }

  /** The text between a site's header and footer, each a paragraph of its own. */
  public static String framed(String header, String text, String footer) {
    return header + "\n\n" + text + "\n\n" + footer;
  }
}

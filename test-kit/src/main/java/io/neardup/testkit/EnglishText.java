package io.neardup.testkit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The English-like text of every generated corpus: words drawn from a Zipf distribution over the
 * ranks of a list of about 3 000 English words ({@code english-words.txt}), with a few numbers,
 * grouped into sentences of 8 to 25 words that start with a capital letter, have the odd comma and
 * end with a full stop, and into paragraphs of 3 to 7 sentences.
 *
 * <p>Every word, numbers included, is exactly one {@code StandardTokenizer} token and the
 * punctuation makes none, so a document of n words has exactly n tokens and n − 4 word 5-shingles.
 * The same seed and size always give the same documents. {@link CorpusGenerator} and {@link
 * CorpusWriter} draw their words from {@link #word}; the benchmarks analyse {@link #documents}.
 */
public final class EnglishText {
  /** The seed the benchmarks use. */
  public static final long DEFAULT_SEED = 0x6e65617264757042L;

  private static final String WORD_LIST = "english-words.txt";
  private static final double ZIPF_EXPONENT = 1.0;
  private static final double NUMBER_RATE = 0.02;
  private static final double COMMA_RATE = 0.07;
  private static final int MIN_SENTENCE = 8;
  private static final int MAX_SENTENCE = 25;
  private static final int MIN_PARAGRAPH = 3;
  private static final int MAX_PARAGRAPH = 7;

  private final long seed;
  private final String[] vocabulary;
  private final double[] cumulative;

  /** A generator with the given seed over the embedded word list. */
  public EnglishText(long seed) {
    this(seed, loadWords());
  }

  /**
   * A generator with the given seed over the given vocabulary, most frequent word first.
   *
   * @throws IllegalArgumentException if the vocabulary is empty
   */
  public EnglishText(long seed, List<String> vocabulary) {
    if (vocabulary.isEmpty()) {
      throw new IllegalArgumentException("the vocabulary is empty");
    }
    this.seed = seed;
    this.vocabulary = vocabulary.toArray(String[]::new);
    this.cumulative = new double[this.vocabulary.length];
    double sum = 0;
    for (int rank = 0; rank < cumulative.length; rank++) {
      sum += 1 / Math.pow(rank + 1, ZIPF_EXPONENT);
      cumulative[rank] = sum;
    }
  }

  /** The words of the embedded list, most frequent first. */
  public static List<String> loadWords() {
    InputStream in = EnglishText.class.getResourceAsStream(WORD_LIST);
    if (in == null) {
      throw new IllegalStateException("resource " + WORD_LIST + " is missing");
    }
    List<String> words = new ArrayList<>();
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        line = line.strip();
        if (!line.isEmpty() && !line.startsWith("#")) {
          words.add(line);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return words;
  }

  /**
   * {@code count} documents of exactly {@code words} words each. The documents of one size depend
   * only on the seed and the size.
   */
  public String[] documents(int words, int count) {
    if (words < 1 || count < 0) {
      throw new IllegalArgumentException("need words >= 1 and count >= 0: " + words + ", " + count);
    }
    SplittableRandom random = new SplittableRandom(seed ^ (words * 0x9E3779B97F4A7C15L));
    String[] documents = new String[count];
    for (int i = 0; i < count; i++) {
      documents[i] = document(words, random);
    }
    return documents;
  }

  /**
   * One document of exactly {@code words} words drawn from {@code random}: for callers that need
   * documents of varying sizes from one seeded stream ({@link CorpusWriter}).
   */
  public String document(int words, SplittableRandom random) {
    StringBuilder text = new StringBuilder(words * 7);
    int written = 0;
    int sentencesLeft = between(random, MIN_PARAGRAPH, MAX_PARAGRAPH);
    while (written < words) {
      if (written > 0) {
        if (sentencesLeft == 0) {
          text.append("\n\n");
          sentencesLeft = between(random, MIN_PARAGRAPH, MAX_PARAGRAPH);
        } else {
          text.append(' ');
        }
      }
      // the last sentence is cut short so that the document has exactly the words asked for
      int length = Math.min(between(random, MIN_SENTENCE, MAX_SENTENCE), words - written);
      for (int i = 0; i < length; i++) {
        if (i > 0) {
          text.append(' ');
        }
        String word = word(random);
        text.append(i == 0 ? capitalise(word) : word);
        if (i == length - 1) {
          text.append('.');
        } else if (i > 0 && random.nextDouble() < COMMA_RATE) {
          text.append(',');
        }
      }
      written += length;
      sentencesLeft--;
    }
    return text.toString();
  }

  /** One word (or number) drawn from {@code random}, as the documents use them. */
  public String word(SplittableRandom random) {
    if (random.nextDouble() < NUMBER_RATE) {
      return number(random);
    }
    double u = random.nextDouble() * cumulative[cumulative.length - 1];
    int rank = Arrays.binarySearch(cumulative, u);
    return vocabulary[rank >= 0 ? rank : Math.min(-rank - 1, vocabulary.length - 1)];
  }

  /** A year, a count, a decimal or a thousands figure: each one StandardTokenizer token. */
  private static String number(SplittableRandom random) {
    double kind = random.nextDouble();
    if (kind < 0.4) {
      return Integer.toString(between(random, 1900, 2029));
    } else if (kind < 0.75) {
      return Integer.toString(between(random, 1, 100));
    } else if (kind < 0.9) {
      return random.nextInt(100) + "." + random.nextInt(10);
    }
    return between(random, 1, 99) + String.format(Locale.ROOT, ",%03d", random.nextInt(1000));
  }

  private static String capitalise(String word) {
    return Character.toUpperCase(word.charAt(0)) + word.substring(1);
  }

  /** A uniform integer in [min, max]. */
  private static int between(SplittableRandom random, int min, int max) {
    return random.nextInt(min, max + 1);
  }
}

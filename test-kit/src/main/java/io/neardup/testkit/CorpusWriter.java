package io.neardup.testkit;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Writes a JSONL corpus of {@link EnglishText} documents with planted near-duplicate families, for
 * the {@code dedup} and search benchmarks. Each line is {@code
 * {"id":"d0000042","family":"d0000007", "text":"..."}}: originals have 100 to 300 words and are
 * their own family; a fraction of the documents ({@value #DEFAULT_COPY_RATE} by default) are edited
 * copies of an earlier original (one of the last {@value #RECENT_ORIGINALS}), with 1 to {@value
 * #MAX_EDITS} word substitutions, insertions or deletions. The output depends only on the count,
 * the seed and the copy rate.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.neardup.testkit.CorpusWriter N FILE [SEED [COPY_RATE
 * [MIN_WORDS MAX_WORDS]]]}
 */
public final class CorpusWriter {
  /** Fraction of the documents that are edited copies of another one. */
  public static final double DEFAULT_COPY_RATE = 0.2;

  /** Most edits applied to a copy. */
  public static final int MAX_EDITS = 4;

  /** Words of an original, at least. */
  public static final int MIN_WORDS = 100;

  /** Words of an original, at most. */
  public static final int MAX_WORDS = 300;

  /** Copies are made of one of this many most recent originals, so families stay small. */
  public static final int RECENT_ORIGINALS = 10_000;

  /** One generated document: its id, the id of the original it copies (itself if none), text. */
  public record Record(int ordinal, int family, String text) {
    /** The document's id, {@code d} and 7 digits. */
    public String id() {
      return id(ordinal);
    }

    /** The id of the family's original. */
    public String familyId() {
      return id(family);
    }

    static String id(int ordinal) {
      return String.format(Locale.ROOT, "d%07d", ordinal);
    }
  }

  private final EnglishText corpus;
  private final long seed;
  private final double copyRate;
  private int minWords = MIN_WORDS;
  private int maxWords = MAX_WORDS;

  /** A writer of documents drawn with {@code seed}, {@code copyRate} of them edited copies. */
  public CorpusWriter(long seed, double copyRate) {
    if (!(copyRate >= 0 && copyRate < 1)) {
      throw new IllegalArgumentException("copyRate must be in [0, 1), got " + copyRate);
    }
    this.corpus = new EnglishText(seed);
    this.seed = seed;
    this.copyRate = copyRate;
  }

  /**
   * The length of originals, in words, drawn uniformly from {@code [min, max]}; default {@value
   * #MIN_WORDS} to {@value #MAX_WORDS}.
   */
  public CorpusWriter words(int min, int max) {
    if (min < 1 || max < min) {
      throw new IllegalArgumentException(
          "words must be 1 <= min <= max, got [" + min + ", " + max + "]");
    }
    this.minWords = min;
    this.maxWords = max;
    return this;
  }

  /** Generates {@code count} documents in order and gives each to {@code sink}. */
  public void generate(int count, Consumer<Record> sink) {
    SplittableRandom random = new SplittableRandom(seed);
    String[] recentText = new String[RECENT_ORIGINALS];
    int[] recentOrdinal = new int[RECENT_ORIGINALS];
    int originals = 0;
    for (int i = 0; i < count; i++) {
      if (originals > 0 && random.nextDouble() < copyRate) {
        int slot = random.nextInt(Math.min(originals, RECENT_ORIGINALS));
        String copy = edit(recentText[slot], random);
        sink.accept(new Record(i, recentOrdinal[slot], copy));
      } else {
        String text = corpus.document(random.nextInt(minWords, maxWords + 1), random);
        int slot = originals % RECENT_ORIGINALS;
        recentText[slot] = text;
        recentOrdinal[slot] = i;
        originals++;
        sink.accept(new Record(i, i, text));
      }
    }
  }

  /**
   * 1 to {@value #MAX_EDITS} word substitutions, insertions or deletions of {@code text} ({@link
   * Edits}).
   */
  private String edit(String text, SplittableRandom random) {
    List<String> words = new ArrayList<>(Arrays.asList(text.split("\\s+")));
    int edits = random.nextInt(1, MAX_EDITS + 1);
    for (int e = 0; e < edits; e++) {
      int at = random.nextInt(words.size());
      switch (random.nextInt(3)) {
        case 0 -> Edits.substituteWord(words, at, corpus.word(random));
        case 1 -> Edits.insertWord(words, null, at, corpus.word(random));
        default -> Edits.deleteWord(words, null, at);
      }
    }
    return String.join(" ", words);
  }

  /** The texts of a generated corpus and the family of each, by ordinal. */
  public record Texts(String[] texts, int[] family) {}

  /** Generates {@code count} records and keeps their texts and families in memory. */
  public Texts texts(int count) {
    String[] texts = new String[count];
    int[] family = new int[count];
    generate(
        count,
        r -> {
          texts[r.ordinal()] = r.text();
          family[r.ordinal()] = r.family();
        });
    return new Texts(texts, family);
  }

  /** Writes {@code count} documents to {@code file} as JSONL. */
  public void write(int count, Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      StringBuilder line = new StringBuilder(4096);
      IOException[] failure = new IOException[1];
      generate(
          count,
          record -> {
            if (failure[0] != null) {
              return;
            }
            line.setLength(0);
            line.append("{\"id\":\"")
                .append(record.id())
                .append("\",\"family\":\"")
                .append(record.familyId())
                .append("\",\"text\":\"");
            appendJsonString(line, record.text());
            line.append("\"}\n");
            try {
              out.append(line);
            } catch (IOException e) {
              failure[0] = e;
            }
          });
      if (failure[0] != null) {
        throw failure[0];
      }
    }
  }

  private static void appendJsonString(StringBuilder out, String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
  }

  /** {@code CorpusWriter N FILE [SEED [COPY_RATE [MIN_WORDS MAX_WORDS]]]}. */
  public static void main(String[] args) throws IOException {
    if (args.length < 2 || args.length == 5 || args.length > 6) {
      System.err.println(
          "usage: CorpusWriter N FILE [SEED [COPY_RATE [MIN_WORDS MAX_WORDS]]]  (defaults: seed "
              + EnglishText.DEFAULT_SEED
              + ", copy rate "
              + DEFAULT_COPY_RATE
              + ", "
              + MIN_WORDS
              + " to "
              + MAX_WORDS
              + " words)");
      System.exit(2);
    }
    int count = Integer.parseInt(args[0]);
    Path file = Path.of(args[1]);
    long seed = args.length > 2 ? Long.parseLong(args[2]) : EnglishText.DEFAULT_SEED;
    double copyRate = args.length > 3 ? Double.parseDouble(args[3]) : DEFAULT_COPY_RATE;
    long start = System.nanoTime();
    CorpusWriter writer = new CorpusWriter(seed, copyRate);
    if (args.length > 4) {
      writer.words(Integer.parseInt(args[4]), Integer.parseInt(args[5]));
    }
    writer.write(count, file);
    System.err.printf(
        Locale.ROOT,
        "CorpusWriter: wrote %,d documents to %s in %.1f s%n",
        count,
        file,
        (System.nanoTime() - start) / 1e9);
  }
}

package io.neardup.testkit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Generates English-like documents with known near-duplicate families, for quality tests whose
 * truth is computed exactly ({@link ExactTruth#table}).
 *
 * <p>Words and numbers are those of {@link EnglishText#word}: a Zipf law over about 3 000 English
 * words. Sentences have 4 to 24 words, commas and a final mark, and are grouped into paragraphs.
 * Two unrelated documents then share almost no word 5-shingle, as with real text, except through
 * boilerplate.
 *
 * <p>A family is a base document of 50 to 1 000 words (log-uniform) and variants made by controlled
 * edits of the base or of an earlier variant ({@link Edits}): word insertions, deletions and
 * substitutions, sentence moves, and case or punctuation changes (which normalisation removes, so
 * they leave the shingles unchanged). Each variant draws a target similarity in [{@link
 * Config#minTargetSimilarity}, 1], denser towards 1 as near-duplicates are in practice (1 − (1 −
 * min)·u<sup>1.5</sup> for uniform u: 17 % of the targets are above 0.95 with min = 0.3), or 1 for
 * a share of exact or typographic copies, and gets the number of word edits that would reach it if
 * the edits did not overlap (at least one): a word edit changes about 5 shingles on each side, so e
 * edits in a text of n shingles give J ≈ (n − 5e)/(n + 5e). The realised similarity is what {@link
 * ExactTruth} measures; the targets only spread it.
 *
 * <p>Some documents, related or not, carry the header and footer of one of a few site templates,
 * the boilerplate that makes unrelated pages of one site look alike. Documents outside families are
 * singletons, each its own family. Generation is a pure function of the {@link Config}.
 */
public final class CorpusGenerator {
  /** Number of site templates whose header and footer are shared by unrelated documents. */
  public static final int TEMPLATES = 8;

  /** The word source; its own seed is unused, words are drawn from this generator's. */
  private static final EnglishText WORDS = new EnglishText(0);

  /**
   * What to generate.
   *
   * @param documents total number of documents
   * @param families number of near-duplicate families (of at least 2 documents)
   * @param familyShare share of the documents that belong to a family; the rest are singletons
   * @param maxFamilySize largest family
   * @param minWords shortest base document, in words
   * @param maxWords longest base document, in words
   * @param minTargetSimilarity lowest target similarity of a variant to its parent
   * @param copyShare share of variants that are exact or typographic copies (similarity 1)
   * @param templateShare share of families and singletons that carry a site template
   * @param seed seed of every random choice
   */
  public record Config(
      int documents,
      int families,
      double familyShare,
      int maxFamilySize,
      int minWords,
      int maxWords,
      double minTargetSimilarity,
      double copyShare,
      double templateShare,
      long seed) {

    /**
     * 1 500 documents, 300 families holding 70 % of them, base documents of 50 to 1 000 words,
     * variant targets spread over [0.3, 1], 10 % copies, 30 % with a site template.
     */
    public static Config defaults() {
      return new Config(1_500, 300, 0.7, 12, 50, 1_000, 0.3, 0.1, 0.3, 0x636f72707573L);
    }

    /** Returns a copy with another number of documents and families. */
    public Config withSize(int documents, int families) {
      return new Config(
          documents,
          families,
          familyShare,
          maxFamilySize,
          minWords,
          maxWords,
          minTargetSimilarity,
          copyShare,
          templateShare,
          seed);
    }

    /** Returns a copy with another seed. */
    public Config withSeed(long s) {
      return new Config(
          documents,
          families,
          familyShare,
          maxFamilySize,
          minWords,
          maxWords,
          minTargetSimilarity,
          copyShare,
          templateShare,
          s);
    }
  }

  /**
   * One generated document.
   *
   * @param id position in the corpus, 0-based
   * @param family family id; documents of one family derive from the same base document, and a
   *     singleton is alone in its family
   * @param parent id of the document it was edited from, or -1 for a base document
   * @param template site template whose header and footer it carries, or -1
   * @param targetSimilarity the similarity its edits aimed at (1 for a base document)
   * @param edits the edits made to the parent, for diagnostics
   * @param words number of words (and numbers) in the text without the template
   * @param text the text
   */
  public record Document(
      int id,
      int family,
      int parent,
      int template,
      double targetSimilarity,
      String edits,
      int words,
      String text) {}

  /** A sentence: words (without punctuation), commas after some words, and its final mark. */
  private static final class Sentence {
    final List<String> words;
    final BitSet commas;
    char end;
    boolean paragraphStart;

    Sentence(List<String> words, BitSet commas, char end, boolean paragraphStart) {
      this.words = words;
      this.commas = commas;
      this.end = end;
      this.paragraphStart = paragraphStart;
    }

    Sentence copy() {
      return new Sentence(new ArrayList<>(words), (BitSet) commas.clone(), end, paragraphStart);
    }
  }

  /** How a document is typeset: the case and punctuation changes that normalisation removes. */
  private record Style(boolean upperCaseSentence, double capitalizeWord, double quoteWord) {
    static final Style PLAIN = new Style(false, 0, 0);
  }

  /** A document before rendering. */
  private record Draft(List<Sentence> sentences, Style style) {}

  /** A site template: header and footer sentences. */
  private record Template(List<Sentence> header, List<Sentence> footer) {}

  private final Config config;
  private final SplittableRandom random;
  private final Template[] templates;

  /** A generator for the given configuration. */
  public CorpusGenerator(Config config) {
    if (config.families() < 0
        || 2L * config.families() > Math.round(config.documents() * config.familyShare())) {
      throw new IllegalArgumentException(
          "families of at least 2 documents do not fit: " + config.families() + " in " + config);
    }
    this.config = config;
    this.random = new SplittableRandom(config.seed());
    this.templates = new Template[TEMPLATES];
    for (int t = 0; t < TEMPLATES; t++) {
      templates[t] =
          new Template(sentences(10 + random.nextInt(25)), sentences(20 + random.nextInt(45)));
    }
  }

  /** The texts of documents, in order: what {@link ExactTruth#table} takes. */
  public static List<String> texts(List<Document> documents) {
    return documents.stream().map(Document::text).toList();
  }

  /** Generates the corpus: documents with ids 0..n-1 in a shuffled order of families. */
  public List<Document> generate() {
    int inFamilies = (int) Math.round(config.documents() * config.familyShare());
    int[] familySizes = familySizes(config.families(), inFamilies);
    int singletons = config.documents() - Arrays.stream(familySizes).sum();

    // Groups of drafts, one per family, shuffled so that family members are not always adjacent.
    List<List<Generated>> groups = new ArrayList<>();
    for (int size : familySizes) {
      groups.add(family(size));
    }
    for (int i = 0; i < singletons; i++) {
      groups.add(List.of(base()));
    }
    shuffle(groups);

    List<Document> documents = new ArrayList<>(config.documents());
    for (int family = 0; family < groups.size(); family++) {
      int firstId = documents.size();
      for (Generated g : groups.get(family)) {
        int parent = g.parentIndex < 0 ? -1 : firstId + g.parentIndex;
        documents.add(
            new Document(
                documents.size(),
                family,
                parent,
                g.template,
                g.target,
                g.edits,
                wordCount(g.draft.sentences()),
                render(g.draft, g.template, documents.size())));
      }
    }
    return documents;
  }

  /** A draft with its provenance inside its family. */
  private static final class Generated {
    final Draft draft;
    final int parentIndex;
    final double target;
    final String edits;
    int template = -1;

    Generated(Draft draft, int parentIndex, double target, String edits) {
      this.draft = draft;
      this.parentIndex = parentIndex;
      this.target = target;
      this.edits = edits;
    }
  }

  /** Family sizes: 2 each, the remaining documents spread at random up to the largest size. */
  private int[] familySizes(int families, int documents) {
    int[] sizes = new int[families];
    Arrays.fill(sizes, 2);
    int extra = documents - 2 * families;
    int capacity = families * (config.maxFamilySize() - 2);
    extra = Math.min(extra, capacity);
    while (extra > 0) {
      int f = random.nextInt(families);
      if (sizes[f] < config.maxFamilySize()) {
        sizes[f]++;
        extra--;
      }
    }
    return sizes;
  }

  /** A base document and its variants; the members share the base's template. */
  private List<Generated> family(int size) {
    List<Generated> members = new ArrayList<>(size);
    Generated base = base();
    members.add(base);
    while (members.size() < size) {
      // Most variants are edited from the base, some from an earlier variant (copies of copies).
      int parent = random.nextDouble() < 0.7 ? 0 : random.nextInt(members.size());
      members.add(variant(members.get(parent).draft, parent));
    }
    for (Generated member : members) {
      member.template = base.template;
    }
    return members;
  }

  private Generated base() {
    int words = (int) Math.round(logUniform(config.minWords(), config.maxWords()));
    Generated g = new Generated(new Draft(sentences(words), Style.PLAIN), -1, 1.0, "base");
    g.template = random.nextDouble() < config.templateShare() ? random.nextInt(TEMPLATES) : -1;
    return g;
  }

  /** An edited copy of {@code parent}: see the class comment. */
  private Generated variant(Draft parent, int parentIndex) {
    List<Sentence> sentences = new ArrayList<>(parent.sentences().size());
    for (Sentence s : parent.sentences()) {
      sentences.add(s.copy());
    }
    StringBuilder edits = new StringBuilder();
    boolean copy = random.nextDouble() < config.copyShare();
    double target =
        copy ? 1.0 : 1 - (1 - config.minTargetSimilarity()) * Math.pow(random.nextDouble(), 1.5);

    if (!copy) {
      int shingles = Math.max(1, wordCount(sentences) - 4);
      // e non-overlapping word edits give J = (n - 5e)/(n + 5e); at least one edit.
      int wordEdits = Math.max(1, (int) Math.round(shingles * (1 - target) / (5 * (1 + target))));
      int moves = 0;
      if (sentences.size() > 2 && random.nextDouble() < 0.3) {
        // A moved sentence breaks the shingles across up to three sentence boundaries, about two
        // word edits' worth, so it replaces two of them.
        moves = Math.min(1 + random.nextInt(2), wordEdits / 2);
        wordEdits -= 2 * moves;
      }
      int inserted = 0;
      int deleted = 0;
      int substituted = 0;
      for (int e = 0; e < wordEdits; e++) {
        double kind = random.nextDouble();
        if (kind < 0.4) {
          substitute(sentences);
          substituted++;
        } else if (kind < 0.7) {
          insert(sentences);
          inserted++;
        } else if (delete(sentences)) {
          deleted++;
        } else {
          substitute(sentences);
          substituted++;
        }
      }
      for (int m = 0; m < moves; m++) {
        Edits.moveSentence(sentences, random);
      }
      edits.append(
          String.format(
              Locale.ROOT,
              "%d substituted, %d inserted, %d deleted, %d sentences moved",
              substituted,
              inserted,
              deleted,
              moves));
    } else {
      edits.append("copy");
    }

    // Case and punctuation changes, independent of the edits: invisible after normalisation.
    Style style = Style.PLAIN;
    if (random.nextDouble() < 0.5) {
      style =
          new Style(
              random.nextDouble() < 0.3,
              random.nextDouble() < 0.5 ? 0.1 : 0,
              random.nextDouble() < 0.5 ? 0.03 : 0);
      retypeset(sentences);
      edits.append(", case and punctuation changed");
    }
    return new Generated(new Draft(sentences, style), parentIndex, target, edits.toString());
  }

  private void substitute(List<Sentence> sentences) {
    Sentence s = sentences.get(random.nextInt(sentences.size()));
    int i = random.nextInt(s.words.size());
    String old = s.words.get(i);
    String replacement = word();
    while (replacement.equals(old)) {
      replacement = word();
    }
    Edits.substituteWord(s.words, i, replacement);
  }

  private void insert(List<Sentence> sentences) {
    Sentence s = sentences.get(random.nextInt(sentences.size()));
    int i = random.nextInt(s.words.size() + 1);
    Edits.insertWord(s.words, s.commas, i, word());
  }

  /** Deletes a word from a sentence of at least two words; false if none was found. */
  private boolean delete(List<Sentence> sentences) {
    for (int attempt = 0; attempt < 10; attempt++) {
      Sentence s = sentences.get(random.nextInt(sentences.size()));
      if (s.words.size() < 2) {
        continue;
      }
      return Edits.deleteWord(s.words, s.commas, random.nextInt(s.words.size()));
    }
    return false;
  }

  /** Moves commas and changes final marks: tokens stay the same. */
  private void retypeset(List<Sentence> sentences) {
    for (Sentence s : sentences) {
      if (random.nextDouble() < 0.3) {
        int i = random.nextInt(s.words.size());
        s.commas.flip(i);
      }
      if (random.nextDouble() < 0.1) {
        s.end = s.end == '.' ? '!' : '.';
      }
    }
  }

  /** Sentences of about {@code words} words in total, in paragraphs of 2 to 7 sentences. */
  private List<Sentence> sentences(int words) {
    List<Sentence> sentences = new ArrayList<>();
    int left = words;
    int untilParagraph = 0;
    while (left > 0) {
      int n = Math.min(left, 4 + random.nextInt(21));
      if (left - n < 4) {
        n = left;
      }
      List<String> w = new ArrayList<>(n);
      BitSet commas = new BitSet();
      for (int i = 0; i < n; i++) {
        w.add(word());
        if (i > 1 && i < n - 2 && random.nextDouble() < 0.08) {
          commas.set(i);
        }
      }
      double mark = random.nextDouble();
      char end = mark < 0.9 ? '.' : mark < 0.96 ? '?' : '!';
      boolean paragraphStart = untilParagraph == 0;
      if (paragraphStart) {
        untilParagraph = 2 + random.nextInt(6);
      }
      untilParagraph--;
      sentences.add(new Sentence(w, commas, end, paragraphStart));
      left -= n;
    }
    return sentences;
  }

  /** A word (or number) drawn from the Zipf law. */
  private String word() {
    return WORDS.word(random);
  }

  private double logUniform(double min, double max) {
    return Math.exp(Math.log(min) + random.nextDouble() * (Math.log(max) - Math.log(min)));
  }

  private <T> void shuffle(List<T> list) {
    for (int i = list.size() - 1; i > 0; i--) {
      Collections.swap(list, i, random.nextInt(i + 1));
    }
  }

  /** The text of document {@code id}: template header, paragraphs, template footer. */
  private String render(Draft draft, int template, int id) {
    // Which words are capitalised or quoted is drawn from a generator of its own, seeded by the
    // document id, so that the typesetting does not shift the edits of later documents.
    StringBuilder out = new StringBuilder();
    if (template >= 0) {
      appendSentences(out, templates[template].header(), Style.PLAIN, null);
      out.append("\n\n");
    }
    SplittableRandom typesetting =
        new SplittableRandom(config.seed() ^ (0x9E3779B97F4A7C15L * (id + 1)));
    appendSentences(out, draft.sentences(), draft.style(), typesetting);
    if (template >= 0) {
      out.append("\n\n");
      appendSentences(out, templates[template].footer(), Style.PLAIN, null);
    }
    return out.toString();
  }

  private static void appendSentences(
      StringBuilder out, List<Sentence> sentences, Style style, SplittableRandom typesetting) {
    boolean first = true;
    for (Sentence s : sentences) {
      if (!first) {
        out.append(s.paragraphStart ? "\n\n" : " ");
      }
      first = false;
      boolean upper = style.upperCaseSentence() && typesetting.nextDouble() < 0.05;
      for (int i = 0; i < s.words.size(); i++) {
        String w = s.words.get(i);
        if (upper) {
          w = w.toUpperCase(Locale.ROOT);
        } else if (i == 0
            || (style.capitalizeWord() > 0 && typesetting.nextDouble() < style.capitalizeWord())) {
          w = Character.toUpperCase(w.charAt(0)) + w.substring(1);
        }
        if (style.quoteWord() > 0 && typesetting.nextDouble() < style.quoteWord()) {
          w = typesetting.nextBoolean() ? "\u201c" + w + "\u201d" : "(" + w + ")";
        }
        if (i > 0) {
          out.append(' ');
        }
        out.append(w);
        if (s.commas.get(i) && i < s.words.size() - 1) {
          out.append(',');
        }
      }
      out.append(s.end);
    }
  }

  private static int wordCount(List<Sentence> sentences) {
    int n = 0;
    for (Sentence s : sentences) {
      n += s.words.size();
    }
    return n;
  }
}

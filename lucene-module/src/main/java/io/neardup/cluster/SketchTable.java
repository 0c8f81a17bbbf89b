package io.neardup.cluster;

import io.neardup.lsh.Banding;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchParameters;

/**
 * The sketches of a whole collection in memory, packed at their stored width: k·bits/8 bytes plus 4
 * bytes of shingle count per document (516 bytes for the default 128 values of 32 bits), so pairs
 * can be compared without decoding anything. Documents are addressed by dense int ids; an id
 * without a sketch is absent.
 *
 * <p>Values are packed 64/bits to a {@code long}, and agreeing values are counted a word at a time
 * with the exact "zero lane" bit trick, so comparing two 128 × 32-bit sketches takes 64 XORs. Pages
 * of at most 2<sup>24</sup> words keep single arrays small.
 *
 * <p>{@link #set} may be called concurrently for different documents; reads must happen after all
 * writes (for example after joining the loading threads).
 */
public final class SketchTable {
  private static final int PAGE_WORDS = 1 << 24;
  private static final int ABSENT = -1;

  private final SketchParameters parameters;
  private final int documents;
  private final int bits;
  private final int lanes;
  private final int wordsPerDoc;
  private final int docsPerPage;
  private final int unusedLanes;
  private final long laneLowBits;
  private final long[][] pages;
  private final int[] counts;

  /**
   * An empty table.
   *
   * @param parameters the parameters of every sketch stored
   * @param documents number of document ids, {@code [0, documents)}
   */
  public SketchTable(SketchParameters parameters, int documents) {
    if (documents < 0) {
      throw new IllegalArgumentException("documents must be >= 0, got " + documents);
    }
    this.parameters = parameters;
    this.documents = documents;
    this.bits = parameters.bits();
    this.lanes = 64 / bits;
    this.wordsPerDoc = (parameters.hashes() + lanes - 1) / lanes;
    this.unusedLanes = wordsPerDoc * lanes - parameters.hashes();
    this.docsPerPage = Math.max(1, PAGE_WORDS / wordsPerDoc);
    this.laneLowBits = bits == 64 ? 0 : lowBitsPattern(bits);
    int pageCount = (documents + docsPerPage - 1) / docsPerPage;
    this.pages = new long[pageCount][];
    for (int p = 0; p < pageCount; p++) {
      int docsInPage = Math.min(docsPerPage, documents - p * docsPerPage);
      pages[p] = new long[docsInPage * wordsPerDoc];
    }
    this.counts = new int[documents];
    java.util.Arrays.fill(counts, ABSENT);
  }

  /** Bits 1, 1 + bits, 1 + 2·bits, ...: the lowest bit of every lane. */
  private static long lowBitsPattern(int bits) {
    long pattern = 0;
    for (int shift = 0; shift < 64; shift += bits) {
      pattern |= 1L << shift;
    }
    return pattern;
  }

  /** The parameters of the sketches. */
  public SketchParameters parameters() {
    return parameters;
  }

  /** Number of document ids. */
  public int documents() {
    return documents;
  }

  /**
   * Stores the sketch of a document.
   *
   * @throws IllegalArgumentException if the sketch was made with other parameters
   */
  public void set(int doc, Sketch sketch) {
    checkDoc(doc);
    if (!sketch.parameters().equals(parameters)) {
      throw new IllegalArgumentException(
          "Incompatible sketch: made with ["
              + sketch.parameters()
              + "], the table holds ["
              + parameters
              + "]");
    }
    long[] page = pages[doc / docsPerPage];
    int base = (doc % docsPerPage) * wordsPerDoc;
    java.util.Arrays.fill(page, base, base + wordsPerDoc, 0L);
    for (int i = 0; i < sketch.size(); i++) {
      int shift = (i % lanes) * bits;
      page[base + i / lanes] |= sketch.value(i) << shift;
    }
    counts[doc] = (int) Math.min(Integer.MAX_VALUE, sketch.shingleCount());
  }

  /** Whether the document has a sketch. */
  public boolean has(int doc) {
    return counts[doc] != ABSENT;
  }

  /** Whether the document has a sketch of a text with shingles. */
  public boolean hasShingles(int doc) {
    return counts[doc] > 0;
  }

  /**
   * Number of distinct shingles of the document (saturating at {@link Integer#MAX_VALUE}), or -1
   * when absent.
   */
  public int shingleCount(int doc) {
    return counts[doc];
  }

  /** The i-th sketch value of a document that has a sketch. */
  public long value(int doc, int i) {
    long[] page = pages[doc / docsPerPage];
    long word = page[(doc % docsPerPage) * wordsPerDoc + i / lanes];
    long v = word >>> ((i % lanes) * bits);
    return bits == 64 ? v : v & ((1L << bits) - 1);
  }

  /**
   * Number of agreeing values of two documents, or -1 if either has no sketch or an empty one (an
   * empty text is nobody's near-duplicate).
   */
  public int countMatches(int a, int b) {
    if (counts[a] <= 0 || counts[b] <= 0) {
      return -1;
    }
    long[] pa = pages[a / docsPerPage];
    long[] pb = pages[b / docsPerPage];
    int ia = (a % docsPerPage) * wordsPerDoc;
    int ib = (b % docsPerPage) * wordsPerDoc;
    int matches = 0;
    if (bits == 64) {
      for (int w = 0; w < wordsPerDoc; w++) {
        if (pa[ia + w] == pb[ib + w]) {
          matches++;
        }
      }
      return matches;
    }
    long low = laneLowBits;
    long high = low << (bits - 1);
    long rest = ~high;
    for (int w = 0; w < wordsPerDoc; w++) {
      long x = pa[ia + w] ^ pb[ib + w];
      // a lane of x is zero exactly when its high bit ends up set here (no carries between lanes
      // because the high bits are kept out of the addition)
      long y = ((x & rest) + rest) | x | rest;
      matches += Long.bitCount(~y);
    }
    // unused lanes of the last word are zero in both sketches and were counted as agreeing
    return matches - unusedLanes;
  }

  /** Whether all rows of one band agree, i.e. the two documents share that band's token. */
  public boolean bandAgrees(int a, int b, Banding banding, int band) {
    int from = band * banding.rows();
    for (int i = from; i < from + banding.rows(); i++) {
      if (value(a, i) != value(b, i)) {
        return false;
      }
    }
    return true;
  }

  private void checkDoc(int doc) {
    if (doc < 0 || doc >= documents) {
      throw new IllegalArgumentException("document must be in [0, " + documents + "), got " + doc);
    }
  }
}

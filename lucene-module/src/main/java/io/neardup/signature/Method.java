package io.neardup.signature;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The near-duplicate methods, by the names users give them ({@code neardup dedup --method NAME}).
 * All run through the one clustering core, {@code io.neardup.cluster.core.Clusterer}; they differ
 * in what they store per document, which documents become candidates, and how a candidate pair is
 * verified.
 */
public enum Method {
  /** k-value MinHash sketch with LSH bands (000, 001, 002): the default. */
  MINHASH("minhash", false, false),
  /** Broder's option 1: {@link MinM}. */
  MIN_M("min-m", false, false),
  /** Broder's option 2: {@link ModN}. */
  MOD_N("mod-n", false, false),
  /** Charikar's SimHash with Manku's block search: {@link SimHash}. */
  SIMHASH("simhash", false, false),
  /** Digest of the normalised text: {@link Md5Signature}. */
  MD5("md5", false, true),
  /** CRC32 of the L terms of highest TF·IDF: {@link TfIdfSignature}. */
  TFIDF("tfidf", true, true),
  /** CRC32 of the longest sentences: {@link SentenceSignature#longest}. */
  LONG_SENT("long-sent", false, true),
  /** CRC32 of the heaviest sentences: {@link SentenceSignature#heaviest}. */
  HEAVY_SENT("heavy-sent", true, true),
  /** Signatures over random sub-lexicons: {@link LexRand}. */
  LEX_RAND("lex-rand", true, true);

  private final String label;
  private final boolean twoPass;
  private final boolean signature;

  Method(String label, boolean twoPass, boolean signature) {
    this.label = label;
    this.twoPass = twoPass;
    this.signature = signature;
  }

  /** The name users give, such as {@code min-m}. */
  public String label() {
    return label;
  }

  /** Whether the method needs collection statistics first: two passes over the input. */
  public boolean twoPass() {
    return twoPass;
  }

  /**
   * Whether the method's near-duplicates are documents with an equal signature (the threshold does
   * not apply).
   */
  public boolean signature() {
    return signature;
  }

  /** Every name, in this order. */
  public static List<String> labels() {
    List<String> out = new ArrayList<>();
    for (Method m : values()) {
      out.add(m.label);
    }
    return out;
  }

  /**
   * The method of a name.
   *
   * @throws IllegalArgumentException naming the allowed names
   */
  public static Method of(String name) {
    for (Method m : values()) {
      if (m.label.equals(name.toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "method must be one of " + String.join(", ", labels()) + ", got " + name);
  }

  @Override
  public String toString() {
    return label;
  }
}

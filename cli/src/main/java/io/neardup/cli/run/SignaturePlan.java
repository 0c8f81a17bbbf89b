package io.neardup.cli.run;

import io.neardup.cli.input.AnalysisStore;
import io.neardup.cli.options.MethodParameters;
import io.neardup.cluster.core.Clusterer;
import io.neardup.cluster.core.PairMeasure;
import io.neardup.cluster.core.PairMeasures;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.ShingleUnit;
import io.neardup.signature.CollectionStatistics;
import io.neardup.signature.LexRand;
import io.neardup.signature.Md5Signature;
import io.neardup.signature.Method;
import io.neardup.signature.MinM;
import io.neardup.signature.ModN;
import io.neardup.signature.SentenceSignature;
import io.neardup.signature.Signatures;
import io.neardup.signature.SimHash;
import io.neardup.signature.Terms;
import io.neardup.signature.TfIdfSignature;
import java.io.IOException;
import java.util.List;

/**
 * What a method other than {@code minhash} stores per document in the clustering core, and how the
 * core compares it: the adapter between {@link MethodParameters} and {@code io.neardup.signature}.
 * Thread-safe once {@link #prepare()}d.
 */
public final class SignaturePlan {
  /** Word shingles of SimHash features when the sketch's shingles are characters. */
  static final int SIMHASH_WORD_SHINGLE_SIZE = 3;

  final Method method;
  private final MethodParameters options;
  private final long seed;
  private final int simHashShingleSize;
  private final double threshold;
  private final CollectionStatistics stats;
  private LexRand lexRand;
  private AnalysisStore terms;
  private AnalysisStore sentences;

  /**
   * @param counted the collection statistics of an earlier first pass over the same input, reused
   *     by a two-pass method instead of reading the input again; or null
   */
  SignaturePlan(
      Method method,
      MethodParameters options,
      NearDupSettings settings,
      double threshold,
      CollectionStatistics counted) {
    this.method = method;
    this.options = options;
    this.seed = settings.sketch().seed();
    this.simHashShingleSize =
        settings.sketch().shingleUnit() == ShingleUnit.WORD
            ? settings.sketch().shingleSize()
            : SIMHASH_WORD_SHINGLE_SIZE;
    this.threshold =
        switch (method) {
          case SIMHASH -> PairMeasures.hammingThreshold(options.maxHamming);
          case MD5, TFIDF, LONG_SENT, HEAVY_SENT, LEX_RAND -> 1.0;
          default -> threshold;
        };
    this.stats = !method.twoPass() ? null : counted != null ? counted : new CollectionStatistics();
  }

  /** The collection statistics a two-pass method counted, or null. */
  CollectionStatistics statistics() {
    return stats;
  }

  /** Whether documents come with their compact shingle sets (min-m, mod-n). */
  boolean needsShingles() {
    return method == Method.MIN_M || method == Method.MOD_N;
  }

  /** The clustering core's threshold: the user's, or what the method's measure means by it. */
  double threshold() {
    return threshold;
  }

  PairMeasure measure() {
    return switch (method) {
      case MIN_M -> PairMeasures.minM(options.minM);
      case MOD_N -> PairMeasures.exactJaccard();
      case SIMHASH -> PairMeasures.hamming();
      case MD5, TFIDF, LONG_SENT, HEAVY_SENT, LEX_RAND -> PairMeasures.sharedSignature();
      case MINHASH -> throw new IllegalStateException("minhash has no plan");
    };
  }

  /** How the summary names the verification. */
  public String describe() {
    return switch (method) {
      case SIMHASH -> "Hamming distance <= " + options.maxHamming + " of SimHash fingerprints";
      case MIN_M -> "Broder's min-" + options.minM + " estimate";
      case MOD_N -> "Broder's mod-" + options.modN + " estimate";
      default -> "equal " + method + " signature";
    };
  }

  /** What the summary calls documents whose sets are equal. */
  public String identicalSets() {
    return switch (method) {
      case MIN_M, MOD_N -> "equal sketches";
      case SIMHASH -> "equal fingerprints";
      default -> "equal signatures";
    };
  }

  /**
   * Takes documents' terms and normalised sentences from stores that keep them for the runs of
   * other methods over the same records; nulls to analyse every text.
   */
  SignaturePlan stores(AnalysisStore terms, AnalysisStore sentences) {
    this.terms = terms;
    this.sentences = sentences;
    return this;
  }

  private List<String> terms(int ord, String text) {
    return terms == null ? Terms.of(text) : terms.of(ord, text);
  }

  private List<String> sentences(int ord, String text) {
    return sentences == null
        ? SentenceSignature.normalizedSentences(text)
        : sentences.of(ord, text);
  }

  /** The first pass of a two-pass method: counts the terms of one document. */
  void count(int ord, String text) {
    stats.add(terms(ord, text));
  }

  /** Ends the first pass. */
  void prepare() {
    if (method == Method.LEX_RAND) {
      lexRand =
          new LexRand(
              stats,
              options.lexicons,
              LexRand.DEFAULT_FRACTION,
              LexRand.DEFAULT_MIN_DOC_FREQUENCY,
              LexRand.DEFAULT_MAX_DOC_RATIO,
              options.minTerms,
              seed);
    }
  }

  /**
   * Adds one document to the clustering core.
   *
   * @param shingles its compact shingle set when {@link #needsShingles()}
   */
  void add(Clusterer clusterer, int ord, String text, int[] shingles, int size) throws IOException {
    switch (method) {
      case MIN_M -> addValues(clusterer, ord, MinM.sketch(shingles, size, options.minM, seed));
      case MOD_N -> addValues(clusterer, ord, ModN.sample(shingles, size, options.modN, seed));
      case SIMHASH -> {
        long[] fp = SimHash.ofTerms(terms(ord, text), simHashShingleSize, seed);
        long[] keys = fp.length == 0 ? new long[0] : SimHash.blockKeys(fp[0], options.maxHamming);
        int[] set = Signatures.asSet(fp);
        clusterer.add(ord, keys, keys.length, set, set.length);
      }
      default -> addSignatures(clusterer, ord, signatures(ord, text));
    }
  }

  private long[] signatures(int ord, String text) {
    return switch (method) {
      case MD5 -> Md5Signature.ofTerms(terms(ord, text));
      case TFIDF -> TfIdfSignature.signature(terms(ord, text), stats, options.tfidfTerms);
      case LONG_SENT -> SentenceSignature.longest(sentences(ord, text), options.sentences);
      case HEAVY_SENT -> SentenceSignature.heaviest(sentences(ord, text), stats, options.sentences);
      case LEX_RAND -> lexRand.signatures(terms(ord, text));
      default -> throw new IllegalStateException(method + " has no signature");
    };
  }

  private static void addValues(Clusterer clusterer, int ord, int[] values) throws IOException {
    long[] keys = Signatures.keys(values, values.length);
    clusterer.add(ord, keys, keys.length, values, values.length);
  }

  private static void addSignatures(Clusterer clusterer, int ord, long[] signatures)
      throws IOException {
    long[] keys = Signatures.keys(signatures);
    int[] set = Signatures.asSet(signatures);
    clusterer.add(ord, keys, keys.length, set, set.length);
  }
}

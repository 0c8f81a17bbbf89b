package io.neardup.cli.options;

import io.neardup.signature.LexRand;
import io.neardup.signature.MinM;
import io.neardup.signature.ModN;
import io.neardup.signature.SentenceSignature;
import io.neardup.signature.SimHash;
import io.neardup.signature.TfIdfSignature;
import java.util.function.IntUnaryOperator;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The parameters of the near-duplicate methods, for {@code dedup} and {@code compare}. */
public final class MethodParameters {
  @Option(
      names = "--min-m",
      paramLabel = "M",
      defaultValue = "" + MinM.DEFAULT_M,
      description = "min-m: the sketch size m (default: ${DEFAULT-VALUE}).")
  public int minM;

  @Option(
      names = "--mod-n",
      paramLabel = "N",
      defaultValue = "" + ModN.DEFAULT_N,
      description = "mod-n: keep the fingerprints = 0 mod N (default: ${DEFAULT-VALUE}).")
  public int modN;

  @Option(
      names = "--max-hamming",
      paramLabel = "H",
      defaultValue = "" + SimHash.DEFAULT_MAX_HAMMING,
      description =
          "simhash: the largest Hamming distance of near-duplicate fingerprints, in [0, 32]"
              + " (default: ${DEFAULT-VALUE}).")
  public int maxHamming;

  @Option(
      names = "--tfidf-terms",
      paramLabel = "L",
      defaultValue = "" + TfIdfSignature.DEFAULT_TERMS,
      description = "tfidf: the number of terms of highest TF*IDF (default: ${DEFAULT-VALUE}).")
  public int tfidfTerms;

  @Option(
      names = "--sentences",
      paramLabel = "S",
      defaultValue = "" + SentenceSignature.DEFAULT_SENTENCES,
      description =
          "long-sent, heavy-sent: the number of sentences in the signature (default:"
              + " ${DEFAULT-VALUE}).")
  public int sentences;

  @Option(
      names = "--lexicons",
      paramLabel = "N",
      defaultValue = "" + LexRand.DEFAULT_LEXICONS,
      description = "lex-rand: the number of random sub-lexicons (default: ${DEFAULT-VALUE}).")
  public int lexicons;

  @Option(
      names = "--min-terms",
      paramLabel = "N",
      defaultValue = "" + LexRand.DEFAULT_MIN_TERMS,
      description =
          "lex-rand: the least number of a document's terms in a sub-lexicon for a signature"
              + " (default: ${DEFAULT-VALUE}).")
  public int minTerms;

  /** Checks every parameter by the library's rule. */
  public void check(CommandSpec spec) {
    check(spec, "--min-m", minM, MinM::checkM);
    check(spec, "--mod-n", modN, ModN::checkN);
    check(spec, "--max-hamming", maxHamming, SimHash::checkMaxHamming);
    check(spec, "--tfidf-terms", tfidfTerms, TfIdfSignature::checkTerms);
    check(spec, "--sentences", sentences, SentenceSignature::checkSentences);
    if (lexicons < 1 || lexicons > 255) {
      throw Options.invalid(spec, "--lexicons", "lexicons must be in [1, 255], got " + lexicons);
    }
    if (minTerms < 1) {
      throw Options.invalid(spec, "--min-terms", "min-terms must be >= 1, got " + minTerms);
    }
  }

  public static void check(CommandSpec spec, String option, int value, IntUnaryOperator rule) {
    try {
      rule.applyAsInt(value);
    } catch (IllegalArgumentException e) {
      throw Options.invalid(spec, option, e.getMessage());
    }
  }
}

package io.neardup.analysis;

import io.neardup.param.Args;
import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import io.neardup.signature.SentenceSignature;
import java.util.Map;

/**
 * The parameters of {@link SignatureTokenizer} and {@link SignatureFilter}: which signature ({@code
 * method}, default {@code md5}) and, for Long Sent, how many sentences ({@code sentences}, default
 * {@value SentenceSignature#DEFAULT_SENTENCES}).
 *
 * @param kind the signature
 * @param sentences the number of longest sentences of {@link SignatureTokenizer.Kind#LONG_SENT}
 */
public record SignatureSettings(SignatureTokenizer.Kind kind, int sentences) {
  /**
   * The name the engines' plugins register the signature tokenizer and token filter under: one name
   * for the two forms of one component (Lucene's SPI names them {@value
   * SignatureTokenizerFactory#NAME} and {@value SignatureFilterFactory#NAME}).
   */
  public static final String NAME = "neardup_signature";

  /** The largest number of sentences accepted. */
  public static final int MAX_SENTENCES = 100;

  /** MD5 of the normalised text. */
  public static final SignatureSettings DEFAULT =
      new SignatureSettings(SignatureTokenizer.Kind.MD5, SentenceSignature.DEFAULT_SENTENCES);

  public SignatureSettings {
    if (kind == null) {
      throw new IllegalArgumentException("kind is required");
    }
    if (sentences < 1 || sentences > MAX_SENTENCES) {
      throw new ParameterException(
          Parameter.SENTENCES, "an integer between 1 and " + MAX_SENTENCES, sentences);
    }
  }

  /**
   * Reads the parameters from a string map, removing the keys it knows; method names as {@link
   * SignatureTokenizer.Kind#name(Parameter.Style)} spells them in that style ({@code longSent} in
   * Lucene factory arguments, {@code long-sent} elsewhere).
   *
   * @throws ParameterException naming the first invalid parameter in the map's style
   */
  public static SignatureSettings parse(Map<String, String> map, Parameter.Style style) {
    Args args = new Args(map, style);
    try {
      String[] names = new String[SignatureTokenizer.Kind.values().length];
      for (SignatureTokenizer.Kind k : SignatureTokenizer.Kind.values()) {
        names[k.ordinal()] = k.name(style);
      }
      String method = args.takeChoice(Parameter.METHOD, names);
      SignatureTokenizer.Kind kind = DEFAULT.kind;
      for (SignatureTokenizer.Kind k : SignatureTokenizer.Kind.values()) {
        if (k.name(style).equals(method)) {
          kind = k;
        }
      }
      Integer sentences = args.takeInt(Parameter.SENTENCES, 1, MAX_SENTENCES);
      return new SignatureSettings(kind, sentences != null ? sentences : DEFAULT.sentences);
    } catch (ParameterException e) {
      throw e.withStyle(style);
    }
  }
}

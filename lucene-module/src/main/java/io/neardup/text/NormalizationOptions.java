package io.neardup.text;

import io.neardup.param.Args;
import io.neardup.param.Parameter;
import java.util.Map;

/**
 * What text normalisation does to each token.
 *
 * @param lowercase fold to lower case
 * @param nfkc apply Unicode NFKC (compatibility) normalisation: ligatures, full-width forms,
 *     superscripts and the like become their plain equivalents
 * @param dropPunctuation remove punctuation, symbols (including box-drawing and other
 *     pseudo-graphics) and invisible format characters from tokens; tokens left empty disappear
 * @param digits what to do with digits
 */
public record NormalizationOptions(
    boolean lowercase, boolean nfkc, boolean dropPunctuation, DigitPolicy digits) {

  /** Lower case, NFKC, punctuation dropped, digits kept. */
  public static final NormalizationOptions DEFAULT =
      new NormalizationOptions(true, true, true, DigitPolicy.KEEP);

  public NormalizationOptions {
    if (digits == null) {
      throw new IllegalArgumentException("digits policy is required");
    }
  }

  /** Every option as a string map, such that {@link #parse} gives these options back. */
  public Map<String, String> toMap(Parameter.Style style) {
    Map<String, String> m = new java.util.LinkedHashMap<>();
    m.put(Parameter.LOWERCASE.name(style), Boolean.toString(lowercase));
    m.put(Parameter.UNICODE.name(style), nfkc ? "nfkc" : "none");
    m.put(Parameter.PUNCTUATION.name(style), dropPunctuation ? "drop" : "keep");
    m.put(Parameter.DIGITS.name(style), digits.parameterValue());
    return m;
  }

  /**
   * Reads options from a string map ({@code lowercase}, {@code unicode}, {@code punctuation},
   * {@code digits}), removing the keys it knows.
   */
  public static NormalizationOptions parse(Map<String, String> map, Parameter.Style style) {
    Args args = new Args(map, style);
    Boolean lowercase = args.takeBoolean(Parameter.LOWERCASE);
    String unicode = args.takeChoice(Parameter.UNICODE, "nfkc", "none");
    String punctuation = args.takeChoice(Parameter.PUNCTUATION, "drop", "keep");
    String digits = args.takeChoice(Parameter.DIGITS, "keep", "drop", "mask");
    return new NormalizationOptions(
        lowercase != null ? lowercase : DEFAULT.lowercase,
        unicode != null ? unicode.equals("nfkc") : DEFAULT.nfkc,
        punctuation != null ? punctuation.equals("drop") : DEFAULT.dropPunctuation,
        digits != null ? DigitPolicy.parse(digits) : DEFAULT.digits);
  }
}

package io.neardup.cli.options;

import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.SketchParameters;
import io.neardup.text.NormalizationOptions;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * How texts are analysed: normalisation, shingles, sketch and bands. Values are handed to the
 * library's own parser, so rules and defaults are the library's ({@link LibraryDefaults} shows them
 * in {@code --help}); a bad value is a usage error naming the option.
 */
public final class AnalysisOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--shingle-unit",
      paramLabel = "UNIT",
      description = "Shingles of words or characters: word or char (default: ${DEFAULT-VALUE}).")
  String shingleUnit;

  @Option(
      names = "--shingle-size",
      paramLabel = "N",
      description =
          "Units per shingle (default: "
              + SketchParameters.DEFAULT_WORD_SHINGLE_SIZE
              + " words or "
              + SketchParameters.DEFAULT_CHAR_SHINGLE_SIZE
              + " characters).")
  String shingleSize;

  @Option(
      names = "--hashes",
      paramLabel = "K",
      description = "Sketch values per document (default: ${DEFAULT-VALUE}).")
  String hashes;

  @Option(
      names = "--bits",
      paramLabel = "BITS",
      description = "Bits kept per sketch value: 8, 16, 32 or 64 (default: ${DEFAULT-VALUE}).")
  String bits;

  @Option(
      names = "--scheme",
      paramLabel = "SCHEME",
      description = "Sketch scheme: oph, superminhash or minhash (default: ${DEFAULT-VALUE}).")
  String scheme;

  @Option(
      names = "--seed",
      paramLabel = "SEED",
      description = "Seed of the shingle hash (default: ${DEFAULT-VALUE}).")
  String seed;

  @Option(
      names = "--bands",
      paramLabel = "B",
      description = "LSH bands (default: chosen for the threshold).")
  String bands;

  @Option(
      names = "--rows",
      paramLabel = "R",
      description = "Sketch values per band (default: chosen for the threshold).")
  String rows;

  @Option(
      names = "--lowercase",
      paramLabel = "BOOL",
      description = "Fold to lower case: true or false (default: ${DEFAULT-VALUE}).")
  String lowercase;

  @Option(
      names = "--unicode",
      paramLabel = "NORM",
      description = "Unicode normalisation: nfkc or none (default: ${DEFAULT-VALUE}).")
  String unicode;

  @Option(
      names = "--punctuation",
      paramLabel = "WHAT",
      description = "Punctuation and symbols: drop or keep (default: ${DEFAULT-VALUE}).")
  String punctuation;

  @Option(
      names = "--digits",
      paramLabel = "WHAT",
      description = "Digits: keep, drop or mask (default: ${DEFAULT-VALUE}).")
  String digits;

  /**
   * The settings these options describe.
   *
   * @param threshold the similarity the bands are chosen for
   * @param exact whether documents get the exact-duplicate token
   * @param shingles whether documents keep their shingle fingerprints (exact verification)
   */
  public NearDupSettings settings(double threshold, boolean exact, boolean shingles) {
    Map<String, String> map = new HashMap<>();
    put(map, Parameter.SHINGLE_UNIT, shingleUnit);
    put(map, Parameter.SHINGLE_SIZE, shingleSize);
    put(map, Parameter.HASHES, hashes);
    put(map, Parameter.BITS, bits);
    put(map, Parameter.SCHEME, scheme);
    put(map, Parameter.SEED, seed);
    put(map, Parameter.BANDS, bands);
    put(map, Parameter.ROWS, rows);
    try {
      return NearDupSettings.parse(
          map, Parameter.Style.KEBAB, b -> b.threshold(threshold).exact(exact).shingles(shingles));
    } catch (ParameterException e) {
      throw Options.usage(spec, e);
    }
  }

  /** The text normalisation these options describe. */
  public NormalizationOptions normalization() {
    Map<String, String> map = new HashMap<>();
    put(map, Parameter.LOWERCASE, lowercase);
    put(map, Parameter.UNICODE, unicode);
    put(map, Parameter.PUNCTUATION, punctuation);
    put(map, Parameter.DIGITS, digits);
    try {
      return NormalizationOptions.parse(map, Parameter.Style.KEBAB);
    } catch (ParameterException e) {
      throw Options.usage(spec, e);
    }
  }

  private static void put(Map<String, String> map, Parameter p, String value) {
    if (value != null) {
      map.put(p.name(Parameter.Style.KEBAB), value);
    }
  }
}

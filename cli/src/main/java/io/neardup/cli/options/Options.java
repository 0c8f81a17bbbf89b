package io.neardup.cli.options;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.param.Args;
import io.neardup.param.Parameter;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Checks of option values shared by the commands; every failure is a usage error (exit 2). */
public final class Options {
  private Options() {}

  /** A usage error of the command. */
  public static ParameterException usage(CommandSpec spec, String message) {
    return new ParameterException(spec.commandLine(), message);
  }

  /** A library rule broken by an option value, naming the option as the user wrote it. */
  public static ParameterException usage(CommandSpec spec, io.neardup.param.ParameterException e) {
    String option = "--" + e.parameter().name(Parameter.Style.KEBAB);
    return new ParameterException(
        spec.commandLine(),
        "Invalid value for option '" + option + "': " + e.getMessage(Parameter.Style.KEBAB),
        e);
  }

  /** A value some option does not accept. */
  public static ParameterException invalid(CommandSpec spec, String option, String reason) {
    return new ParameterException(
        spec.commandLine(), "Invalid value for option '" + option + "': " + reason);
  }

  /**
   * Reads a threshold option once, into the one value the run uses: a number in (0, 1], named as
   * the library names it in its messages.
   */
  public static final class ThresholdConverter
      implements picocli.CommandLine.ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      Map<String, String> map = new HashMap<>();
      map.put(Parameter.THRESHOLD.name(Parameter.Style.KEBAB), value.trim());
      try {
        return new Args(map, Parameter.Style.KEBAB).takeDouble(Parameter.THRESHOLD, 0, 1);
      } catch (io.neardup.param.ParameterException e) {
        throw new picocli.CommandLine.TypeConversionException(e.getMessage(Parameter.Style.KEBAB));
      }
    }
  }

  /** Parses a canonical policy ({@code score}, {@code FIELD:asc}, {@code FIELD:desc}). */
  public static CanonicalPolicy canonical(CommandSpec spec, String value) {
    if (value == null) {
      return CanonicalPolicy.BEST_SCORE;
    }
    try {
      return CanonicalPolicy.parse(value);
    } catch (IllegalArgumentException e) {
      throw invalid(spec, "--canonical", e.getMessage());
    }
  }

  /** Checks a count option is at least {@code min}. */
  public static int atLeast(CommandSpec spec, String option, int value, int min) {
    if (value < min) {
      throw invalid(spec, option, "must be at least " + min + ", got [" + value + "]");
    }
    return value;
  }
}

package io.neardup.engine.param;

import io.neardup.param.ParameterException;
import java.util.Map;

/**
 * The kinds of value a parameter takes in an engine's field mapping, and the typed conversion of
 * one raw value (as the engine's JSON parser produced it). Only the kind is checked here; the rules
 * (ranges, allowed words) are checked by the library, all parameters together.
 */
public enum MappingValue {
  /** Any scalar, as its string. */
  STRING("a string"),
  /** A 32-bit integer; {@code 64.0} is accepted, as JSON numbers may arrive as doubles. */
  INT("an integer"),
  /** A 64-bit integer. */
  LONG("a 64-bit integer"),
  /** A number. */
  DOUBLE("a number"),
  /** {@code true} or {@code false}. */
  BOOLEAN("one of [true, false]");

  private final String rule;

  MappingValue(String rule) {
    this.rule = rule;
  }

  /**
   * Converts the raw value of parameter {@code name}.
   *
   * @throws IllegalArgumentException {@code [name] must be <kind>, got [raw]}
   */
  public Object convert(String name, Object raw) {
    if (raw instanceof Map<?, ?> || raw instanceof Iterable<?>) {
      throw error(name, raw);
    }
    String s = raw.toString().trim();
    try {
      return switch (this) {
        case STRING -> s;
        case INT -> Integer.valueOf(integral(s));
        case LONG -> Long.valueOf(integral(s));
        case DOUBLE -> Double.valueOf(s);
        case BOOLEAN ->
            switch (s) {
              case "true" -> Boolean.TRUE;
              case "false" -> Boolean.FALSE;
              default -> throw error(name, raw);
            };
      };
    } catch (NumberFormatException e) {
      throw error(name, raw);
    }
  }

  private static String integral(String s) {
    return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
  }

  private IllegalArgumentException error(String name, Object raw) {
    return new IllegalArgumentException(ParameterException.bracketed(name, rule, raw));
  }
}

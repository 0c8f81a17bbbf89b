package io.neardup.param;

import java.util.Map;

/**
 * Reads typed parameter values out of a string map (factory arguments, index settings, options),
 * removing what it reads so that the caller can reject whatever is left as unknown. Errors name the
 * parameter in the map's style.
 */
public final class Args {
  private final Map<String, String> args;
  private final Parameter.Style style;

  /**
   * @param args the arguments; consumed entries are removed, so it must be mutable
   * @param style how the keys are spelled
   */
  public Args(Map<String, String> args, Parameter.Style style) {
    this.args = args;
    this.style = style;
  }

  /** The naming style of the keys. */
  public Parameter.Style style() {
    return style;
  }

  /** Removes and returns the raw value, or null when absent. */
  public String take(Parameter p) {
    return args.remove(p.name(style));
  }

  /** An integer in [min, max], or null when absent. */
  public Integer takeInt(Parameter p, int min, int max) {
    String v = take(p);
    if (v == null) {
      return null;
    }
    String rule = "an integer between " + min + " and " + max;
    try {
      int i = Integer.parseInt(v.trim());
      if (i < min || i > max) {
        throw error(p, rule, v);
      }
      return i;
    } catch (NumberFormatException e) {
      throw error(p, rule, v);
    }
  }

  /** A long, or null when absent. */
  public Long takeLong(Parameter p) {
    String v = take(p);
    if (v == null) {
      return null;
    }
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw error(p, "a 64-bit integer", v);
    }
  }

  /** A number in (lowExclusive, highInclusive], or null when absent. */
  public Double takeDouble(Parameter p, double lowExclusive, double highInclusive) {
    String v = take(p);
    if (v == null) {
      return null;
    }
    String rule = "a number in (" + lowExclusive + ", " + highInclusive + "]";
    try {
      double d = Double.parseDouble(v.trim());
      if (!(d > lowExclusive && d <= highInclusive)) {
        throw error(p, rule, v);
      }
      return d;
    } catch (NumberFormatException e) {
      throw error(p, rule, v);
    }
  }

  /** {@code true} or {@code false}, or null when absent. */
  public Boolean takeBoolean(Parameter p) {
    String v = take(p);
    if (v == null) {
      return null;
    }
    return switch (v.trim()) {
      case "true" -> Boolean.TRUE;
      case "false" -> Boolean.FALSE;
      default -> throw error(p, "one of [true, false]", v);
    };
  }

  /** One of the allowed lower-case words, or null when absent. */
  public String takeChoice(Parameter p, String... allowed) {
    String v = take(p);
    if (v == null) {
      return null;
    }
    for (String a : allowed) {
      if (a.equals(v.trim())) {
        return a;
      }
    }
    throw error(p, "one of [" + String.join(", ", allowed) + "]", v);
  }

  /** An error for a parameter in this map's style. */
  public ParameterException error(Parameter p, String rule, Object value) {
    return new ParameterException(p, rule, value, style);
  }
}

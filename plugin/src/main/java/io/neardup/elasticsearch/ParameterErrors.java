package io.neardup.elasticsearch;

import io.neardup.param.ParameterException;

/**
 * Error messages in Elasticsearch's style: the parameter in brackets, in snake_case, then the rule
 * and the offending value, e.g. {@code [hashes] must be an integer between 1 and 1024, got [0]}.
 */
public final class ParameterErrors {
  private ParameterErrors() {}

  /** The message of a library parameter error, with the parameter in snake_case and brackets. */
  public static String describe(ParameterException e) {
    return e.bracketed();
  }

  /** {@code [name] must be <rule>, got [value]}. */
  public static String describe(String name, String rule, Object value) {
    return ParameterException.bracketed(name, rule, value);
  }
}

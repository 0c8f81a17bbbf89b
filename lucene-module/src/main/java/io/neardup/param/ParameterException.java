package io.neardup.param;

/**
 * A parameter value that breaks its rule. The message reads {@code <parameter> must be <rule>, got
 * <value>}, with the parameter spelled in camelCase; {@link #getMessage(Parameter.Style)} spells it
 * for another surface.
 */
public final class ParameterException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final Parameter parameter;
  private final String rule;
  private final String value;
  private final Parameter.Style style;

  /** An error naming the parameter in camelCase. */
  public ParameterException(Parameter parameter, String rule, Object value) {
    this(parameter, rule, value, Parameter.Style.CAMEL);
  }

  /** An error naming the parameter in the given style. */
  public ParameterException(Parameter parameter, String rule, Object value, Parameter.Style style) {
    super(format(parameter, style, rule, String.valueOf(value)));
    this.parameter = parameter;
    this.rule = rule;
    this.value = String.valueOf(value);
    this.style = style;
  }

  /** The same error with the parameter named in another style. */
  public ParameterException withStyle(Parameter.Style newStyle) {
    if (newStyle == style) {
      return this;
    }
    ParameterException e = new ParameterException(parameter, rule, value, newStyle);
    e.setStackTrace(getStackTrace());
    return e;
  }

  /** The parameter that was wrong. */
  public Parameter parameter() {
    return parameter;
  }

  /** The rule the value broke, e.g. {@code "between 1 and 1024"}. */
  public String rule() {
    return rule;
  }

  /** The offending value as the user gave it. */
  public String value() {
    return value;
  }

  /** The message with the parameter named in the given style. */
  public String getMessage(Parameter.Style style) {
    return format(parameter, style, rule, value);
  }

  /**
   * The message as the engine plugins phrase it: the parameter in snake_case and brackets, e.g.
   * {@code [hashes] must be an integer between 1 and 1024, got [0]}.
   */
  public String bracketed() {
    return bracketed(parameter.name(Parameter.Style.SNAKE), rule, value);
  }

  /** {@code [name] must be <rule>, got [value]}: the engine plugins' message for any parameter. */
  public static String bracketed(String name, String rule, Object value) {
    return "[" + name + "] must be " + rule + ", got [" + value + "]";
  }

  private static String format(
      Parameter parameter, Parameter.Style style, String rule, String value) {
    return parameter.name(style) + " must be " + rule + ", got [" + value + "]";
  }
}

package io.neardup.shingle;

import java.util.Locale;

/** What a shingle is made of. */
public enum ShingleUnit {
  /** Word k-shingles: k consecutive tokens. */
  WORD,
  /**
   * Character k-grams over the text with whitespace removed (the tokens concatenated), so that "s p
   * a c e d" text still matches "spaced".
   */
  CHAR;

  /** The lower-case name used in parameters ({@code word}, {@code char}). */
  public String parameterValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code word} or {@code char}; null if the value is neither. */
  public static ShingleUnit parse(String value) {
    for (ShingleUnit unit : values()) {
      if (unit.parameterValue().equals(value)) {
        return unit;
      }
    }
    return null;
  }
}

package io.neardup.text;

import java.util.Locale;

/** What normalisation does with digits. */
public enum DigitPolicy {
  /** Digits stay as they are. */
  KEEP,
  /** Digits are removed, so "page 12" and "page 13" compare equal. */
  DROP,
  /** Each digit becomes {@code 0}, so numbers keep their length but not their value. */
  MASK;

  /** The lower-case parameter value. */
  public String parameterValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code keep}, {@code drop} or {@code mask}; null if unknown. */
  public static DigitPolicy parse(String value) {
    for (DigitPolicy d : values()) {
      if (d.parameterValue().equals(value)) {
        return d;
      }
    }
    return null;
  }
}

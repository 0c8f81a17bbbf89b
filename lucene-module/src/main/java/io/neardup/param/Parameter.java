package io.neardup.param;

import java.util.Locale;

/**
 * The one vocabulary of neardup's parameters. Each parameter has a camelCase name (Lucene factory
 * arguments, Java), and derived snake_case (Elasticsearch settings) and kebab-case (command-line
 * options) spellings, so error messages can name a parameter the way the user wrote it.
 */
public enum Parameter {
  SHINGLE_SIZE("shingleSize"),
  SHINGLE_UNIT("shingleUnit"),
  HASHES("hashes"),
  BITS("bits"),
  SCHEME("scheme"),
  SEED("seed"),
  BANDS("bands"),
  ROWS("rows"),
  THRESHOLD("threshold"),
  MAX_HAMMING("maxHamming"),
  METHOD("method"),
  SENTENCES("sentences"),
  EXACT("exact"),
  SHINGLES("shingles"),
  LOWERCASE("lowercase"),
  UNICODE("unicode"),
  PUNCTUATION("punctuation"),
  DIGITS("digits"),
  MIN_SIMILARITY("minSimilarity"),
  WINDOW("window"),
  MODE("mode"),
  CANONICAL("canonical"),
  VERIFY("verify");

  /** How a parameter name is spelled in one surface of the product. */
  public enum Style {
    /** {@code shingleSize}: Java and Lucene factory arguments. */
    CAMEL,
    /** {@code shingle_size}: Elasticsearch settings and mappings. */
    SNAKE,
    /** {@code shingle-size}: command-line options (without the leading dashes). */
    KEBAB
  }

  private final String camelName;

  Parameter(String camelName) {
    this.camelName = camelName;
  }

  /** The name in the given style. */
  public String name(Style style) {
    return switch (style) {
      case CAMEL -> camelName;
      case SNAKE -> separated('_');
      case KEBAB -> separated('-');
    };
  }

  private String separated(char separator) {
    StringBuilder sb = new StringBuilder(camelName.length() + 4);
    for (int i = 0; i < camelName.length(); i++) {
      char c = camelName.charAt(i);
      if (Character.isUpperCase(c)) {
        sb.append(separator).append(Character.toLowerCase(c));
      } else {
        sb.append(c);
      }
    }
    return sb.toString().toLowerCase(Locale.ROOT);
  }

  /** Looks a parameter up by its name in any style; null if there is none. */
  public static Parameter byName(String name) {
    for (Parameter p : values()) {
      for (Style style : Style.values()) {
        if (p.name(style).equals(name)) {
          return p;
        }
      }
    }
    return null;
  }
}

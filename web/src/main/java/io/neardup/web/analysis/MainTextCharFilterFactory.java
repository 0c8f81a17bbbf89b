package io.neardup.web.analysis;

import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.MainText;
import java.io.Reader;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.CharFilterFactory;

/**
 * Factory for {@link MainTextCharFilter}. Parameters: {@code boilerplate} ({@code none}|{@code
 * local}, default local), {@code maxChars} (how much of a page is read, default 8 Mi).
 *
 * <pre>{@code
 * Analyzer a = CustomAnalyzer.builder()
 *     .addCharFilter("nearDupMainText", "boilerplate", "local")
 *     .withTokenizer("standard")
 *     .build();
 * }</pre>
 *
 * @lucene.spi {@value #NAME}
 */
public final class MainTextCharFilterFactory extends CharFilterFactory {
  /** SPI name. */
  public static final String NAME = "nearDupMainText";

  /** The type of the engines' char filter (Elasticsearch and OpenSearch). */
  public static final String ENGINE_TYPE = "neardup_main_text";

  /** The settings of the engines' char filter ({@link #fromEngineSettings}). */
  public static final List<String> ENGINE_SETTINGS = List.of("boilerplate", "max_chars");

  private final Boilerplate boilerplate;
  private final int maxChars;

  /** Creates a new factory; unknown or invalid parameters fail naming the parameter. */
  public MainTextCharFilterFactory(Map<String, String> args) {
    super(args);
    boilerplate =
        Boilerplate.parse(
            get(args, "boilerplate", MainTextCharFilter.DEFAULT_BOILERPLATE.toString()));
    if (boilerplate == Boilerplate.SITE) {
      throw new IllegalArgumentException(
          "boilerplate must be none or local in a char filter (site learns templates from all the"
              + " pages of a site), got [site]");
    }
    maxChars = getInt(args, "maxChars", MainTextCharFilter.DEFAULT_MAX_CHARS);
    if (maxChars < 1) {
      throw new IllegalArgumentException("maxChars must be at least 1, got " + maxChars);
    }
    if (!args.isEmpty()) {
      throw new IllegalArgumentException("Unknown parameters: " + args);
    }
  }

  /**
   * The factory of an engine's char filter {@code name} of type {@code type}, from the settings the
   * engine passes ({@code boilerplate}, {@code max_chars}; {@code type} and {@code index.*} keys
   * are not parameters).
   *
   * @throws IllegalArgumentException naming the char filter and the bad or unknown parameter
   */
  public static MainTextCharFilterFactory fromEngineSettings(
      String type, String name, Map<String, String> settings) {
    Map<String, String> args = new java.util.LinkedHashMap<>();
    settings.forEach((key, value) -> {
      if (!key.equals("type") && !key.startsWith("index.")) {
        args.put(key.equals("max_chars") ? "maxChars" : key, value);
      }
    });
    try {
      return new MainTextCharFilterFactory(args);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "char filter [" + name + "] of type [" + type + "]: " + e.getMessage(), e);
    }
  }

  /** Default ctor for compatibility with SPI. */
  public MainTextCharFilterFactory() {
    throw defaultCtorException();
  }

  @Override
  public Reader create(Reader input) {
    return new MainTextCharFilter(input, boilerplate, maxChars);
  }

  /**
   * The main text that this factory's filters give of {@code page}, with its blocks and its
   * boilerplate fraction: the filter's output, for a caller that needs more of the page than its
   * text.
   */
  public MainText mainText(String page) {
    return MainTextCharFilter.mainText(
        page.length() > maxChars ? page.substring(0, maxChars) : page, boilerplate);
  }
}

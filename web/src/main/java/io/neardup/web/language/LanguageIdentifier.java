package io.neardup.web.language;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import opennlp.tools.langdetect.LanguageDetectorME;
import opennlp.tools.langdetect.LanguageDetectorModel;

/**
 * Identifies the language of a text with Apache OpenNLP's language detector and its published model
 * ({@code langdetect-183}: 103 languages, character n-grams, maximum entropy), as ISO 639-3 codes
 * ({@code eng}, {@code deu}, ...). A text with fewer than {@link #DEFAULT_MIN_LETTERS} letters is
 * {@value #UNDETERMINED}: too short to tell, and short texts are where such models guess. Only the
 * first {@link #DEFAULT_MAX_CHARS} characters are read, as a page's language rarely changes after
 * them. Thread-safe; the model (about 10 MB) is loaded once, on first use.
 *
 * <pre>{@code
 * String lang = LanguageIdentifier.get().identify(mainText); // "eng"
 * }</pre>
 */
public final class LanguageIdentifier {
  /** The code of a text whose language is not determined. */
  public static final String UNDETERMINED = "und";

  /** Letters a text needs before its language is told. */
  public static final int DEFAULT_MIN_LETTERS = 20;

  /** Characters read of a text. */
  public static final int DEFAULT_MAX_CHARS = 4000;

  private static final String MODEL = "/langdetect-183.bin";

  private static final class Holder {
    static final LanguageIdentifier INSTANCE = new LanguageIdentifier(load());
  }

  private final LanguageDetectorModel model;
  private final ThreadLocal<LanguageDetectorME> detectors;

  private LanguageIdentifier(LanguageDetectorModel model) {
    this.model = model;
    this.detectors = ThreadLocal.withInitial(() -> new LanguageDetectorME(model));
  }

  /** The shared identifier. */
  public static LanguageIdentifier get() {
    return Holder.INSTANCE;
  }

  private static LanguageDetectorModel load() {
    try (InputStream in = LanguageIdentifier.class.getResourceAsStream(MODEL)) {
      if (in == null) {
        throw new IllegalStateException(
            "the language model "
                + MODEL
                + " is not on the class path (opennlp-models-langdetect)");
      }
      return new LanguageDetectorModel(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the language model " + MODEL, e);
    }
  }

  /** The ISO 639-3 code of the text's language, or {@value #UNDETERMINED}. */
  public String identify(CharSequence text) {
    CharSequence head =
        text.length() > DEFAULT_MAX_CHARS ? text.subSequence(0, DEFAULT_MAX_CHARS) : text;
    int letters = 0;
    for (int i = 0; i < head.length() && letters < DEFAULT_MIN_LETTERS; i++) {
      if (Character.isLetter(head.charAt(i))) {
        letters++;
      }
    }
    if (letters < DEFAULT_MIN_LETTERS) {
      return UNDETERMINED;
    }
    return detectors.get().predictLanguage(head).getLang();
  }

  /** The codes the model can give, besides {@value #UNDETERMINED}. */
  public Set<String> languages() {
    return Set.of(new LanguageDetectorME(model).getSupportedLanguages());
  }

  /**
   * Parses a comma-separated list of language codes, ISO 639-1 ({@code en}) or 639-3 ({@code eng}),
   * as ISO 639-3 codes the model gives; {@value #UNDETERMINED} keeps texts too short to tell.
   *
   * @throws IllegalArgumentException naming a code the model does not know
   */
  public Set<String> parseLanguages(String list) {
    Set<String> known = languages();
    Set<String> codes = new LinkedHashSet<>();
    for (String part : list.split(",", -1)) {
      String code = part.trim().toLowerCase(Locale.ROOT);
      String iso3 = code;
      if (code.length() == 2) {
        try {
          iso3 = Locale.of(code).getISO3Language();
        } catch (java.util.MissingResourceException e) {
          iso3 = code;
        }
      }
      if (!iso3.equals(UNDETERMINED) && !known.contains(iso3)) {
        throw new IllegalArgumentException(
            "languages must be ISO 639-1 or 639-3 codes of the "
                + known.size()
                + " languages the model knows (or und), got ["
                + part.trim()
                + "]");
      }
      codes.add(iso3);
    }
    return codes;
  }
}

package io.neardup.engine.param;

import io.neardup.analysis.NearDupFilter;
import io.neardup.analysis.SignatureFilter;
import io.neardup.analysis.SignatureSettings;
import io.neardup.analysis.TextNormalizationFilter;
import io.neardup.param.Parameter;
import io.neardup.settings.NearDupSettings;
import io.neardup.text.NormalizationOptions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.lucene.analysis.TokenStream;

/**
 * A token filter both engines register under one type name: how its settings are read from an
 * index's analysis settings (snake_case keys, {@link ComponentParameters}'s messages naming the
 * component and the key), the Lucene filter made with them, and whether a synonym rule may run
 * through it. Each engine wraps these in one token filter factory of its own.
 *
 * @param type the filter's type name
 * @param parser the library's parser of its settings
 * @param filter makes the filter over a token stream
 * @param inSynonymRules whether the engine may analyse synonym rules with it
 * @param normalizing whether it may be used in a keyword field's normalizer
 * @param <S> its settings
 */
public record AnalysisComponent<S>(
    String type,
    BiFunction<Map<String, String>, Parameter.Style, S> parser,
    BiFunction<TokenStream, S, TokenStream> filter,
    boolean inSynonymRules,
    boolean normalizing) {

  /**
   * The {@code neardup} token filter: {@link NearDupFilter}, which replaces a text's tokens by its
   * LSH band tokens. Settings in snake_case: {@code shingle_size}, {@code shingle_unit}, {@code
   * hashes}, {@code bits}, {@code scheme}, {@code seed}, {@code bands}, {@code rows}, {@code
   * threshold}, {@code exact}, {@code shingles}; defaults and rules are the library's ({@link
   * NearDupSettings}). Refused in synonym rules: their band tokens would make every text a synonym
   * of its own sketch.
   *
   * <pre>{@code
   * "filter": { "dup": { "type": "neardup", "shingle_size": 5, "threshold": 0.8 } }
   * }</pre>
   */
  public static final AnalysisComponent<NearDupSettings> NEARDUP =
      new AnalysisComponent<>("neardup", NearDupSettings::parse, NearDupFilter::new, false, false);

  /**
   * The {@code neardup_normalize} token filter: {@link TextNormalizationFilter} (Unicode NFKC,
   * lower case, punctuation dropped, digits kept, dropped or masked). Settings: {@code lowercase}
   * ({@code true}), {@code unicode} ({@code nfkc}|{@code none}), {@code punctuation} ({@code
   * drop}|{@code keep}), {@code digits} ({@code keep}|{@code drop}|{@code mask}).
   */
  public static final AnalysisComponent<NormalizationOptions> NORMALIZE =
      new AnalysisComponent<>(
          "neardup_normalize",
          NormalizationOptions::parse,
          TextNormalizationFilter::new,
          true,
          false);

  /**
   * The {@code neardup_signature} token filter: {@link SignatureFilter}, the text's {@code md5} or
   * {@code long-sent} signature as one token. Settings: {@code method} ({@code md5}|{@code
   * long-sent}, default md5), {@code sentences} (long-sent, default 3). Allowed in normalizers, so
   * a keyword field keeps the signature in its doc values and a search collapses on it natively:
   *
   * <pre>{@code
   * "normalizer": { "sig": { "type": "custom", "filter": ["sig_md5"] } }
   * "body": { "type": "text", "fields": { "sig": { "type": "keyword", "normalizer": "sig" } } }
   * }</pre>
   *
   * The {@code neardup_signature} tokenizer takes the same settings.
   */
  public static final AnalysisComponent<SignatureSettings> SIGNATURE =
      new AnalysisComponent<>(
          SignatureSettings.NAME, SignatureSettings::parse, SignatureFilter::new, true, true);

  /** The token filters, in the order the engines register them. */
  public static final List<AnalysisComponent<?>> FILTERS = List.of(NEARDUP, NORMALIZE, SIGNATURE);

  /**
   * Reads the settings of the component {@code name}, given by key as both engines' {@code
   * Settings} offer them.
   *
   * @throws IllegalArgumentException naming the component and the first invalid or unknown
   *     parameter
   */
  public S settings(String name, Set<String> keys, Function<String, String> value) {
    return ComponentParameters.snakeCase(type, name, keys, value, parser);
  }

  /** The filter over {@code in} with these settings. */
  public TokenStream create(TokenStream in, S settings) {
    return filter.apply(in, settings);
  }

  /**
   * Checks that the component {@code name} may analyse synonym rules.
   *
   * @throws IllegalArgumentException if it may not
   */
  public void checkSynonyms(String name) {
    if (!inSynonymRules) {
      throw new IllegalArgumentException(
          "token filter [" + name + "] of type [" + type + "] cannot be used to parse synonyms");
    }
  }
}

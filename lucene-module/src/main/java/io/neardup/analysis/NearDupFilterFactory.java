package io.neardup.analysis;

import io.neardup.param.Parameter;
import io.neardup.settings.NearDupSettings;
import java.util.Map;
import org.apache.lucene.analysis.TokenFilterFactory;
import org.apache.lucene.analysis.TokenStream;

/**
 * Factory for {@link NearDupFilter}.
 *
 * <pre class="prettyprint">
 * &lt;fieldType name="text_neardup" class="solr.TextField"&gt;
 *   &lt;analyzer&gt;
 *     &lt;tokenizer class="solr.StandardTokenizerFactory"/&gt;
 *     &lt;filter class="io.neardup.analysis.TextNormalizationFilterFactory"/&gt;
 *     &lt;filter class="io.neardup.analysis.NearDupFilterFactory" shingleSize="5" shingleUnit="word"
 *             hashes="128" threshold="0.8" exact="false" shingles="false"/&gt;
 *   &lt;/analyzer&gt;
 * &lt;/fieldType&gt;</pre>
 *
 * <p>Parameters: {@code shingleSize} (1–256; default 5 for words, 10 for characters), {@code
 * shingleUnit} ({@code word}|{@code char}), {@code hashes} (1–1024, default 128), {@code bits}
 * (8|16|32|64, default 32), {@code scheme} ({@code oph}|{@code superminhash}|{@code minhash},
 * default {@code oph}), {@code seed}, {@code bands} and {@code rows} (b·r ≤ hashes; chosen from
 * {@code threshold} when not given), {@code threshold} (in (0, 1], default 0.8), {@code exact} and
 * {@code shingles} (default false).
 *
 * @since 0.1
 * @lucene.spi {@value #NAME}
 */
public final class NearDupFilterFactory extends TokenFilterFactory {
  /** SPI name. */
  public static final String NAME = "nearDup";

  private final NearDupSettings settings;

  /** Creates a new factory; unknown or invalid parameters fail naming the parameter. */
  public NearDupFilterFactory(Map<String, String> args) {
    super(args);
    settings = NearDupSettings.parse(args, Parameter.Style.CAMEL);
    if (!args.isEmpty()) {
      throw new IllegalArgumentException("Unknown parameters: " + args);
    }
  }

  /** Default ctor for compatibility with SPI. */
  public NearDupFilterFactory() {
    throw defaultCtorException();
  }

  /** The settings the filters are created with. */
  public NearDupSettings settings() {
    return settings;
  }

  @Override
  public TokenStream create(TokenStream input) {
    return new NearDupFilter(input, settings);
  }
}

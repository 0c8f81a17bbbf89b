package io.neardup.elasticsearch.analysis;

import io.neardup.web.analysis.MainTextCharFilterFactory;
import java.io.Reader;
import java.util.LinkedHashMap;
import java.util.Map;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.env.Environment;
import org.elasticsearch.index.IndexSettings;
import org.elasticsearch.index.analysis.AbstractCharFilterFactory;

/**
 * The {@code neardup_main_text} char filter: {@link io.neardup.web.analysis.MainTextCharFilter}, an
 * HTML page's main text with the per-page boilerplate removal of {@code neardup dedup}. Settings:
 * {@code boilerplate} ({@code local}|{@code none}, default local), {@code max_chars} (how much of a
 * page is read, default 8 Mi characters).
 */
public final class NearDupMainTextCharFilterFactory extends AbstractCharFilterFactory {
  /** The char filter type. */
  public static final String NAME = MainTextCharFilterFactory.ENGINE_TYPE;

  private final MainTextCharFilterFactory factory;

  /** Reads the settings; invalid or unknown ones fail with a message naming them. */
  public NearDupMainTextCharFilterFactory(
      IndexSettings indexSettings, Environment environment, String name, Settings settings) {
    super(name);
    Map<String, String> raw = new LinkedHashMap<>();
    settings.keySet().forEach(key -> raw.put(key, settings.get(key)));
    factory = MainTextCharFilterFactory.fromEngineSettings(NAME, name, raw);
  }

  @Override
  public Reader create(Reader reader) {
    return factory.create(reader);
  }
}

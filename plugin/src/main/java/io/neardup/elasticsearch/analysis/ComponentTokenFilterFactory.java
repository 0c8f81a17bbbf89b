package io.neardup.elasticsearch.analysis;

import io.neardup.engine.param.AnalysisComponent;
import org.apache.lucene.analysis.TokenStream;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.index.analysis.AbstractTokenFilterFactory;
import org.elasticsearch.index.analysis.NormalizingTokenFilterFactory;
import org.elasticsearch.index.analysis.TokenFilterFactory;
import org.elasticsearch.indices.analysis.AnalysisModule.AnalysisProvider;

/**
 * One of engine-common's {@link AnalysisComponent} token filters ({@code neardup}, {@code
 * neardup_normalize}, {@code neardup_signature}) under Elasticsearch's token filter factory.
 *
 * @param <S> its settings
 */
public class ComponentTokenFilterFactory<S> extends AbstractTokenFilterFactory {
  private final AnalysisComponent<S> component;
  private final S settings;

  /** Reads the settings; invalid or unknown ones fail with a message naming them. */
  public ComponentTokenFilterFactory(
      AnalysisComponent<S> component, String name, Settings settings) {
    super(name);
    this.component = component;
    this.settings = component.settings(name, settings.keySet(), settings::get);
  }

  /** How the engine makes the component's factories. */
  public static <S> AnalysisProvider<TokenFilterFactory> provider(AnalysisComponent<S> component) {
    return component.normalizing()
        ? (index, environment, name, settings) -> new Normalizing<>(component, name, settings)
        : (index, environment, name, settings) ->
            new ComponentTokenFilterFactory<>(component, name, settings);
  }

  /** The component. */
  public AnalysisComponent<S> component() {
    return component;
  }

  /** The settings the filters are created with. */
  public S settings() {
    return settings;
  }

  @Override
  public TokenStream create(TokenStream tokenStream) {
    return component.create(tokenStream, settings);
  }

  @Override
  public TokenFilterFactory getSynonymFilter() {
    component.checkSynonyms(name());
    return this;
  }

  /** A component allowed in normalizers. */
  private static final class Normalizing<S> extends ComponentTokenFilterFactory<S>
      implements NormalizingTokenFilterFactory {
    Normalizing(AnalysisComponent<S> component, String name, Settings settings) {
      super(component, name, settings);
    }
  }
}

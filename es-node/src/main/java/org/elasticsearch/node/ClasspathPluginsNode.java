package org.elasticsearch.node;

import java.util.Collection;
import java.util.List;
import org.elasticsearch.env.Environment;
import org.elasticsearch.plugins.MockPluginsService;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.plugins.PluginsLoader;
import org.elasticsearch.plugins.PluginsService;

/**
 * An Elasticsearch node whose plugins are classes on the class path instead of plugin bundles
 * installed under {@code plugins/}.
 *
 * <p>Why this class lives in Elasticsearch's package: no Elasticsearch distribution is published to
 * Maven Central, so a node built from Maven artifacts cannot load installed plugins. The only way
 * to hand a node its plugins is {@link NodeConstruction#prepareConstruction} with a {@link
 * NodeServiceProvider} that supplies the {@link PluginsService}, and both are package-private. This
 * class is the whole of neardup's dependence on those internals; it follows Elasticsearch 9.5.3 and
 * may need changes on an Elasticsearch upgrade. Everything else lives in {@code io.neardup.esnode}.
 */
public final class ClasspathPluginsNode extends Node {

  /**
   * @param environment the node's settings and paths
   * @param plugins plugin classes to instantiate, each with its public constructor
   */
  public ClasspathPluginsNode(
      Environment environment, Collection<Class<? extends Plugin>> plugins) {
    super(
        NodeConstruction.prepareConstruction(
            environment, null, new ClasspathPlugins(List.copyOf(plugins)), true));
  }

  private static final class ClasspathPlugins extends NodeServiceProvider {
    private final List<Class<? extends Plugin>> plugins;

    ClasspathPlugins(List<Class<? extends Plugin>> plugins) {
      this.plugins = plugins;
    }

    @Override
    PluginsService newPluginService(Environment environment, PluginsLoader ignored) {
      // MockPluginsService comes from the test framework but is the class-path plugin loader
      // Elasticsearch itself uses for its test nodes; it needs no test runner.
      return new MockPluginsService(environment.settings(), environment, plugins);
    }
  }
}

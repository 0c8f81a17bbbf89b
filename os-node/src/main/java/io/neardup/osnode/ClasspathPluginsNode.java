package io.neardup.osnode;

import java.util.List;
import org.opensearch.Version;
import org.opensearch.env.Environment;
import org.opensearch.node.Node;
import org.opensearch.plugins.Plugin;
import org.opensearch.plugins.PluginInfo;

/**
 * An OpenSearch node whose plugins are classes on the class path instead of plugin bundles
 * installed under {@code plugins/}: no OpenSearch distribution is published to Maven Central, so a
 * node built from Maven artifacts has nothing installed. OpenSearch's {@link Node} takes such
 * plugins through its protected constructor (its test nodes use it too), so unlike the
 * Elasticsearch node this needs no package-private internals.
 */
final class ClasspathPluginsNode extends Node {

  /**
   * @param environment the node's settings and paths
   * @param plugins plugin classes to instantiate, each with its public constructor
   */
  ClasspathPluginsNode(Environment environment, List<Class<? extends Plugin>> plugins) {
    super(environment, plugins.stream().map(ClasspathPluginsNode::describe).toList(), true);
  }

  private static PluginInfo describe(Class<? extends Plugin> plugin) {
    return new PluginInfo(
        plugin.getName(),
        "class path plugin",
        "NA",
        Version.CURRENT,
        Integer.toString(Runtime.version().feature()),
        plugin.getName(),
        null,
        List.of(),
        false);
  }
}

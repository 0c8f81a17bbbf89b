package io.neardup.elasticsearch;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.sameInstance;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.lucene.tests.util.LuceneTestCase;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.jdk.JarHell;
import org.elasticsearch.plugins.AnalysisPlugin;
import org.elasticsearch.plugins.MapperPlugin;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.plugins.PluginBundle;
import org.elasticsearch.plugins.PluginDescriptor;
import org.elasticsearch.plugins.PluginsLoader;
import org.elasticsearch.plugins.PluginsService;
import org.elasticsearch.plugins.PluginsUtils;
import org.elasticsearch.plugins.SearchPlugin;
import org.elasticsearch.test.ESTestCase;

/**
 * The built zip ({@code target/releases}), unpacked into a plugins directory as {@code
 * elasticsearch-plugin install} does, then checked and loaded by Elasticsearch's own code: the
 * installer's descriptor, compatibility and jar-hell checks, then {@link PluginsLoader} and {@link
 * PluginsService}. Runs under failsafe, after {@code package}, with the plugin's classes and jars
 * off the class path: they come from the zip only.
 */
// plugin directories must hold nothing but plugins: no randomly planted extra files
@LuceneTestCase.SuppressFileSystems("ExtrasFS")
public class NearDupPluginZipIT extends ESTestCase {

  /**
   * The zip under test; failsafe passes its path (surefire, which runs before package, does not).
   */
  private static Path zip() {
    String path = System.getProperty("neardup.plugin.zip");
    assumeTrue("runs under failsafe, after package, which sets neardup.plugin.zip", path != null);
    Path zip = Path.of(path);
    assertTrue("build the zip first (mvn package): " + zip, Files.isRegularFile(zip));
    return zip;
  }

  private static Path unzip(Path zip, Path dir) throws IOException {
    Files.createDirectories(dir);
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
      for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
        Path target = dir.resolve(e.getName()).normalize();
        assertTrue("entry outside the plugin directory: " + e.getName(), target.startsWith(dir));
        assertFalse("the zip must be flat: " + e.getName(), e.isDirectory());
        Files.copy(in, target);
      }
    }
    return dir;
  }

  public void testZipLoadsThroughElasticsearchsPluginLoader() throws Exception {
    Path zip = zip();
    expectThrows(
        ClassNotFoundException.class,
        () -> Class.forName("io.neardup.elasticsearch.NearDupPlugin"));

    Path home = createTempDir();
    Path plugins = home.resolve("plugins");
    Path modules = Files.createDirectories(home.resolve("modules"));
    Path staging = unzip(zip, createTempDir().resolve("neardup"));

    // what the installer checks before moving the plugin into place
    PluginDescriptor descriptor = PluginDescriptor.readFromProperties(staging);
    assertThat(descriptor.getName(), equalTo("neardup"));
    assertThat(descriptor.getClassname(), equalTo("io.neardup.elasticsearch.NearDupPlugin"));
    assertThat(descriptor.getElasticsearchVersion(), equalTo("9.5.3"));
    assertThat(descriptor.getJavaVersion(), equalTo("21"));
    PluginsUtils.verifyCompatibility(descriptor);
    PluginsUtils.preInstallJarHellCheck(
        descriptor,
        staging,
        Files.createDirectories(plugins),
        modules,
        JarHell.parseModulesAndClassPath());
    Files.move(staging, plugins.resolve("neardup"));

    // what a starting node does
    Set<PluginBundle> bundles = PluginsLoader.loadPluginsBundles(plugins, false);
    assertThat(bundles.size(), equalTo(1));
    // no server module exports: on a test class path the server is not a named module
    PluginsLoader loader = PluginsLoader.createPluginsLoader(Set.of(), bundles, Map.of(), false);
    PluginsService service =
        new PluginsService(
            Settings.builder().put("path.home", home.toString()).build(),
            home.resolve("config"),
            loader);

    List<Plugin> loaded = List.copyOf(service.pluginMap().values());
    assertThat(loaded.size(), equalTo(1));
    Plugin plugin = loaded.get(0);
    assertThat(plugin.getClass().getName(), equalTo("io.neardup.elasticsearch.NearDupPlugin"));
    assertThat(plugin.getClass().getClassLoader(), not(sameInstance(getClass().getClassLoader())));

    AnalysisPlugin analysis = service.filterPlugins(AnalysisPlugin.class).findFirst().orElseThrow();
    assertThat(analysis.getTokenFilters().keySet(), hasItems("neardup", "neardup_normalize"));
    MapperPlugin mapper = service.filterPlugins(MapperPlugin.class).findFirst().orElseThrow();
    assertThat(mapper.getMappers().keySet(), equalTo(Set.of("neardup")));
    SearchPlugin search = service.filterPlugins(SearchPlugin.class).findFirst().orElseThrow();
    assertThat(
        search.getQueries().stream().map(q -> q.getName().getPreferredName()).toList(),
        equalTo(List.of("neardup", "neardup_shard_docs")));
    assertThat(
        search.getAggregations().stream().map(a -> a.getName().getPreferredName()).toList(),
        equalTo(List.of("neardup_buckets", "neardup_lookup")));
  }

  public void testZipHoldsOnlyThePluginsOwnJars() throws IOException {
    Path zip = zip();
    try (InputStream raw = Files.newInputStream(zip);
        ZipInputStream in = new ZipInputStream(raw)) {
      List<String> names = new java.util.ArrayList<>();
      for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
        names.add(e.getName().replaceAll("-[0-9][^/]*\\.jar$", ".jar"));
      }
      // Lucene and Elasticsearch come from the node: a copy in the zip would be jar hell
      assertThat(
          Set.copyOf(names),
          equalTo(
              Set.of(
                  "plugin-descriptor.properties",
                  "neardup-elasticsearch.jar",
                  "neardup-engine-common.jar",
                  "neardup-lucene.jar",
                  "hash4j.jar",
                  "neardup-web.jar",
                  "jsoup.jar")));
    }
  }
}

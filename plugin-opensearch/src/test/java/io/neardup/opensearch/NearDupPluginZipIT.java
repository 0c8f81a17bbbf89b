package io.neardup.opensearch;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.sameInstance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.lucene.tests.util.LuceneTestCase;
import org.opensearch.common.bootstrap.JarHell;
import org.opensearch.common.settings.Settings;
import org.opensearch.plugins.AnalysisPlugin;
import org.opensearch.plugins.MapperPlugin;
import org.opensearch.plugins.Plugin;
import org.opensearch.plugins.PluginInfo;
import org.opensearch.plugins.PluginsService;
import org.opensearch.plugins.SearchPlugin;
import org.opensearch.test.OpenSearchTestCase;

/**
 * The built zip ({@code target/releases}), unpacked into a plugins directory as {@code
 * opensearch-plugin install} does, then checked and loaded by OpenSearch's own code: the
 * descriptor, the compatibility and jar-hell checks of the installer, then {@link PluginsService}
 * as a starting node runs it. Runs under failsafe, after {@code package}, with the plugin's classes
 * and jars off the class path: they come from the zip only.
 */
// plugin directories must hold nothing but plugins: no randomly planted extra files
@LuceneTestCase.SuppressFileSystems("ExtrasFS")
public class NearDupPluginZipIT extends OpenSearchTestCase {

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

  private static List<String> unzip(Path zip, Path dir) throws IOException {
    Files.createDirectories(dir);
    List<String> names = new ArrayList<>();
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
      for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
        Path target = dir.resolve(e.getName()).normalize();
        assertTrue("entry outside the plugin directory: " + e.getName(), target.startsWith(dir));
        assertFalse("the zip must be flat: " + e.getName(), e.isDirectory());
        Files.copy(in, target);
        names.add(e.getName());
      }
    }
    return names;
  }

  public void testZipLoadsThroughOpenSearchsPluginLoader() throws Exception {
    Path zip = zip();
    expectThrows(
        ClassNotFoundException.class, () -> Class.forName("io.neardup.opensearch.NearDupPlugin"));

    Path home = createTempDir();
    Path plugins = Files.createDirectories(home.resolve("plugins"));
    Path modules = Files.createDirectories(home.resolve("modules"));
    Path staging = createTempDir().resolve("neardup");
    unzip(zip, staging);

    // what the installer checks before moving the plugin into place
    PluginInfo info = PluginInfo.readFromProperties(staging);
    assertThat(info.getName(), equalTo("neardup"));
    assertThat(info.getClassname(), equalTo("io.neardup.opensearch.NearDupPlugin"));
    assertThat(info.getOpenSearchVersionRangesString(), equalTo("3.8.0"));
    assertThat(info.getJavaVersion(), equalTo("21"));
    PluginsService.verifyCompatibility(info);
    PluginsService.checkJarHellForPlugin(JarHell.parseClassPath(), info, staging, plugins, modules);
    Files.move(staging, plugins.resolve("neardup"));

    // what a starting node does
    PluginsService service =
        new PluginsService(
            Settings.builder().put("path.home", home.toString()).build(),
            modules,
            plugins,
            List.of());
    List<Plugin> loaded = service.filterPlugins(Plugin.class);
    assertThat(loaded.size(), equalTo(1));
    Plugin plugin = loaded.get(0);
    assertThat(plugin.getClass().getName(), equalTo("io.neardup.opensearch.NearDupPlugin"));
    assertThat(plugin.getClass().getClassLoader(), not(sameInstance(getClass().getClassLoader())));

    AnalysisPlugin analysis = service.filterPlugins(AnalysisPlugin.class).get(0);
    assertThat(analysis.getTokenFilters().keySet(), hasItems("neardup", "neardup_normalize"));
    MapperPlugin mapper = service.filterPlugins(MapperPlugin.class).get(0);
    assertThat(mapper.getMappers().keySet(), equalTo(Set.of("neardup")));
    SearchPlugin search = service.filterPlugins(SearchPlugin.class).get(0);
    assertThat(
        search.getQueries().stream().map(q -> q.getName().getPreferredName()).toList(),
        equalTo(List.of("neardup", "neardup_shard_docs")));
    assertThat(
        search.getAggregations().stream().map(a -> a.getName().getPreferredName()).toList(),
        equalTo(List.of("neardup_buckets", "neardup_lookup")));
    assertThat(
        service.getPluginSettings().stream().map(s -> s.getKey()).toList(),
        hasItems("index.neardup.max_collapse_window"));
  }

  public void testZipHoldsOnlyThePluginsOwnJars() throws IOException {
    List<String> names =
        unzip(zip(), createTempDir().resolve("neardup")).stream()
            .map(n -> n.replaceAll("-[0-9][^/]*\\.jar$", ".jar"))
            .toList();
    // Lucene and OpenSearch come from the node: a copy in the zip would be jar hell, and a second
    // Lucene (the library's 10.5.1) would not be the one OpenSearch runs
    assertThat(
        Set.copyOf(names),
        equalTo(
            Set.of(
                "plugin-descriptor.properties",
                "neardup-opensearch.jar",
                "neardup-engine-common.jar",
                "neardup-lucene.jar",
                "hash4j.jar",
                "neardup-web.jar",
                "jsoup.jar")));
  }
}

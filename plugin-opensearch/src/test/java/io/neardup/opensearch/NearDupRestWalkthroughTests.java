package io.neardup.opensearch;

import static org.hamcrest.Matchers.greaterThanOrEqualTo;

import io.neardup.testkit.ConsoleDocs;
import io.neardup.testkit.CurlWalkthrough;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.opensearch.common.settings.Settings;
import org.opensearch.common.xcontent.XContentHelper;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.core.common.transport.TransportAddress;
import org.opensearch.http.HttpServerTransport;
import org.opensearch.plugins.Plugin;
import org.opensearch.test.OpenSearchIntegTestCase;
import org.opensearch.transport.Netty4ModulePlugin;

/**
 * The curl walkthrough of {@code plugin-opensearch/README.md}, run command by command against a
 * real node over real HTTP (Netty): each command's status and a fragment of its response must match
 * the {@code # expect <status> <fragment>} line above it ({@link CurlWalkthrough}, shared with the
 * Elasticsearch plugin's walkthrough). The README and this test cannot drift apart. The request
 * examples of {@code docs/engines.md} run the same way, in page order, after the README's articles
 * ({@link ConsoleDocs}).
 */
@OpenSearchIntegTestCase.ClusterScope(
    scope = OpenSearchIntegTestCase.Scope.SUITE,
    numDataNodes = 1,
    numClientNodes = 0,
    supportsDedicatedMasters = false)
public class NearDupRestWalkthroughTests extends OpenSearchIntegTestCase {

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(NearDupPlugin.class, Netty4ModulePlugin.class);
  }

  @Override
  protected boolean addMockHttpTransport() {
    return false;
  }

  public void testTheReadmeWalkthrough() throws Exception {
    List<CurlWalkthrough.Command> commands =
        CurlWalkthrough.parse(Files.readString(Path.of("README.md")));
    assertThat(commands.size(), greaterThanOrEqualTo(12));
    CurlWalkthrough.run(commands, httpAddress());
  }

  public void testTheEnginesPage() throws Exception {
    try {
      int checked =
          ConsoleDocs.runPluginPage(
              Path.of("../docs/engines.md"),
              Path.of("README.md"),
              httpAddress(),
              ConsoleDocs.Engine.OPENSEARCH,
              text -> XContentHelper.convertToMap(JsonXContent.jsonXContent, text, true));
      assertThat(checked, greaterThanOrEqualTo(27));
    } finally {
      // the page enables the system-generated processors; a suite must leave no persistent setting
      client()
          .admin()
          .cluster()
          .prepareUpdateSettings()
          .setPersistentSettings(
              Settings.builder().putNull("cluster.search.enabled_system_generated_factories"))
          .get();
    }
  }

  private String httpAddress() {
    TransportAddress address =
        internalCluster().getInstance(HttpServerTransport.class).boundAddress().publishAddress();
    return "http://" + address.getAddress() + ":" + address.getPort();
  }
}

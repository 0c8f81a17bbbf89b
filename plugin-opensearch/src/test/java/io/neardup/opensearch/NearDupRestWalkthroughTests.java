package io.neardup.opensearch;

import static org.hamcrest.Matchers.greaterThanOrEqualTo;

import io.neardup.testkit.CurlWalkthrough;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.opensearch.core.common.transport.TransportAddress;
import org.opensearch.http.HttpServerTransport;
import org.opensearch.plugins.Plugin;
import org.opensearch.test.OpenSearchIntegTestCase;
import org.opensearch.transport.Netty4ModulePlugin;

/**
 * The curl walkthrough of {@code plugin-opensearch/README.md}, run command by command against a
 * real node over real HTTP (Netty): each command's status and a fragment of its response must match
 * the {@code # expect <status> <fragment>} line above it ({@link CurlWalkthrough}, shared with the
 * Elasticsearch plugin's walkthrough). The README and this test cannot drift apart.
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
    TransportAddress address =
        internalCluster().getInstance(HttpServerTransport.class).boundAddress().publishAddress();
    CurlWalkthrough.run(commands, "http://" + address.getAddress() + ":" + address.getPort());
  }
}

package io.neardup.elasticsearch;

import static org.hamcrest.Matchers.greaterThanOrEqualTo;

import io.neardup.testkit.ConsoleDocs;
import io.neardup.testkit.CurlWalkthrough;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.elasticsearch.common.transport.TransportAddress;
import org.elasticsearch.common.xcontent.XContentHelper;
import org.elasticsearch.http.HttpServerTransport;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.test.ESIntegTestCase;
import org.elasticsearch.transport.netty4.Netty4Plugin;
import org.elasticsearch.xcontent.json.JsonXContent;

/**
 * The curl walkthrough of {@code plugin/README.md}, run command by command against a real node over
 * real HTTP (Netty4): each command's status and a fragment of its response must match the {@code #
 * expect <status> <fragment>} line above it ({@link CurlWalkthrough}). The README and this test
 * cannot drift apart. The request examples of {@code docs/engines.md} run the same way, in page
 * order, after the README's articles ({@link ConsoleDocs}).
 */
@ESIntegTestCase.ClusterScope(
    scope = ESIntegTestCase.Scope.SUITE,
    numDataNodes = 1,
    numClientNodes = 0,
    supportsDedicatedMasters = false)
public class NearDupRestWalkthroughTests extends ESIntegTestCase {

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(NearDupPlugin.class, Netty4Plugin.class);
  }

  @Override
  protected boolean addMockHttpTransport() {
    return false;
  }

  public void testTheReadmeWalkthrough() throws Exception {
    List<CurlWalkthrough.Command> commands =
        CurlWalkthrough.parse(Files.readString(Path.of("README.md")));
    assertThat(commands.size(), greaterThanOrEqualTo(8));
    CurlWalkthrough.run(commands, httpAddress());
  }

  public void testTheEnginesPage() throws Exception {
    int checked =
        ConsoleDocs.runPluginPage(
            Path.of("../docs/engines.md"),
            Path.of("README.md"),
            httpAddress(),
            ConsoleDocs.Engine.ELASTICSEARCH,
            text -> XContentHelper.convertToMap(JsonXContent.jsonXContent, text, true));
    assertThat(checked, greaterThanOrEqualTo(24));
  }

  private String httpAddress() {
    TransportAddress address =
        internalCluster().getInstance(HttpServerTransport.class).boundAddress().publishAddress();
    return "http://" + address.getAddress() + ":" + address.getPort();
  }
}

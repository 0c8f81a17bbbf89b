package io.neardup.osnode;

import io.neardup.opensearch.NearDupPlugin;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;
import org.opensearch.Version;
import org.opensearch.cluster.ClusterName;
import org.opensearch.common.logging.LogConfigurator;
import org.opensearch.common.settings.Settings;
import org.opensearch.core.common.transport.TransportAddress;
import org.opensearch.env.Environment;
import org.opensearch.http.HttpServerTransport;
import org.opensearch.node.InternalSettingsPreparer;
import org.opensearch.node.Node;
import org.opensearch.plugins.Plugin;
import org.opensearch.transport.Netty4ModulePlugin;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code neardup-os} command: one OpenSearch node with the neardup plugin on 127.0.0.1, for
 * trying the plugin with curl or any client. It runs in the foreground, logs to the console and
 * stops cleanly on Ctrl-C or SIGTERM; indices survive restarts in the data directory.
 *
 * <pre>{@code
 * bin/neardup-os --port 9200 --data neardup-os-data
 * }</pre>
 *
 * <p>The node has what OpenSearch's server jar registers, the neardup plugin and HTTP through
 * {@code transport-netty4}; no security, no other modules or plugins. Exit codes: 0 after {@code
 * --help}, 1 the node failed to start, 2 usage error, 130 or 143 (the JVM's) stopped by Ctrl-C or
 * SIGTERM.
 */
@Command(
    name = "neardup-os",
    mixinStandardHelpOptions = true,
    versionProvider = NearDupOsNode.Versions.class,
    sortOptions = false,
    description = {
      "Runs a single OpenSearch node with the neardup plugin on 127.0.0.1 (plain HTTP, no"
          + " security) in the foreground. Stop it with Ctrl-C."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:--help or --version",
      "1:the node failed to start",
      "2:usage error",
      "130:stopped by Ctrl-C (SIGINT)",
      "143:stopped by SIGTERM"
    })
public final class NearDupOsNode implements Callable<Integer> {
  private static final String HOST = "127.0.0.1";
  private static final String NAME = "neardup-os";

  @Option(
      names = "--port",
      paramLabel = "PORT",
      defaultValue = "9200",
      description = "HTTP port on 127.0.0.1 (default: ${DEFAULT-VALUE}; 0 picks a free port).")
  int port;

  @Option(
      names = "--data",
      paramLabel = "DIR",
      defaultValue = "neardup-os-data",
      description =
          "Directory of the node's indices (DIR/data) and configuration (DIR/config), kept"
              + " across restarts (default: ./${DEFAULT-VALUE}).")
  Path dataDir;

  @Option(
      names = {"-E", "--setting"},
      paramLabel = "KEY=VALUE",
      description = "An OpenSearch node setting, applied after neardup-os's own; repeatable.")
  Map<String, String> extraSettings = new LinkedHashMap<>();

  @Option(
      names = "--plugin",
      paramLabel = "CLASS",
      description =
          "Also load this OpenSearch plugin class from the class path (e.g. a benchmark's"
              + " baseline analysis); repeatable.")
  List<String> extraPlugins = new ArrayList<>();

  @Spec CommandSpec spec;

  private final PrintStream out;
  private final CountDownLatch stopped = new CountDownLatch(1);

  NearDupOsNode(PrintStream out) {
    this.out = out;
  }

  public static void main(String[] args) {
    // before log4j and Netty initialise; logging must outlive the node while it shuts down
    Map.of(
            "log4j.shutdownHookEnabled", "false",
            "log4j2.disable.jmx", "true",
            "log4j2.formatMsgNoLookups", "true",
            "io.netty.noUnsafe", "true",
            "io.netty.recycler.maxCapacityPerThread", "0",
            "java.locale.providers", "CLDR")
        .forEach((key, value) -> {
          if (System.getProperty(key) == null) {
            System.setProperty(key, value);
          }
        });
    PrintStream out = System.out; // OpenSearch's logging takes over System.out later
    CommandLine cmd = new CommandLine(new NearDupOsNode(out));
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(System.err, true));
    cmd.setParameterExceptionHandler((e, a) -> {
      e.getCommandLine().getErr().println(NAME + ": " + e.getMessage());
      e.getCommandLine().getErr().println("Try '" + NAME + " --help' for more information.");
      return 2;
    });
    cmd.setExecutionExceptionHandler((e, c, parsed) -> {
      c.getErr().println(NAME + ": the node failed to start: " + e.getMessage());
      if (System.getenv("NEARDUP_DEBUG") != null) {
        e.printStackTrace(c.getErr());
      }
      return 1;
    });
    int exit = cmd.execute(args);
    if (exit >= 0) {
      System.exit(exit);
    }
  }

  @Override
  public Integer call() throws Exception {
    if (port < 0 || port > 65535) {
      throw new ParameterException(
          spec.commandLine(), "--port must be an integer between 0 and 65535, got [" + port + "]");
    }
    List<Class<? extends Plugin>> plugins = plugins();
    Path home = dataDir.toAbsolutePath().normalize();
    if (Files.exists(home) && !Files.isDirectory(home)) {
      throw new ParameterException(
          spec.commandLine(), "--data must be a directory, got the file [" + home + "]");
    }
    if (port != 0 && !portAvailable(port)) {
      throw new IllegalStateException(
          "port " + port + " on " + HOST + " is already in use; choose another with --port");
    }
    Environment environment = prepareEnvironment(home);
    LogConfigurator.registerErrorListener();
    LogConfigurator.setNodeName(NAME);
    LogConfigurator.configure(environment);

    Node node = new ClasspathPluginsNode(environment, plugins);
    // registered before start(): Ctrl-C while the node starts closes it too
    Thread shutdownHook = new Thread(() -> stop(node), NAME + "-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
    try {
      node.start();
    } catch (Exception e) {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
      node.close();
      throw e;
    }
    TransportAddress http =
        node.injector().getInstance(HttpServerTransport.class).boundAddress().publishAddress();
    out.println(
        NAME
            + ": OpenSearch "
            + Version.CURRENT
            + " with neardup listening on http://"
            + http.getAddress()
            + ":"
            + http.getPort()
            + " (data in "
            + home
            + "); stop with Ctrl-C");
    out.flush();
    stopped.await();
    return -1; // the JVM is exiting on a signal: its exit code stands
  }

  /** neardup, HTTP, and the {@code --plugin} classes. */
  List<Class<? extends Plugin>> plugins() {
    List<Class<? extends Plugin>> plugins = new ArrayList<>();
    plugins.add(NearDupPlugin.class);
    plugins.add(Netty4ModulePlugin.class);
    for (String name : extraPlugins) {
      Class<?> type;
      try {
        type = Class.forName(name);
      } catch (ClassNotFoundException e) {
        throw new ParameterException(
            spec.commandLine(), "--plugin [" + name + "] is not a class on the class path");
      }
      if (!Plugin.class.isAssignableFrom(type)) {
        throw new ParameterException(
            spec.commandLine(), "--plugin [" + name + "] must extend " + Plugin.class.getName());
      }
      plugins.add(type.asSubclass(Plugin.class));
    }
    return plugins;
  }

  /** Node settings: ours first, then the user's {@code -E} ones. */
  Settings nodeSettings(Path home) {
    Settings.Builder settings =
        Settings.builder()
            .put(Environment.PATH_HOME_SETTING.getKey(), home.toString())
            .put(Environment.PATH_DATA_SETTING.getKey(), home.resolve("data").toString())
            .put(Environment.PATH_LOGS_SETTING.getKey(), home.resolve("logs").toString())
            .put(ClusterName.CLUSTER_NAME_SETTING.getKey(), "neardup")
            .put(Node.NODE_NAME_SETTING.getKey(), NAME)
            .put("discovery.type", "single-node")
            .put("network.host", HOST)
            .put("http.port", port)
            .put("transport.port", "9300-9399")
            // a development node on a shared disk: do not turn indices read-only when it fills up
            .put("cluster.routing.allocation.disk.threshold_enabled", false);
    extraSettings.forEach(settings::put);
    return settings.build();
  }

  private Environment prepareEnvironment(Path home) throws IOException {
    Path config = Files.createDirectories(home.resolve("config"));
    try (InputStream log4j = NearDupOsNode.class.getResourceAsStream("log4j2.properties")) {
      Files.copy(log4j, config.resolve("log4j2.properties"), StandardCopyOption.REPLACE_EXISTING);
    }
    // also reads DIR/config/opensearch.yml when the user puts one there
    return InternalSettingsPreparer.prepareEnvironment(
        nodeSettings(home), Map.of(), config, () -> NAME);
  }

  /** Runs in the shutdown hook: close the node, then logging. */
  private void stop(Node node) {
    try {
      node.close();
      if (!node.awaitClose(10, TimeUnit.SECONDS)) {
        LogManager.getLogger(NearDupOsNode.class)
            .warn("the node did not stop within 10 seconds; outstanding requests may be lost");
      }
      out.println(NAME + ": stopped");
    } catch (IOException e) {
      e.printStackTrace(out);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      out.flush();
      Configurator.shutdown((LoggerContext) LogManager.getContext(false));
      stopped.countDown();
    }
  }

  private static boolean portAvailable(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getByName(HOST), port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The versions of neardup and of the OpenSearch it runs. */
  static final class Versions implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = NearDupOsNode.class.getPackage().getImplementationVersion();
      return new String[] {
        NAME + " " + (version == null ? "(development build)" : version),
        "OpenSearch " + Version.CURRENT,
        "Java " + Runtime.version()
      };
    }
  }
}

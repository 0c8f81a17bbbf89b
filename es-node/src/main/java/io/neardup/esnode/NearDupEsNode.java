package io.neardup.esnode;

import io.neardup.elasticsearch.NearDupPlugin;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
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
import org.elasticsearch.Build;
import org.elasticsearch.cluster.ClusterName;
import org.elasticsearch.common.logging.LogConfigurator;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.common.transport.TransportAddress;
import org.elasticsearch.core.IOUtils;
import org.elasticsearch.env.Environment;
import org.elasticsearch.http.HttpServerTransport;
import org.elasticsearch.node.ClasspathPluginsNode;
import org.elasticsearch.node.InternalSettingsPreparer;
import org.elasticsearch.node.Node;
import org.elasticsearch.node.NodeValidationException;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.transport.netty4.Netty4Plugin;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code neardup-es} command: one Elasticsearch node with the neardup plugin on 127.0.0.1, for
 * trying the plugin with curl or any client. It runs in the foreground, logs to the console and
 * stops cleanly on Ctrl-C or SIGTERM; indices survive restarts in the data directory.
 *
 * <pre>{@code
 * bin/neardup-es --port 9200 --data neardup-es-data
 * }</pre>
 *
 * <p>The node has what Elasticsearch's server jar registers (the {@code standard} tokenizer, the
 * {@code lowercase}, {@code stop} and {@code shingle} filters, ...), the neardup plugin and HTTP
 * through {@code transport-netty4}; no security, no other modules. Exit codes: 0 after {@code
 * --help}, 1 the node failed to start, 2 usage error, 130 or 143 (the JVM's) stopped by Ctrl-C or
 * SIGTERM.
 */
@Command(
    name = "neardup-es",
    mixinStandardHelpOptions = true,
    versionProvider = NearDupEsNode.Version.class,
    sortOptions = false,
    description = {
      "Runs a single Elasticsearch "
          + NearDupEsNode.ES_VERSION
          + " node with the neardup plugin on "
          + NearDupEsNode.HOST
          + " (plain HTTP, no security) in the foreground. Stop it with Ctrl-C."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:--help or --version",
      "1:the node failed to start",
      "2:usage error",
      "130:stopped by Ctrl-C (SIGINT)",
      "143:stopped by SIGTERM"
    })
public final class NearDupEsNode implements Callable<Integer> {
  /** The HTTP port when {@code --port} is not given. */
  public static final int DEFAULT_PORT = 9200;

  /** The data directory when {@code --data} is not given, relative to the working directory. */
  public static final String DEFAULT_DATA = "neardup-es-data";

  /** The only address the node binds: this is a development node, not a server. */
  static final String HOST = "127.0.0.1";

  static final String CLUSTER_NAME = "neardup";
  static final String NODE_NAME = "neardup-es";

  /** Transport (node-to-node) ports: Elasticsearch's default range, first free one wins. */
  static final String TRANSPORT_PORTS = "9300-9399";

  static final String ES_VERSION = "9.5.3";

  static final int EXIT_FAILURE = 1;
  static final int EXIT_USAGE = 2;

  /** Returned when the node ran and a signal stopped it: the JVM is already exiting. */
  private static final int EXIT_STOPPED = -1;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      defaultValue = "" + DEFAULT_PORT,
      description = "HTTP port on " + HOST + " (default: ${DEFAULT-VALUE}; 0 picks a free port).")
  int port;

  @Option(
      names = "--data",
      paramLabel = "DIR",
      defaultValue = DEFAULT_DATA,
      description =
          "Directory of the node's indices (DIR/data) and configuration (DIR/config), kept"
              + " across restarts (default: ./${DEFAULT-VALUE}).")
  Path dataDir;

  @Option(
      names = {"-E", "--setting"},
      paramLabel = "KEY=VALUE",
      description =
          "An Elasticsearch node setting, e.g. -E logger.level=debug; repeatable. Applied after"
              + " neardup-es's own, so it can override them.")
  Map<String, String> extraSettings = new LinkedHashMap<>();

  @Option(
      names = "--plugin",
      paramLabel = "CLASS",
      description =
          "Also load this Elasticsearch plugin class from the class path (e.g. a benchmark's"
              + " baseline analysis); repeatable.")
  List<String> extraPlugins = new ArrayList<>();

  @Spec CommandSpec spec;

  private final PrintStream out;
  private final CountDownLatch stopped = new CountDownLatch(1);

  NearDupEsNode(PrintStream out) {
    this.out = out;
  }

  public static void main(String[] args) {
    setSystemPropertyDefaults();
    // Elasticsearch's logging takes over System.out and System.err; our own messages keep these.
    PrintStream out = System.out;
    PrintStream err = System.err;
    CommandLine cmd = commandLine(new NearDupEsNode(out));
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    int exit = cmd.execute(args);
    if (exit != EXIT_STOPPED) {
      System.exit(exit);
    }
  }

  static CommandLine commandLine(NearDupEsNode command) {
    CommandLine cmd = new CommandLine(command);
    cmd.setParameterExceptionHandler(NearDupEsNode::usageError);
    cmd.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      PrintWriter err = commandLine.getErr();
      err.println("neardup-es: the node failed to start: " + describe(e));
      if (System.getenv("NEARDUP_DEBUG") != null || !expected(e)) {
        e.printStackTrace(err);
      }
      err.flush();
      return EXIT_FAILURE;
    });
    return cmd;
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
    // Elasticsearch's native-library loader looks for DIR/lib/platform; its launcher sets this too
    System.setProperty("es.path.home", home.toString());
    Environment environment = prepareEnvironment(home);
    configureLogging(environment);
    if (port != 0 && !portAvailable(port)) {
      throw new StartupFailure(
          "port "
              + port
              + " on "
              + HOST
              + " is already in use (another node or program listens there); stop it or choose"
              + " another port with --port");
    }

    Node node = new ClasspathPluginsNode(environment, plugins);
    // registered before start(): Ctrl-C while the node starts closes it too
    Thread shutdownHook = new Thread(() -> stop(node), "neardup-es-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
    try {
      node.start();
    } catch (RuntimeException | NodeValidationException e) {
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
        IOUtils.closeWhileHandlingException(node);
      } catch (IllegalStateException shuttingDown) {
        // the hook closes it
      }
      if (hasCause(e, BindException.class)) {
        throw new StartupFailure(
            "could not bind port " + port + " on " + HOST + " (" + rootMessage(e) + ")", e);
      }
      throw e;
    }
    TransportAddress http =
        node.injector().getInstance(HttpServerTransport.class).boundAddress().publishAddress();
    out.println(
        "neardup-es: Elasticsearch "
            + Build.current().version()
            + " with neardup listening on http://"
            + http.getAddress()
            + ":"
            + http.getPort()
            + " (data in "
            + home
            + "); stop with Ctrl-C");
    out.flush();
    stopped.await();
    return EXIT_STOPPED;
  }

  /** neardup, HTTP, {@code GET /}, and the {@code --plugin} classes. */
  List<Class<? extends Plugin>> plugins() {
    List<Class<? extends Plugin>> plugins = new ArrayList<>();
    plugins.add(NearDupPlugin.class);
    plugins.add(Netty4Plugin.class);
    plugins.add(RootInfoPlugin.class);
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
            .put(ClusterName.CLUSTER_NAME_SETTING.getKey(), CLUSTER_NAME)
            .put(Node.NODE_NAME_SETTING.getKey(), NODE_NAME)
            .put("discovery.type", "single-node")
            .put("network.host", HOST)
            .put("http.port", port)
            .put("transport.port", TRANSPORT_PORTS)
            // a development node on a shared disk: do not turn indices read-only when it fills up
            .put("cluster.routing.allocation.disk.threshold_enabled", false);
    extraSettings.forEach(settings::put);
    return settings.build();
  }

  private Environment prepareEnvironment(Path home) throws IOException {
    Path config = home.resolve("config");
    Files.createDirectories(config);
    try (InputStream log4j = NearDupEsNode.class.getResourceAsStream("log4j2.properties")) {
      if (log4j == null) {
        throw new IllegalStateException("log4j2.properties missing from the neardup-es-node jar");
      }
      Files.copy(log4j, config.resolve("log4j2.properties"), StandardCopyOption.REPLACE_EXISTING);
    }
    // also reads DIR/config/elasticsearch.yml when the user puts one there
    return InternalSettingsPreparer.prepareEnvironment(
        nodeSettings(home), Map.of(), config, () -> NODE_NAME);
  }

  private static void configureLogging(Environment environment) throws IOException {
    LogConfigurator.registerErrorListener();
    LogConfigurator.setClusterName(
        ClusterName.CLUSTER_NAME_SETTING.get(environment.settings()).value());
    LogConfigurator.setNodeName(Node.NODE_NAME_SETTING.get(environment.settings()));
    LogConfigurator.configure(environment, true);
  }

  /** Runs in the shutdown hook: what Elasticsearch's own launcher does on a signal. */
  private void stop(Node node) {
    try {
      node.prepareForClose();
      node.close();
      if (!node.awaitClose(10, TimeUnit.SECONDS)) {
        LogManager.getLogger(NearDupEsNode.class)
            .warn("the node did not stop within 10 seconds; outstanding requests may be lost");
      }
      out.println("neardup-es: stopped");
    } catch (IOException e) {
      throw new UncheckedIOException("failed to stop the node", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      out.flush();
      // log4j's own shutdown hook is off (see setSystemPropertyDefaults): the node logs until here
      Configurator.shutdown((LoggerContext) LogManager.getContext(false));
      stopped.countDown();
    }
  }

  private static boolean portAvailable(int port) {
    // Netty binds with SO_REUSEADDR too, so this fails only when something listens on the port
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new java.net.InetSocketAddress(InetAddress.getByName(HOST), port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * System properties Elasticsearch's own launcher sets (its {@code jvm.options}), unless given on
   * the command line. They must be set before log4j and Netty initialise.
   */
  static void setSystemPropertyDefaults() {
    Map<String, String> defaults = new LinkedHashMap<>();
    // logging must outlive the node while it shuts down; stop() shuts log4j down last
    defaults.put("log4j.shutdownHookEnabled", "false");
    defaults.put("log4j2.disable.jmx", "true");
    defaults.put("log4j2.formatMsgNoLookups", "true");
    defaults.put("io.netty.noUnsafe", "true");
    defaults.put("io.netty.noKeySetOptimization", "true");
    defaults.put("io.netty.recycler.maxCapacityPerThread", "0");
    defaults.put("java.locale.providers", "CLDR");
    defaults.forEach((key, value) -> {
      if (System.getProperty(key) == null) {
        System.setProperty(key, value);
      }
    });
  }

  private static int usageError(ParameterException e, String[] args) {
    PrintWriter err = e.getCommandLine().getErr();
    err.println("neardup-es: " + e.getMessage());
    if (e instanceof CommandLine.UnmatchedArgumentException u) {
      CommandLine.UnmatchedArgumentException.printSuggestions(u, err);
    }
    err.println("Try 'neardup-es --help' for more information.");
    err.flush();
    return EXIT_USAGE;
  }

  /** Failures users cause and can fix, reported by their message alone. */
  private static boolean expected(Throwable e) {
    return e instanceof StartupFailure
        || e instanceof IOException
        || e instanceof IllegalArgumentException
        || e instanceof IllegalStateException
        || e instanceof NodeValidationException;
  }

  private static String describe(Throwable e) {
    if (e instanceof StartupFailure) {
      return e.getMessage();
    }
    String message = rootMessage(e);
    return message == null ? e.toString() : message;
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = e.getMessage();
    if (root != e && root.getMessage() != null) {
      message = message == null ? root.getMessage() : message + ": " + root.getMessage();
    }
    return message;
  }

  private static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  /** A start failure users can fix, reported by its message alone. */
  static final class StartupFailure extends Exception {
    StartupFailure(String message) {
      super(message);
    }

    StartupFailure(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** The versions of neardup and of the Elasticsearch it runs. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = NearDupEsNode.class.getPackage().getImplementationVersion();
      return new String[] {
        "neardup-es " + (version == null ? "(development build)" : version),
        "Elasticsearch " + Build.current().version(),
        "Java " + Runtime.version()
      };
    }
  }
}

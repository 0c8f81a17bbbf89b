package io.neardup.esnode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.elasticsearch.common.settings.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Options and settings of {@code neardup-es}; no node is started here (see NearDupEsNodeIT). */
class NearDupEsNodeTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private final ByteArrayOutputStream messages = new ByteArrayOutputStream();
  private final NearDupEsNode command =
      new NearDupEsNode(new PrintStream(messages, true, StandardCharsets.UTF_8));

  private int run(String... args) {
    CommandLine cmd = NearDupEsNode.commandLine(command);
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }

  @Test
  void helpPrintsUsageAndDefaults() {
    assertEquals(0, run("--help"));
    String help = out.toString();
    assertTrue(help.startsWith("Usage: neardup-es"), help);
    assertTrue(help.contains("--port=PORT"), help);
    assertTrue(help.contains("default: 9200"), help);
    assertTrue(help.contains("--data=DIR"), help);
    assertTrue(help.contains("default: ./neardup-es-data"), help);
    assertEquals("", err.toString());
  }

  @Test
  void unknownOptionIsAUsageError() {
    assertEquals(2, run("--prot=9200"));
    assertTrue(
        err.toString().startsWith("neardup-es: Unknown option: '--prot=9200'"), err.toString());
    assertTrue(err.toString().contains("Try 'neardup-es --help'"), err.toString());
  }

  @Test
  void extraPluginsMustBePluginClasses(@TempDir Path dir) {
    assertEquals(2, run("--plugin", "no.such.Plugin", "--data", dir.toString()));
    assertTrue(
        err.toString()
            .startsWith("neardup-es: --plugin [no.such.Plugin] is not a class on the class path"),
        err.toString());
    assertEquals(2, run("--plugin", "java.lang.String", "--data", dir.toString()));
    assertTrue(err.toString().contains("--plugin [java.lang.String] must extend"), err.toString());
  }

  @Test
  void extraPluginsAreLoadedAfterOurs() {
    new CommandLine(command).parseArgs("--plugin", NearDupEsNodeTest.Extra.class.getName());
    assertEquals(4, command.plugins().size());
    assertEquals(Extra.class, command.plugins().get(3));
  }

  /** A plugin class, for the option. */
  public static final class Extra extends org.elasticsearch.plugins.Plugin {}

  @Test
  void portMustBeAPortNumber() {
    assertEquals(2, run("--port", "65536"));
    assertTrue(
        err.toString()
            .startsWith("neardup-es: --port must be an integer between 0 and 65535, got [65536]"),
        err.toString());
  }

  @Test
  void portMustBeANumber() {
    assertEquals(2, run("--port", "http"));
    assertTrue(
        err.toString().contains("Invalid value for option '--port': 'http' is not an int"),
        err.toString());
  }

  @Test
  void dataMustNotBeAFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("data"), "not a directory");
    assertEquals(2, run("--data", file.toString()));
    assertTrue(
        err.toString().startsWith("neardup-es: --data must be a directory, got the file ["),
        err.toString());
  }

  @Test
  void settingsBindLoopbackOnTheGivenPortWithDataUnderHome(@TempDir Path home) {
    new CommandLine(command).parseArgs("--port", "9201", "--data", home.toString());
    Settings settings = command.nodeSettings(home);
    assertEquals(home.toString(), settings.get("path.home"));
    assertEquals(home.resolve("data").toString(), settings.get("path.data"));
    assertEquals("127.0.0.1", settings.get("network.host"));
    assertEquals("9201", settings.get("http.port"));
    assertEquals("single-node", settings.get("discovery.type"));
    assertEquals("neardup", settings.get("cluster.name"));
    assertEquals("neardup-es", settings.get("node.name"));
  }

  @Test
  void extraSettingsOverrideOurs(@TempDir Path home) {
    new CommandLine(command).parseArgs("-E", "node.name=mine", "-E", "logger.level=debug");
    Settings settings = command.nodeSettings(home);
    assertEquals("mine", settings.get("node.name"));
    assertEquals("debug", settings.get("logger.level"));
    assertEquals("9200", settings.get("http.port"));
  }
}

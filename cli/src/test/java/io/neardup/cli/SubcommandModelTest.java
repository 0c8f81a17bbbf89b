package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A run builds the model of its own subcommand only: what it prints and returns is what the command
 * line with every subcommand prints and returns.
 */
class SubcommandModelTest {
  private static List<Object> run(CommandLine cmd, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    int exit = cmd.execute(args);
    return List.of(exit, out.toString(), err.toString());
  }

  @Test
  void aRunWithItsSubcommandOnlyPrintsWhatTheWholeCommandLinePrints() {
    List<String> names = List.copyOf(NearDupCli.commandLine().getSubcommands().keySet());
    assertEquals(11, names.size(), names.toString());
    for (String name : names) {
      for (String[] args :
          List.of(
              new String[] {name, "--help"},
              new String[] {name, "--no-such-option"},
              new String[] {name, "--threshold", "high"},
              new String[] {name})) {
        assertEquals(
            run(NearDupCli.commandLine(), args),
            run(NearDupCli.commandLine(args), args),
            String.join(" ", args));
      }
    }
    for (String[] args :
        List.of(
            new String[] {},
            new String[] {"--help"},
            new String[] {"help"},
            new String[] {"help", "dedup"},
            new String[] {"dedpu", "--input", "x"},
            new String[] {"--version"})) {
      assertEquals(
          run(NearDupCli.commandLine(), args),
          run(NearDupCli.commandLine(args), args),
          String.join(" ", args));
    }
  }

  @Test
  void aSubcommandsNameBuildsThatSubcommandOnly() {
    assertEquals(
        List.of("dedup"),
        List.copyOf(NearDupCli.commandLine("dedup", "--input", "x").getSubcommands().keySet()));
    assertTrue(NearDupCli.commandLine("help", "dedup").getSubcommands().size() > 1);
    assertTrue(NearDupCli.commandLine("--help").getSubcommands().size() > 1);
  }
}

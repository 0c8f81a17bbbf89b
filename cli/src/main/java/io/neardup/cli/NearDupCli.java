package io.neardup.cli;

import io.neardup.cli.command.ClustersCommand;
import io.neardup.cli.command.CompareCommand;
import io.neardup.cli.command.DedupCommand;
import io.neardup.cli.command.EvaluateCommand;
import io.neardup.cli.command.IndexCommand;
import io.neardup.cli.command.ReportCommand;
import io.neardup.cli.command.SearchCommand;
import io.neardup.cli.command.SimilarCommand;
import io.neardup.cli.command.TruthCommand;
import io.neardup.cli.command.TuneCommand;
import io.neardup.cli.output.CliFailure;
import io.neardup.param.Parameter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code neardup} command: finds near-duplicate texts with shingles, MinHash sketches and LSH
 * bands over an embedded Lucene index. Each subcommand is its own class; this one only wires them
 * and maps failures to exit codes: 0 success, 1 runtime failure (I/O, bad data), 2 usage error.
 *
 * <pre>{@code
 * int exit = NearDupCli.commandLine().execute("dedup", "--input", "corpus.jsonl", "--pairs", "pairs.tsv");
 * }</pre>
 */
@Command(
    name = "neardup",
    mixinStandardHelpOptions = true,
    versionProvider = NearDupCli.Version.class,
    description = {
      "Finds near-duplicate texts: word shingles, MinHash sketches and LSH bands over an embedded"
          + " Lucene index.",
      "",
      "Main job: neardup dedup --input corpus.jsonl --threshold 0.8 --pairs pairs.tsv"
          + " --clusters clusters.jsonl"
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:success", "1:runtime failure (I/O, bad input data)", "2:usage error"})
public final class NearDupCli implements Runnable {
  /** Exit code of a run that failed at runtime: I/O errors, bad data with --on-error fail. */
  public static final int EXIT_FAILURE = 1;

  /** Exit code of a usage error: unknown or invalid options. */
  public static final int EXIT_USAGE = 2;

  // Lucene logs through java.util.logging, e.g. that the vector module is not enabled; that is no
  // news to a command-line user. Held in a field: the logging framework keeps loggers weakly.
  private static final Logger LUCENE_LOGGER = Logger.getLogger("org.apache.lucene");

  /**
   * The subcommands, in the order the help lists them. Added in code rather than in the annotation,
   * so that a run builds the option model of the one subcommand it runs: picocli builds a model by
   * reflection, and building all ten is a noticeable part of a short run's start.
   */
  private static final List<Class<?>> SUBCOMMANDS =
      List.of(
          DedupCommand.class,
          IndexCommand.class,
          ClustersCommand.class,
          ReportCommand.class,
          SimilarCommand.class,
          SearchCommand.class,
          TuneCommand.class,
          EvaluateCommand.class,
          TruthCommand.class,
          CompareCommand.class,
          CommandLine.HelpCommand.class);

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "Missing required subcommand");
  }

  /**
   * A command line ready to {@link CommandLine#execute execute}: its output goes to {@link
   * CommandLine#getOut()} and {@link CommandLine#getErr()}, which tests replace to capture it.
   */
  public static CommandLine commandLine() {
    return withSubcommands(SUBCOMMANDS);
  }

  /**
   * A command line for {@code args}: when they start with a subcommand's name, it has that
   * subcommand only (its options, usage and messages are the same); otherwise (the help command or
   * options, the version, a mistyped name, an argument file) every subcommand.
   */
  public static CommandLine commandLine(String... args) {
    if (args.length > 0) {
      for (Class<?> subcommand : SUBCOMMANDS) {
        if (subcommand != CommandLine.HelpCommand.class // help names another subcommand
            && subcommand.getAnnotation(Command.class).name().equals(args[0])) {
          return withSubcommands(List.of(subcommand));
        }
      }
    }
    return withSubcommands(SUBCOMMANDS);
  }

  private static CommandLine withSubcommands(List<Class<?>> subcommands) {
    CommandLine cmd = new CommandLine(new NearDupCli());
    // before the settings below, which apply to the subcommands present when they are set
    for (Class<?> subcommand : subcommands) {
      cmd.addSubcommand(subcommand);
    }
    cmd.setCaseInsensitiveEnumValuesAllowed(true);
    cmd.setParameterExceptionHandler(NearDupCli::usageError);
    cmd.setExecutionExceptionHandler((e, commandLine, parseResult) -> failure(e, commandLine));
    cmd.setExecutionStrategy(parseResult -> {
      try {
        return new CommandLine.RunLast().execute(parseResult);
      } finally {
        parseResult.commandSpec().commandLine().getOut().flush();
        parseResult.commandSpec().commandLine().getErr().flush();
      }
    });
    return cmd;
  }

  public static void main(String[] args) {
    LUCENE_LOGGER.setLevel(Level.SEVERE);
    System.exit(commandLine(args).execute(args));
  }

  private static int usageError(ParameterException e, String[] args) {
    CommandLine cmd = e.getCommandLine();
    PrintWriter err = cmd.getErr();
    err.println(qualifiedName(cmd) + ": " + e.getMessage());
    if (e instanceof CommandLine.UnmatchedArgumentException u) {
      CommandLine.UnmatchedArgumentException.printSuggestions(u, err);
    }
    err.println("Try '" + qualifiedName(cmd) + " --help' for more information.");
    err.flush();
    return EXIT_USAGE;
  }

  private static int failure(Exception e, CommandLine cmd) {
    PrintWriter err = cmd.getErr();
    if (e instanceof io.neardup.param.ParameterException p) {
      // a library rule broken by an option value that no command checked first: still a usage error
      err.println(qualifiedName(cmd) + ": --" + p.getMessage(Parameter.Style.KEBAB));
      err.println("Try '" + qualifiedName(cmd) + " --help' for more information.");
      err.flush();
      return EXIT_USAGE;
    }
    err.println(qualifiedName(cmd) + ": error: " + describe(e));
    if (!expected(e) || System.getenv("NEARDUP_DEBUG") != null) {
      e.printStackTrace(err);
    }
    err.flush();
    return EXIT_FAILURE;
  }

  /** Failures users cause and can fix, reported by their message alone. */
  private static boolean expected(Throwable e) {
    return e instanceof CliFailure
        || e instanceof IOException
        || e instanceof UncheckedIOException
        || e instanceof IllegalArgumentException
        || e instanceof IllegalStateException;
  }

  private static String describe(Throwable e) {
    if (e instanceof UncheckedIOException u && u.getCause() != null) {
      e = u.getCause();
    }
    String message = e.getMessage();
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "no such file: " + message;
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied: " + message;
    }
    if (e instanceof CliFailure || (message != null && expected(e))) {
      return message;
    }
    return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }

  private static String qualifiedName(CommandLine cmd) {
    return cmd.getCommandSpec().qualifiedName();
  }

  /** The version of the tool and of the Lucene it embeds. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = NearDupCli.class.getPackage().getImplementationVersion();
      return new String[] {
        "neardup " + (version == null ? "(development build)" : version),
        "Lucene " + org.apache.lucene.util.Version.LATEST,
        "Java " + Runtime.version()
      };
    }
  }
}

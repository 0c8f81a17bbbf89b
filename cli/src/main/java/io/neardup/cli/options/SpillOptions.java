package io.neardup.cli.options;

import io.neardup.cli.output.ResultFiles;
import io.neardup.cluster.core.Clusterer;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** How much memory a streaming run may use before it writes temporary files, and where. */
public final class SpillOptions {
  @Option(
      names = "--memory",
      paramLabel = "SIZE",
      description =
          "Memory for sorting band entries and candidate pairs before they spill to temporary"
              + " files, e.g. 256m or 2g (default: a quarter of the JVM's heap, at most 256m)."
              + " Shingle sets always go to a temporary file.")
  String memory;

  @Option(
      names = "--tmp-dir",
      paramLabel = "DIR",
      description =
          "Where temporary files go, in a directory of the run's own that is removed at the end"
              + " (default: the system's temporary directory, java.io.tmpdir).")
  Path tmpDir;

  /**
   * The directory temporary files go under; checked before the run starts.
   *
   * @throws picocli.CommandLine.ParameterException if {@code --tmp-dir} names something other than
   *     a directory (a missing one is created)
   */
  public Path directory(CommandSpec spec) {
    if (tmpDir == null) {
      return Path.of(System.getProperty("java.io.tmpdir"));
    }
    if (java.nio.file.Files.exists(tmpDir) && !java.nio.file.Files.isDirectory(tmpDir)) {
      throw Options.invalid(
          spec, "--tmp-dir", "must be a directory, got the file [" + tmpDir + "]");
    }
    String problem = ResultFiles.unwritable(tmpDir.resolve("x"));
    if (problem != null) {
      throw Options.invalid(
          spec, "--tmp-dir", "must be a writable directory, got [" + tmpDir + "]: " + problem);
    }
    return tmpDir;
  }

  public long memory(CommandSpec spec) {
    long heap = Runtime.getRuntime().maxMemory();
    if (memory == null) {
      return Math.max(1L << 20, Math.min(Clusterer.DEFAULT_MEMORY, heap / 4));
    }
    long bytes = parseSize(memory);
    if (bytes < 0) {
      throw Options.invalid(
          spec,
          "--memory",
          "must be a whole number of bytes with an optional unit k, m or g, like 256m or 2g (no"
              + " fractions: 1536m, not 1.5g), got ["
              + memory
              + "]");
    }
    if (bytes < 1L << 20) {
      throw Options.invalid(
          spec, "--memory", "must be a size of at least 1m, like 256m or 2g, got [" + memory + "]");
    }
    if (bytes > heap * 3 / 4) {
      throw Options.invalid(
          spec,
          "--memory",
          String.format(
              Locale.ROOT,
              "must leave room in the JVM's heap of %d MB (at most %dm), got [%s]; raise the heap"
                  + " with NEARDUP_JAVA_OPTS=-Xmx...",
              heap >> 20,
              (heap * 3 / 4) >> 20,
              memory));
    }
    return bytes;
  }

  /** {@code 512k}, {@code 256m}, {@code 2g} or a number of bytes; -1 if malformed. */
  public static long parseSize(String s) {
    String v = s.trim().toLowerCase(Locale.ROOT);
    if (v.endsWith("b")) {
      v = v.substring(0, v.length() - 1);
    }
    long unit = 1;
    if (!v.isEmpty()) {
      switch (v.charAt(v.length() - 1)) {
        case 'k' -> unit = 1L << 10;
        case 'm' -> unit = 1L << 20;
        case 'g' -> unit = 1L << 30;
        case 't' -> unit = 1L << 40;
        default -> unit = 1;
      }
      if (unit > 1) {
        v = v.substring(0, v.length() - 1);
      }
    }
    try {
      long n = Long.parseLong(v);
      return n < 0 || n > Long.MAX_VALUE / unit ? -1 : n * unit;
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}

package io.neardup.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.apache.spark.launcher.JavaModuleOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Submits the shaded job jar as a Spark installation runs it: in a JVM of its own, with Spark's
 * launcher ({@code org.apache.spark.deploy.SparkSubmit}, which {@code spark-submit} runs) and a
 * class path of Spark and its dependencies only, so the job, the library and their dependencies
 * come from {@code target/neardup-spark.jar} alone. Its files must equal the CLI's on the sample
 * corpus, and its Parquet datasets must be written.
 */
class SparkSubmitIT {
  @TempDir Path tmp;

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void theShadedJarRunsUnderSparkSubmitAndAnswersAsTheCli() throws Exception {
    Path root = Path.of(System.getProperty("neardup.root", "..")).toAbsolutePath().normalize();
    Path target = root.resolve("spark/target");
    Path jar = target.resolve("neardup-spark.jar");
    Path sparkClasspath = target.resolve("spark-classpath.txt");
    assertTrue(Files.isRegularFile(jar), "no shaded jar at " + jar + ": run after `package`");
    assertTrue(Files.isRegularFile(sparkClasspath), "no " + sparkClasspath);
    String classpath = installation(Files.readString(sparkClasspath).trim(), jar);
    assertTrue(!classpath.contains("lucene-core"), "Spark's class path must not hold Lucene");

    Path out = tmp.resolve("out");
    Path pairs = tmp.resolve("pairs.tsv");
    Path clusters = tmp.resolve("clusters.jsonl");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(Arrays.asList(JavaModuleOptions.defaultModuleOptionArray()));
    command.addAll(List.of("-Xmx1g", "-cp", classpath, "org.apache.spark.deploy.SparkSubmit"));
    command.addAll(List.of("--class", "io.neardup.spark.DedupJob", "--master", "local[2]"));
    command.add(jar.toString());
    command.addAll(
        List.of(
            "--input",
            root.resolve("samples/corpus.jsonl").toString(),
            "--threshold",
            "0.8",
            "--output",
            out.toString(),
            "--pairs",
            pairs.toString(),
            "--clusters",
            clusters.toString()));
    Path log = tmp.resolve("submit.log");
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .directory(tmp.toFile())
            .start();
    if (!process.waitFor(4, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      fail("spark-submit did not finish in 4 minutes:\n" + tail(log));
    }
    assertEquals(0, process.exitValue(), "spark-submit failed:\n" + tail(log));

    Path cli = root.resolve("samples/cli");
    assertEquals(
        Files.readString(cli.resolve("sample-0.8.pairs.tsv")),
        Files.readString(pairs),
        "pairs differ from the CLI's");
    assertEquals(
        Files.readString(cli.resolve("sample-0.8.clusters.jsonl")),
        Files.readString(clusters),
        "clusters differ from the CLI's");
    for (String dataset : List.of("pairs", "clusters")) {
      Path dir = out.resolve(dataset);
      assertTrue(Files.exists(dir.resolve("_SUCCESS")), dataset + " not committed:\n" + tail(log));
      try (Stream<Path> files = Files.list(dir)) {
        assertTrue(
            files.anyMatch(f -> f.getFileName().toString().endsWith(".parquet")),
            "no Parquet file in " + dir);
      }
    }
  }

  /**
   * The job's class path without the jars the shaded jar holds: Spark and what it brings, as an
   * installation has them. A jar is held when the shaded jar has its first class.
   */
  private static String installation(String classpath, Path shaded) throws Exception {
    List<String> kept = new ArrayList<>();
    try (ZipFile job = new ZipFile(shaded.toFile())) {
      for (String entry : classpath.split(File.pathSeparator)) {
        try (ZipFile dependency = new ZipFile(entry)) {
          String firstClass =
              dependency.stream()
                  .map(ZipEntry::getName)
                  .filter(n ->
                      n.endsWith(".class")
                          && !n.startsWith("META-INF/")
                          && !n.endsWith("module-info.class"))
                  .findFirst()
                  .orElse(null);
          if (firstClass == null || job.getEntry(firstClass) == null) {
            kept.add(entry);
          }
        }
      }
    }
    return String.join(File.pathSeparator, kept);
  }

  private static String tail(Path log) throws Exception {
    if (!Files.exists(log)) {
      return "(no output)";
    }
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }
}

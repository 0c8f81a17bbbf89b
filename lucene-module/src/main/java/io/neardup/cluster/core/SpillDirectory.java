package io.neardup.cluster.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A directory of its own for the temporary files of one run ({@code neardup-spill-PID-N} under a
 * base directory), deleted when the run closes it and, should the process be killed, by the next
 * run that starts under the same base: a directory whose process no longer exists is left over.
 */
public final class SpillDirectory implements AutoCloseable {
  /** Name prefix of run directories. */
  public static final String PREFIX = "neardup-spill-";

  private static final AtomicInteger RUNS = new AtomicInteger();

  private final Path path;
  private final AtomicInteger files = new AtomicInteger();
  private final Thread cleanup;

  private SpillDirectory(Path path) {
    this.path = path;
    // an interrupted run (Ctrl-C) skips the callers' finally blocks, not the shutdown hooks
    this.cleanup = new Thread(() -> deleteTree(path), "neardup-spill-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
  }

  /**
   * Creates a run directory under {@code base} (created if missing), after deleting the run
   * directories that processes no longer running left there.
   *
   * @throws IOException naming {@code base} if it cannot be written
   */
  public static SpillDirectory create(Path base) throws IOException {
    try {
      Files.createDirectories(base);
    } catch (IOException e) {
      throw new IOException(
          "cannot create the directory for temporary files " + base + ": " + e, e);
    }
    removeLeftovers(base);
    long pid = ProcessHandle.current().pid();
    Path dir = base.resolve(PREFIX + pid + "-" + RUNS.incrementAndGet());
    try {
      deleteTree(dir);
      Files.createDirectory(dir);
    } catch (IOException | UncheckedIOException e) {
      throw new IOException("cannot write temporary files into " + base + ": " + e, e);
    }
    return new SpillDirectory(dir);
  }

  /** The run directory. */
  public Path path() {
    return path;
  }

  /** A new file name in the run directory (the file is not created). */
  public Path newFile(String prefix) {
    return path.resolve(prefix + "-" + files.incrementAndGet() + ".tmp");
  }

  /**
   * An exception for a failed write of temporary files that names this directory: a full disk shows
   * up here first.
   */
  public IOException writeFailed(IOException e) {
    String reason = e.getMessage() == null ? e.toString() : e.getMessage();
    return new IOException(
        "cannot write temporary files into " + path.getParent() + " (" + reason + ")", e);
  }

  @Override
  public void close() {
    deleteTree(path);
    try {
      Runtime.getRuntime().removeShutdownHook(cleanup);
    } catch (IllegalStateException e) {
      // the JVM is shutting down and runs the hook
    }
  }

  /** Deletes run directories under {@code base} whose process has ended. */
  static void removeLeftovers(Path base) {
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(base, PREFIX + "*")) {
      for (Path dir : dirs) {
        String rest = dir.getFileName().toString().substring(PREFIX.length());
        int dash = rest.indexOf('-');
        long pid;
        try {
          pid = Long.parseLong(dash < 0 ? rest : rest.substring(0, dash));
        } catch (NumberFormatException e) {
          continue;
        }
        boolean running =
            pid != ProcessHandle.current().pid()
                && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        if (!running && pid != ProcessHandle.current().pid()) {
          deleteTree(dir);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // leftovers only cost disk space; never fail a run over them
    }
  }

  static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try {
      Files.walkFileTree(
          dir,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              Files.deleteIfExists(file);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
              Files.deleteIfExists(d);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (NoSuchFileException e) {
      // deleted meanwhile
    } catch (IOException e) {
      // best effort: a later run removes what is left
    }
  }
}

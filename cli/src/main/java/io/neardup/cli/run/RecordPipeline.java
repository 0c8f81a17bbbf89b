package io.neardup.cli.run;

import io.neardup.cli.input.CorpusReader;
import io.neardup.cli.options.InputOptions;
import io.neardup.cli.output.CliFailure;
import io.neardup.cli.output.ProgressLine;
import io.neardup.util.Futures;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Reads the records of an input on the calling thread, numbers them in input order (the ordinal)
 * and hands them in batches to analysis threads, each with a handler of its own. Bad records are
 * skipped and reported (the first {@value #MAX_REPORTED}, then counted) or stop the run, as {@code
 * --on-error} says; the progress line shows bytes read and records analysed.
 */
public final class RecordPipeline {
  /** Bad records reported one by one before the rest are only counted. */
  static final int MAX_REPORTED = 20;

  /** Records handed to an analysis thread at a time. */
  private static final int BATCH = 32;

  /** What a run read. */
  public record Summary(int documents, long skipped, long startNanos, long endNanos) {}

  /** Analyses records on one thread. */
  public interface Handler {
    void handle(int ord, CorpusReader.Record record) throws IOException;
  }

  /** Sees every record on the reading thread, in input order, before it is analysed. */
  public interface Reading {
    void read(int ord, CorpusReader.Record record);
  }

  private final int threads;
  private final InputOptions.OnError onError;
  private final ProgressLine progress;
  private final boolean report;

  /**
   * @param report whether skipped bad records are reported, or only counted
   */
  public RecordPipeline(
      int threads, InputOptions.OnError onError, ProgressLine progress, boolean report) {
    this.threads = threads;
    this.onError = onError;
    this.progress = progress;
    this.report = report;
  }

  /**
   * Reads every record of {@code reader} and analyses it on the threads.
   *
   * @param phase the progress line's label
   * @param handlers makes the handler of each analysis thread
   * @throws CliFailure at the first bad record when {@code --on-error fail}
   */
  public Summary run(CorpusReader reader, String phase, Reading reading, Supplier<Handler> handlers)
      throws IOException {
    long start = System.nanoTime();
    ThreadLocal<Handler> perThread = ThreadLocal.withInitial(handlers);
    ExecutorService pool = Executors.newFixedThreadPool(threads, daemonThreads());
    Semaphore inFlight = new Semaphore(4 * threads);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicLong analysed = new AtomicLong();
    long skipped = 0;
    int ord = 0;
    String lastRead = "its start";
    try {
      List<CorpusReader.Record> batch = new ArrayList<>(BATCH);
      int batchStart = 0;
      while (failure.get() == null) {
        CorpusReader.Record record;
        try {
          record = reader.next();
        } catch (CorpusReader.BadRecord bad) {
          skipped++;
          badRecord(bad, skipped);
          continue;
        } catch (OutOfMemoryError e) {
          batch.clear();
          throw outOfMemory(reader.name + ", the record after " + lastRead, e);
        }
        if (record != null) {
          lastRead = record.location();
          reading.read(ord, record);
          batch.add(record);
          ord++;
        }
        if (batch.size() == BATCH || (record == null && !batch.isEmpty())) {
          List<CorpusReader.Record> work = batch;
          int first = batchStart;
          inFlight.acquire();
          pool.execute(() -> {
            try {
              Handler h = perThread.get();
              for (int i = 0; i < work.size() && failure.get() == null; i++) {
                CorpusReader.Record r = work.get(i);
                try {
                  h.handle(first + i, r);
                } catch (OutOfMemoryError e) {
                  work.clear(); // what the message needs is kept; the rest is garbage now
                  throw outOfMemory(r.location(), e);
                }
              }
              analysed.addAndGet(work.size());
            } catch (Throwable t) {
              failure.compareAndSet(null, t);
            } finally {
              inFlight.release();
            }
          });
          batch = new ArrayList<>(BATCH);
          batchStart = ord;
          progress.update(phase, reader.position(), reader.size(), analysed.get(), "docs");
        }
        if (record == null) {
          break;
        }
      }
      pool.shutdown();
      while (!pool.awaitTermination(200, TimeUnit.MILLISECONDS)) {
        progress.update(phase, reader.position(), reader.size(), analysed.get(), "docs");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while analysing");
    } finally {
      pool.shutdownNow();
      progress.done();
    }
    Futures.rethrow(failure.get());
    if (report && skipped > MAX_REPORTED) {
      progress.println(
          "... "
              + (skipped - MAX_REPORTED)
              + " more bad records skipped (only the first "
              + MAX_REPORTED
              + " are shown)");
    }
    return new Summary(ord, skipped, start, System.nanoTime());
  }

  /**
   * A record too large for the heap although within the input's bound: named with the fix, where
   * the error alone would name neither.
   */
  private static CliFailure outOfMemory(String location, OutOfMemoryError e) {
    return new CliFailure(
        location
            + ": the heap ("
            + CorpusReader.mebibytes(Runtime.getRuntime().maxMemory())
            + ") ran out while this record was analysed"
            + CorpusReader.moreMemory(
                2 * Runtime.getRuntime().maxMemory(), CorpusReader.RECORD_PARTS),
        e);
  }

  private void badRecord(CorpusReader.BadRecord bad, long count) {
    if (onError == InputOptions.OnError.FAIL) {
      throw new CliFailure(
          bad.getMessage() + " (--on-error skip reports bad records and goes on without them)");
    }
    if (report && count <= MAX_REPORTED) {
      progress.println(bad.location() + ": skipped: " + bad.problem());
    }
  }

  private static java.util.concurrent.ThreadFactory daemonThreads() {
    return r -> {
      Thread t = new Thread(r, "neardup-analysis");
      t.setDaemon(true);
      return t;
    };
  }
}

package io.neardup.cluster.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Sorts any number of {@code long}s within a memory budget: values are buffered, and a full buffer
 * is sorted and written to a file of the {@link SpillDirectory} as a run; {@link #sorted()} merges
 * the runs. Below the budget nothing touches the disk. Without a spill directory every value stays
 * in memory (for callers that may not write files, such as a search engine node, and account the
 * memory themselves). Adding is thread-safe.
 */
public final class LongSorter {
  private static final int INITIAL = 1 << 12;
  private static final int IO_BUFFER = 1 << 16;
  private static final int MAX_VALUES = Integer.MAX_VALUE - 16;

  private final SpillDirectory spill;
  private final String name;
  private final int capacity;
  private final List<Path> runs = new ArrayList<>();
  private long[] buffer = new long[INITIAL];
  private int size;
  private long count;
  private boolean sorting;

  /**
   * @param spill where runs go once the buffer is full, or null to keep every value in memory
   * @param name prefix of the run files
   * @param budgetBytes the most memory the buffer may use, at least 64 kB; ignored without a spill
   *     directory
   */
  public LongSorter(SpillDirectory spill, String name, long budgetBytes) {
    this.spill = spill;
    this.name = name;
    this.capacity =
        spill == null ? MAX_VALUES : (int) Math.max(1 << 13, Math.min(MAX_VALUES, budgetBytes / 8));
  }

  /** Adds one value. */
  public synchronized void add(long value) throws IOException {
    if (size == buffer.length) {
      makeRoom();
    }
    buffer[size++] = value;
    count++;
  }

  /** Adds {@code values[0, n)}. */
  public synchronized void addAll(long[] values, int n) throws IOException {
    int from = 0;
    while (from < n) {
      if (size == buffer.length) {
        makeRoom();
      }
      int chunk = Math.min(n - from, buffer.length - size);
      System.arraycopy(values, from, buffer, size, chunk);
      size += chunk;
      from += chunk;
    }
    count += n;
  }

  /** The number of values added. */
  public synchronized long size() {
    return count;
  }

  /** The number of runs written to disk so far. */
  public synchronized int spilledRuns() {
    return runs.size();
  }

  private void makeRoom() throws IOException {
    if (sorting) {
      throw new IllegalStateException("values added after sorted()");
    }
    if (buffer.length < capacity) {
      buffer = Arrays.copyOf(buffer, (int) Math.min(capacity, buffer.length * 2L));
      return;
    }
    if (spill == null) {
      throw new IllegalStateException(
          "more than " + MAX_VALUES + " " + name + " entries: cluster with a spill directory");
    }
    Arrays.parallelSort(buffer, 0, size);
    Path run = spill.newFile(name);
    try (FileChannel out =
        FileChannel.open(run, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ByteBuffer bytes = ByteBuffer.allocate(IO_BUFFER).order(ByteOrder.nativeOrder());
      for (int i = 0; i < size; i++) {
        if (!bytes.hasRemaining()) {
          drain(bytes, out);
        }
        bytes.putLong(buffer[i]);
      }
      drain(bytes, out);
    } catch (IOException e) {
      throw spill.writeFailed(e);
    }
    runs.add(run);
    size = 0;
  }

  private static void drain(ByteBuffer bytes, FileChannel out) throws IOException {
    bytes.flip();
    while (bytes.hasRemaining()) {
      out.write(bytes);
    }
    bytes.clear();
  }

  /**
   * The values in ascending order, duplicates kept. Call once, after the last {@code add}; the
   * cursor deletes the runs when closed.
   */
  public synchronized Cursor sorted() throws IOException {
    sorting = true;
    Arrays.parallelSort(buffer, 0, size);
    List<Cursor> sources = new ArrayList<>(runs.size() + 1);
    for (Path run : runs) {
      sources.add(new RunCursor(run));
    }
    sources.add(new ArrayCursor(buffer, size));
    buffer = null;
    return sources.size() == 1 ? sources.get(0) : new MergeCursor(sources);
  }

  /** Reads values one at a time. */
  public interface Cursor extends AutoCloseable {
    /** Moves to the next value; false at the end. */
    boolean next() throws IOException;

    /** The current value. */
    long value();

    @Override
    void close() throws IOException;
  }

  private static final class ArrayCursor implements Cursor {
    private final long[] values;
    private final int size;
    private int i = -1;

    ArrayCursor(long[] values, int size) {
      this.values = values;
      this.size = size;
    }

    @Override
    public boolean next() {
      return ++i < size;
    }

    @Override
    public long value() {
      return values[i];
    }

    @Override
    public void close() {}
  }

  private static final class RunCursor implements Cursor {
    private final Path file;
    private final FileChannel in;
    private final ByteBuffer bytes = ByteBuffer.allocate(IO_BUFFER).order(ByteOrder.nativeOrder());
    private long value;

    RunCursor(Path file) throws IOException {
      this.file = file;
      this.in = FileChannel.open(file, StandardOpenOption.READ);
      bytes.limit(0);
    }

    @Override
    public boolean next() throws IOException {
      if (bytes.remaining() < Long.BYTES) {
        bytes.compact();
        while (bytes.position() < Long.BYTES) {
          if (in.read(bytes) < 0) {
            bytes.flip();
            return false;
          }
        }
        bytes.flip();
      }
      value = bytes.getLong();
      return true;
    }

    @Override
    public long value() {
      return value;
    }

    @Override
    public void close() throws IOException {
      in.close();
      Files.deleteIfExists(file);
    }
  }

  private static final class MergeCursor implements Cursor {
    private final List<Cursor> sources;
    private final PriorityQueue<Cursor> queue =
        new PriorityQueue<>((a, b) -> Long.compare(a.value(), b.value()));
    private Cursor current;
    private long value;

    MergeCursor(List<Cursor> sources) throws IOException {
      this.sources = sources;
      for (Cursor c : sources) {
        if (c.next()) {
          queue.add(c);
        }
      }
    }

    @Override
    public boolean next() throws IOException {
      if (current != null && current.next()) {
        queue.add(current);
      }
      current = queue.poll();
      if (current == null) {
        return false;
      }
      value = current.value();
      return true;
    }

    @Override
    public long value() {
      return value;
    }

    @Override
    public void close() throws IOException {
      IOException failure = null;
      for (Cursor c : sources) {
        try {
          c.close();
        } catch (IOException e) {
          failure = failure == null ? e : failure;
        }
      }
      if (failure != null) {
        throw failure;
      }
    }
  }
}

package io.neardup.cluster.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The sets of {@code int}s of documents numbered 0, 1, 2, ... (compact shingle sets, or sketch
 * values), kept off the heap: each set is appended to a file of the {@link SpillDirectory} and read
 * back with positional reads, so the operating system's page cache holds what fits and the
 * process's resident memory never grows with the sets. The heap holds 12 bytes per document (offset
 * and length), whatever the sets' sizes. Without a spill directory the sets stay on the heap, one
 * array each (for callers that may not write files and account the memory themselves). Sets may
 * arrive in any order and from several threads.
 */
public final class SetStore implements AutoCloseable {
  private static final int WRITE_BUFFER = 1 << 20;

  private final SpillDirectory spill;
  private final Path file;
  private final FileChannel channel;
  private final ByteBuffer pending;
  private long[] offsets = new long[1024]; // in ints
  private int[] lengths = new int[1024];
  private long written; // ints in the file, pending included
  private int documents;
  private boolean frozen;
  private final ThreadLocal<ByteBuffer> readBuffers =
      ThreadLocal.withInitial(
          () -> ByteBuffer.allocateDirect(1 << 14).order(ByteOrder.nativeOrder()));

  // the sets, when there is no spill directory
  private int[][] onHeap;

  /**
   * @param spill where the file of sets goes, or null to keep them on the heap
   * @param name prefix of the file
   */
  public SetStore(SpillDirectory spill, String name) throws IOException {
    this.spill = spill;
    if (spill == null) {
      this.file = null;
      this.channel = null;
      this.pending = null;
      this.onHeap = new int[1024][];
      return;
    }
    this.pending = ByteBuffer.allocateDirect(WRITE_BUFFER).order(ByteOrder.nativeOrder());
    this.file = spill.newFile(name);
    try {
      this.channel =
          FileChannel.open(
              file,
              StandardOpenOption.CREATE_NEW,
              StandardOpenOption.READ,
              StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw spill.writeFailed(e);
    }
  }

  /**
   * Stores {@code values[0, length)} as the set of document {@code doc}, which must not have one
   * yet.
   */
  public synchronized void put(int doc, int[] values, int length) throws IOException {
    if (frozen) {
      throw new IllegalStateException("sets added after freeze()");
    }
    if (doc >= offsets.length) {
      int n = Math.max(doc + 1, (int) Math.min(Integer.MAX_VALUE - 16, offsets.length * 2L));
      offsets = Arrays.copyOf(offsets, n);
      lengths = Arrays.copyOf(lengths, n);
    }
    lengths[doc] = length;
    documents = Math.max(documents, doc + 1);
    if (onHeap != null) {
      if (doc >= onHeap.length) {
        onHeap = Arrays.copyOf(onHeap, offsets.length);
      }
      onHeap[doc] = Arrays.copyOf(values, length);
      written += length;
      return;
    }
    offsets[doc] = written;
    written += length;
    int from = 0;
    while (from < length) {
      if (pending.remaining() < Integer.BYTES) {
        flush();
      }
      int chunk = Math.min(length - from, pending.remaining() / Integer.BYTES);
      pending.asIntBuffer().put(values, from, chunk);
      pending.position(pending.position() + chunk * Integer.BYTES);
      from += chunk;
    }
  }

  private void flush() throws IOException {
    if (channel == null) {
      return;
    }
    pending.flip();
    try {
      while (pending.hasRemaining()) {
        channel.write(pending);
      }
    } catch (IOException e) {
      throw spill.writeFailed(e);
    }
    pending.clear();
  }

  /** Ends writing; call once, after the last {@link #put}. */
  public synchronized void freeze() throws IOException {
    flush();
    frozen = true;
  }

  /** The number of values of document {@code doc}'s set; 0 for a document without a set. */
  public int length(int doc) {
    return doc < lengths.length ? lengths[doc] : 0;
  }

  /** Bytes of the sets, in the file or on the heap. */
  public long bytes() {
    return written * Integer.BYTES;
  }

  /**
   * Reads the set of {@code doc} into {@code out}, grown when too small, and returns the array the
   * set is in. Thread-safe after {@link #freeze()}.
   */
  public int[] read(int doc, int[] out) throws IOException {
    int length = lengths[doc];
    if (out.length < length) {
      out = new int[Math.max(length, out.length + (out.length >> 1))];
    }
    if (onHeap != null) {
      if (length > 0) {
        System.arraycopy(onHeap[doc], 0, out, 0, length);
      }
      return out;
    }
    ByteBuffer bytes = readBuffers.get();
    if (bytes.capacity() < length * Integer.BYTES) {
      bytes = ByteBuffer.allocateDirect(length * Integer.BYTES).order(ByteOrder.nativeOrder());
      readBuffers.set(bytes);
    }
    bytes.clear().limit(length * Integer.BYTES);
    long position = offsets[doc] * Integer.BYTES;
    while (bytes.hasRemaining()) {
      int r = channel.read(bytes, position + bytes.position());
      if (r < 0) {
        throw new IOException("temporary file " + file + " is shorter than written");
      }
    }
    bytes.flip();
    bytes.asIntBuffer().get(out, 0, length);
    return out;
  }

  /** The number of documents numbered so far (the highest number with a set, plus one). */
  public int documents() {
    return documents;
  }

  @Override
  public void close() throws IOException {
    onHeap = null;
    if (channel == null) {
      return;
    }
    channel.close();
    java.nio.file.Files.deleteIfExists(file);
  }
}

package io.neardup.cli.input;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The decompressed bytes of a gzip file of one or more members (RFC 1952), as {@code gzip -d} reads
 * them, checking every member's header, data and trailer. The JDK's {@code GZIPInputStream} takes
 * whatever follows a member without a valid header for trailing garbage and ends there, so one
 * damaged byte between members loses the rest of the file in silence; here damage is a {@link
 * Damaged} exception naming its offset, and {@link #resume} goes on at the next member that starts
 * after it.
 */
final class GzipMembers extends InputStream {
  /** Damaged gzip data at a byte offset of the compressed file. */
  static final class Damaged extends IOException {
    private static final long serialVersionUID = 1L;
    private final long offset;

    Damaged(long offset, String message, Throwable cause) {
      super(message, cause);
      this.offset = offset;
    }

    /** The offset of the damaged member, or of the bytes that are not one. */
    long offset() {
      return offset;
    }
  }

  private static final int ID1 = 0x1f;
  private static final int ID2 = 0x8b;
  private static final int DEFLATE = 8;
  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;
  private static final int RESERVED = 0xe0;

  private final FileChannel file;
  private final long size;
  private final byte[] input = new byte[1 << 16];
  // the file offset of input[0]; input[inputStart, inputEnd) is not consumed yet
  private long inputOffset;
  private int inputStart;
  private int inputEnd;
  private final Inflater inflater = new Inflater(true);
  private final CRC32 crc = new CRC32();
  private long memberStart;
  private long memberBytes;
  private boolean inMember;
  private boolean ended;

  GzipMembers(Path path) throws IOException {
    this.file = FileChannel.open(path, StandardOpenOption.READ);
    this.size = file.size();
  }

  /** The compressed bytes read so far. */
  long position() {
    return inputOffset + inputStart;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    while (!ended) {
      if (!inMember) {
        if (!startMember()) {
          ended = true;
          break;
        }
        continue;
      }
      int n;
      try {
        n = inflater.inflate(b, off, len);
      } catch (DataFormatException e) {
        throw damaged("its compressed data is corrupt (" + e.getMessage() + ")", e);
      }
      if (n > 0) {
        crc.update(b, off, n);
        memberBytes += n;
        return n;
      }
      if (inflater.finished()) {
        inputStart = inputEnd - inflater.getRemaining();
        endMember();
      } else if (inflater.needsDictionary()) {
        throw damaged(
            "its compressed data asks for a preset dictionary, which gzip never uses", null);
      } else if (inflater.needsInput()) {
        if (!fill()) {
          throw damaged("it is cut short: the file ends inside it", new EOFException());
        }
        inflater.setInput(input, inputStart, inputEnd - inputStart);
        inputStart = inputEnd;
      }
    }
    return -1;
  }

  /**
   * Goes on after damage at the next offset where a gzip member header starts.
   *
   * @return that offset, or -1 if no member follows (reading has then ended)
   */
  long resume(Damaged damage) throws IOException {
    long at = find(damage.offset() + 1);
    inflater.reset();
    crc.reset();
    inMember = false;
    if (at < 0) {
      ended = true;
      inputOffset = size;
      inputStart = inputEnd = 0;
      return -1;
    }
    inputOffset = at;
    inputStart = inputEnd = 0;
    return at;
  }

  /** Reads the next member's header; false at the end of the file. */
  private boolean startMember() throws IOException {
    memberStart = position();
    if (!available(1)) {
      return false;
    }
    if (!available(10) || u8(0) != ID1 || u8(1) != ID2) {
      if (trailingZeros()) {
        return false; // padding some writers leave, as gzip -d accepts it
      }
      throw damaged("these bytes are not a gzip member", null);
    }
    int flags = u8(3);
    if (u8(2) != DEFLATE || (flags & RESERVED) != 0) {
      throw damaged("its header has an unknown method or flags", null);
    }
    int at = 10;
    if ((flags & FEXTRA) != 0) {
      if (!available(at + 2)) {
        throw damaged("it is cut short in its header", null);
      }
      at += 2 + (u8(at) | u8(at + 1) << 8);
    }
    if ((flags & FNAME) != 0) {
      at = skipZeroTerminated(at);
    }
    if ((flags & FCOMMENT) != 0) {
      at = skipZeroTerminated(at);
    }
    if ((flags & FHCRC) != 0) {
      at += 2;
    }
    if (!available(at)) {
      throw damaged("it is cut short in its header", null);
    }
    inputStart += at;
    inflater.reset();
    crc.reset();
    memberBytes = 0;
    inMember = true;
    inflater.setInput(input, inputStart, inputEnd - inputStart);
    inputStart = inputEnd;
    return true;
  }

  private int skipZeroTerminated(int at) throws IOException {
    while (true) {
      if (!available(at + 1)) {
        throw damaged("it is cut short in its header", null);
      }
      if (u8(at++) == 0) {
        return at;
      }
    }
  }

  /** Checks the member's CRC-32 and length, which follow its compressed data. */
  private void endMember() throws IOException {
    if (!available(8)) {
      throw damaged("it is cut short: the file ends inside its trailer", new EOFException());
    }
    long crc32 = u32(0);
    long length = u32(4);
    if (crc32 != crc.getValue()) {
      throw damaged("its data does not match its CRC-32", null);
    }
    if (length != (memberBytes & 0xffffffffL)) {
      throw damaged("its length does not match its trailer", null);
    }
    inputStart += 8;
    inMember = false;
  }

  /** Whether everything from here to the end of the file is zero bytes. */
  private boolean trailingZeros() throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
    for (long at = position(); at < size; ) {
      buffer.clear();
      int n = file.read(buffer, at);
      if (n <= 0) {
        break;
      }
      for (int i = 0; i < n; i++) {
        if (buffer.get(i) != 0) {
          return false;
        }
      }
      at += n;
    }
    return true;
  }

  /** Whether {@code count} unconsumed bytes are in the buffer, reading more if needed. */
  private boolean available(int count) throws IOException {
    while (inputEnd - inputStart < count) {
      if (inputStart > 0) {
        System.arraycopy(input, inputStart, input, 0, inputEnd - inputStart);
        inputOffset += inputStart;
        inputEnd -= inputStart;
        inputStart = 0;
      }
      if (!readMore()) {
        return false;
      }
    }
    return true;
  }

  /** Reads more of the file after the unconsumed bytes; false at its end. */
  private boolean fill() throws IOException {
    inputOffset += inputStart;
    inputStart = 0;
    inputEnd = 0;
    return readMore();
  }

  private boolean readMore() throws IOException {
    if (inputEnd == input.length) {
      throw damaged("its header is longer than " + input.length + " bytes", null);
    }
    int n =
        file.read(
            ByteBuffer.wrap(input, inputEnd, input.length - inputEnd), inputOffset + inputEnd);
    if (n <= 0) {
      return false;
    }
    inputEnd += n;
    return true;
  }

  private int u8(int at) {
    return input[inputStart + at] & 0xff;
  }

  private long u32(int at) {
    return (u8(at) | u8(at + 1) << 8 | u8(at + 2) << 16 | (long) u8(at + 3) << 24) & 0xffffffffL;
  }

  private Damaged damaged(String what, Throwable cause) {
    long at = inMember ? memberStart : position();
    String which = inMember || at == 0 ? "the gzip member" : "the data after a gzip member";
    return new Damaged(at, which + " at byte offset " + at + " is damaged: " + what, cause);
  }

  /** The first offset after {@code from} where a gzip member header starts, or -1. */
  private long find(long from) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
    byte[] b = buffer.array();
    for (long base = from; base < size; ) {
      buffer.clear();
      int n = file.read(buffer, base);
      if (n < 3) {
        return -1;
      }
      for (int i = 0; i + 3 <= n; i++) {
        if ((b[i] & 0xff) == ID1 && (b[i + 1] & 0xff) == ID2 && b[i + 2] == DEFLATE) {
          return base + i;
        }
      }
      base += n - 2; // overlap, so that a header across two reads is found
    }
    return -1;
  }

  @Override
  public void close() throws IOException {
    inflater.end();
    file.close();
  }
}

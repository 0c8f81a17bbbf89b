package io.neardup.web.warc;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.ParsingException;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcTargetRecord;

/**
 * Reads the HTML pages of a WARC file ({@code .warc}, or {@code .warc.gz} with one gzip member per
 * record), one record at a time: {@code response} records whose HTTP status is 2xx and whose
 * payload is HTML ({@code text/html} or {@code application/xhtml+xml}), and {@code resource}
 * records of those types. Every other record is {@link Skipped}, with the reason, so a caller can
 * count what it set aside. The payload is decoded of its transfer and content encodings (chunked,
 * gzip) and keeps its raw bytes: the charset is for {@code io.neardup.web.html.HtmlDecoder} to
 * find.
 *
 * <p>A record that cannot be parsed is reported as a {@link CorruptWarcException} naming its
 * offset, and reading goes on at the next record that parses: the next gzip member of a {@code
 * .warc.gz} (each record is one) or the next {@code WARC/1.} version line of a {@code .warc}, so
 * one bad record loses nothing else.
 *
 * <pre>{@code
 * try (WarcPages pages = new WarcPages(Path.of("crawl.warc.gz"), 64 << 20)) {
 *   for (WarcPages.Entry e; (e = pages.next()) != null; ) {
 *     if (e instanceof WarcPages.Page p) { ... p.url(), p.body() ... }
 *   }
 * }
 * }</pre>
 */
public final class WarcPages implements Closeable {
  /** The media types read as HTML. */
  public static final Set<String> HTML_TYPES = Set.of("text/html", "application/xhtml+xml");

  /** What one record of the file is. */
  public sealed interface Entry permits Page, Skipped {
    /** The record's byte offset in the file (in the compressed file for {@code .warc.gz}). */
    long offset();
  }

  /**
   * An HTML page.
   *
   * @param url the {@code WARC-Target-URI}
   * @param date the {@code WARC-Date}, the time of the capture
   * @param contentType the payload's {@code Content-Type} as served, with its charset if it had one
   * @param body the payload, decoded of transfer and content encodings
   * @param truncated whether the record says its payload was cut short ({@code WARC-Truncated})
   */
  public record Page(
      long offset, String url, Instant date, String contentType, byte[] body, boolean truncated)
      implements Entry {}

  /**
   * A record that is not an HTML page.
   *
   * @param reason why, short and countable: {@code "request record"}, {@code "image/png response"},
   *     {@code "HTTP 404 response"}
   */
  public record Skipped(long offset, String reason) implements Entry {}

  /** A record or gzip member that cannot be read, naming its offset. */
  public static final class CorruptWarcException extends IOException {
    private static final long serialVersionUID = 1L;
    private final long offset;

    CorruptWarcException(long offset, String message, Throwable cause) {
      super(message, cause);
      this.offset = offset;
    }

    /** The offset of the record that could not be read. */
    public long offset() {
      return offset;
    }
  }

  /** A page whose payload is larger than the bound; the reader goes on after it. */
  public static final class PageTooLargeException extends IOException {
    private static final long serialVersionUID = 1L;
    private final long offset;

    PageTooLargeException(long offset, String message) {
      super(message);
      this.offset = offset;
    }

    /** The offset of the record. */
    public long offset() {
      return offset;
    }
  }

  private final Path file;
  private final WarcReader reader;
  private final int maxBodyBytes;
  private boolean ended;
  private long last = -1;
  // the record after the one returned last, read ahead, or one found after a corrupt one
  private WarcRecord pending;
  // why reading the record ahead failed, reported when it is asked for
  private Exception failed;
  // set when the reader finds no record separator after a record's block
  private boolean badSeparator;

  private static final Pattern FAILED_AT = Pattern.compile("\\(offset (\\d+) in ");

  /**
   * Opens a WARC file; gzip compression is recognised from its first bytes.
   *
   * @param maxBodyBytes the largest payload read; a larger page is a {@link PageTooLargeException}
   */
  public WarcPages(Path file, int maxBodyBytes) throws IOException {
    this.file = file;
    this.reader = new WarcReader(file);
    this.reader.onWarning(warning -> {
      if (warning.startsWith("invalid record trailer")) {
        badSeparator = true;
      }
    });
    this.maxBodyBytes = maxBodyBytes;
  }

  /**
   * The next record, or null at the end of the file.
   *
   * @throws CorruptWarcException if the next record cannot be parsed; the following call reads on
   *     at the next record that can
   * @throws PageTooLargeException if the next page is too large; the following call reads on
   */
  public Entry next() throws IOException {
    if (ended) {
      return null;
    }
    WarcRecord record;
    if (pending != null) {
      record = pending;
      pending = null;
    } else {
      Optional<WarcRecord> read;
      try {
        if (failed != null) {
          Exception e = failed;
          failed = null;
          if (e instanceof IOException io) {
            throw io;
          }
          throw (RuntimeException) e;
        }
        read = reader.next();
      } catch (IOException | RuntimeException e) {
        long at = failedAt(e);
        if (at < 0) {
          // the reader does not say where: the record after the last one read
          long next = find(recordStart(), last + 1);
          at = next >= 0 ? next : Math.max(last, 0);
        }
        throw corrupt(at, e, resynchronise(at));
      }
      if (read.isEmpty()) {
        ended = true;
        return null;
      }
      record = read.get();
    }
    long offset = record.position();
    last = offset;
    Entry entry;
    try {
      entry = entry(record, offset);
    } catch (PageTooLargeException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      // the record's own content is bad; the reader skips the rest of it on the next call
      throw corrupt(offset, e, -2);
    }
    readAhead(record, offset);
    return entry;
  }

  /**
   * Reads the record after {@code record} now, and so checks that {@code record} ends where its
   * {@code Content-Length} says: its block must be followed by the record separator. A length that
   * runs past the record's end would take the records after it for its own content (or, in a {@code
   * .warc.gz}, make the next, valid one look corrupt).
   *
   * @throws CorruptWarcException for {@code record}, if it does not end where it says; the next
   *     call reads on at the record after it
   */
  private void readAhead(WarcRecord record, long offset) throws IOException {
    badSeparator = false;
    Optional<WarcRecord> next;
    try {
      next = reader.next();
    } catch (IOException | RuntimeException e) {
      if (!badSeparator) {
        failed = e; // the next record's own failure: reported by the next call
        return;
      }
      next = Optional.empty();
    }
    if (badSeparator) {
      pending = null;
      String length = record.headers().first("Content-Length").orElse("none");
      throw corrupt(
          offset,
          "its Content-Length ("
              + length
              + ") does not end where the record does: no record separator follows its block",
          resynchronise(offset));
    }
    if (next.isEmpty()) {
      ended = true;
    } else {
      pending = next.get();
    }
  }

  /**
   * Finds the first record after {@code from} that parses and keeps it for the next call.
   *
   * @return its offset, or -1 if none follows (reading has then ended)
   */
  private long resynchronise(long from) throws IOException {
    byte[] start = recordStart();
    long at = from + 1;
    while (true) {
      long candidate = find(start, at);
      if (candidate < 0) {
        ended = true;
        return -1;
      }
      try {
        reader.position(candidate);
        Optional<WarcRecord> record = reader.next();
        if (record.isEmpty()) {
          ended = true;
          return -1;
        }
        pending = record.get();
        return candidate;
      } catch (IOException | RuntimeException e) {
        at = candidate + 1;
      }
    }
  }

  /** The bytes a record starts with: a gzip member's header, or the WARC version line. */
  private byte[] recordStart() {
    return reader.compression() == WarcCompression.GZIP
        ? new byte[] {0x1f, (byte) 0x8b, 0x08}
        : "WARC/1.".getBytes(StandardCharsets.US_ASCII);
  }

  /** The first offset at or after {@code from} where {@code bytes} start in the file, or -1. */
  private long find(byte[] bytes, long from) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      return find(channel, from, bytes);
    }
  }

  /** The first offset at or after {@code from} where {@code bytes} start, or -1. */
  private static long find(FileChannel channel, long from, byte[] bytes) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
    long base = from;
    while (true) {
      buffer.clear();
      int n = channel.read(buffer, base);
      if (n < bytes.length) {
        return -1;
      }
      byte[] b = buffer.array();
      for (int i = 0; i + bytes.length <= n; i++) {
        if (java.util.Arrays.equals(b, i, i + bytes.length, bytes, 0, bytes.length)) {
          return base + i;
        }
      }
      // the next window overlaps this one so that a match across their border is found
      base += n - bytes.length + 1;
    }
  }

  private Entry entry(WarcRecord record, long offset) throws IOException {
    if (record instanceof WarcResponse response) {
      MediaType type = response.contentType();
      if (!type.base().equals(MediaType.HTTP_RESPONSE.base())) {
        return new Skipped(offset, type.base() + " response"); // e.g. a Gemini or DNS capture
      }
      HttpResponse http = response.http();
      if (http.status() < 200 || http.status() > 299) {
        return new Skipped(offset, "HTTP " + http.status() + " response");
      }
      String contentType = http.headers().first("Content-Type").orElse(null);
      String base = baseType(contentType);
      if (!HTML_TYPES.contains(base)) {
        return new Skipped(offset, (base.isEmpty() ? "untyped" : base) + " response");
      }
      byte[] body = read(http.bodyDecoded().stream(), offset, response);
      return new Page(
          offset, response.target(), response.date(), contentType, body, truncated(response));
    }
    if (record instanceof WarcResource resource) {
      String contentType = resource.contentType().raw();
      String base = baseType(contentType);
      if (!HTML_TYPES.contains(base)) {
        return new Skipped(offset, (base.isEmpty() ? "untyped" : base) + " resource");
      }
      byte[] body = read(resource.body().stream(), offset, resource);
      return new Page(
          offset, resource.target(), resource.date(), contentType, body, truncated(resource));
    }
    return new Skipped(offset, record.type() + " record");
  }

  private static boolean truncated(WarcRecord record) {
    return record.headers().first("WARC-Truncated").isPresent();
  }

  /** The media type without parameters, lower case; empty if none. */
  static String baseType(String contentType) {
    if (contentType == null) {
      return "";
    }
    int semicolon = contentType.indexOf(';');
    String base = semicolon < 0 ? contentType : contentType.substring(0, semicolon);
    return base.trim().toLowerCase(Locale.ROOT);
  }

  private byte[] read(InputStream in, long offset, WarcTargetRecord record) throws IOException {
    byte[] body = in.readNBytes(maxBodyBytes);
    if (body.length == maxBodyBytes && in.read() >= 0) {
      throw new PageTooLargeException(
          offset,
          "page "
              + record.target()
              + " must be at most "
              + maxBodyBytes
              + " bytes, got a larger one");
    }
    return body;
  }

  /**
   * Where the record that failed to parse starts, as the reader names it in its message; -1 if it
   * does not.
   */
  private long failedAt(Exception e) {
    Matcher m = e.getMessage() == null ? null : FAILED_AT.matcher(e.getMessage());
    if (m != null && m.find()) {
      return Long.parseLong(m.group(1));
    }
    return -1;
  }

  /**
   * @param resumed where reading goes on: the next record's offset, -1 if none follows, -2 right
   *     after this record
   */
  private CorruptWarcException corrupt(long offset, Exception e, long resumed) {
    String what =
        e instanceof EOFException
            ? "cut short"
            : e instanceof ParsingException p
                ? p.getBaseMessage()
                : e.getMessage() == null ? e.toString() : e.getMessage();
    return corrupt(offset, what, resumed, e);
  }

  private CorruptWarcException corrupt(long offset, String what, long resumed) {
    return corrupt(offset, what, resumed, null);
  }

  private CorruptWarcException corrupt(long offset, String what, long resumed, Exception e) {
    String next =
        resumed == -1
            ? "; no readable record follows it"
            : resumed >= 0 ? "; reading goes on at the next record, at byte offset " + resumed : "";
    return new CorruptWarcException(
        offset, "corrupt WARC record at byte offset " + offset + ": " + what + next, e);
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}

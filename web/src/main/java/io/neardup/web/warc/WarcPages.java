package io.neardup.web.warc;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.ParsingException;
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
 * <p>A record that cannot be parsed ends the file: WARC has no marker to find the next record from,
 * so the records before it are read and the rest is reported as one {@link CorruptWarcException}.
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

  private final WarcReader reader;
  private final int maxBodyBytes;
  private boolean ended;
  private long last = -1;

  private static final Pattern FAILED_AT = Pattern.compile("\\(offset (\\d+) in ");

  /**
   * Opens a WARC file; gzip compression is recognised from its first bytes.
   *
   * @param maxBodyBytes the largest payload read; a larger page is a {@link PageTooLargeException}
   */
  public WarcPages(Path file, int maxBodyBytes) throws IOException {
    this.reader = new WarcReader(file);
    this.maxBodyBytes = maxBodyBytes;
  }

  /**
   * The next record, or null at the end of the file.
   *
   * @throws CorruptWarcException if the next record cannot be parsed; the reader is then at its end
   * @throws PageTooLargeException if the next page is too large; the following call reads on
   */
  public Entry next() throws IOException {
    if (ended) {
      return null;
    }
    Optional<WarcRecord> read;
    try {
      read = reader.next();
    } catch (IOException | RuntimeException e) {
      throw corrupt(failedAt(e), e);
    }
    if (read.isEmpty()) {
      ended = true;
      return null;
    }
    WarcRecord record = read.get();
    long offset = record.position();
    last = offset;
    try {
      return entry(record, offset);
    } catch (PageTooLargeException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw corrupt(offset, e);
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
   * Where the record that failed to parse starts: the reader names it in its message; otherwise the
   * start of the last record read stands in (its end is not known).
   */
  private long failedAt(Exception e) {
    Matcher m = e.getMessage() == null ? null : FAILED_AT.matcher(e.getMessage());
    if (m != null && m.find()) {
      return Long.parseLong(m.group(1));
    }
    return Math.max(last, 0);
  }

  private CorruptWarcException corrupt(long offset, Exception e) {
    ended = true;
    String what =
        e instanceof EOFException
            ? "cut short"
            : e instanceof ParsingException p
                ? p.getBaseMessage()
                : e.getMessage() == null ? e.toString() : e.getMessage();
    return new CorruptWarcException(
        offset, "corrupt WARC record at byte offset " + offset + ": " + what, e);
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}

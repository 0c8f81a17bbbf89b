package io.neardup.web.warc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.HttpRequest;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;

class WarcPagesTest {
  private static final Instant DATE = Instant.parse("2024-05-01T10:00:00Z");
  private static final byte[] PAGE = "<p>hello</p>".getBytes(StandardCharsets.UTF_8);

  @TempDir Path tmp;

  private static WarcResponse response(String url, int status, String type, byte[] body)
      throws IOException {
    return new WarcResponse.Builder(url)
        .date(DATE)
        .body(new HttpResponse.Builder(status, "X").body(MediaType.parse(type), body).build())
        .build();
  }

  private Path write(String name, WarcCompression compression) throws IOException {
    Path file = tmp.resolve(name);
    try (WarcWriter w =
        new WarcWriter(
            FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE),
            compression)) {
      w.write(
          new WarcRequest.Builder("https://a.example/")
              .body(new HttpRequest.Builder("GET", "/").build())
              .build());
      w.write(response("https://a.example/", 200, "text/html; charset=utf-8", PAGE));
      w.write(response("https://a.example/x.png", 200, "image/png", new byte[] {1, 2}));
      w.write(response("https://a.example/gone", 404, "text/html", PAGE));
      w.write(response("https://a.example/x.xhtml", 200, "application/xhtml+xml", PAGE));
      w.write(
          new WarcResource.Builder(java.net.URI.create("https://a.example/r"))
              .date(DATE)
              .body(MediaType.HTML, PAGE)
              .build());
    }
    return file;
  }

  private static List<WarcPages.Entry> readAll(Path file) throws IOException {
    List<WarcPages.Entry> out = new ArrayList<>();
    try (WarcPages pages = new WarcPages(file, 1 << 20)) {
      for (WarcPages.Entry e; (e = pages.next()) != null; ) {
        out.add(e);
      }
    }
    return out;
  }

  @Test
  void htmlResponsesAndResourcesAreRead() throws IOException {
    for (WarcCompression c : new WarcCompression[] {WarcCompression.NONE, WarcCompression.GZIP}) {
      List<WarcPages.Entry> entries =
          readAll(write(c == WarcCompression.GZIP ? "a.warc.gz" : "a.warc", c));
      List<String> kinds = new ArrayList<>();
      for (WarcPages.Entry e : entries) {
        kinds.add(
            e instanceof WarcPages.Page p ? "page " + p.url() : ((WarcPages.Skipped) e).reason());
      }
      assertEquals(
          List.of(
              "request record",
              "page https://a.example/",
              "image/png response",
              "HTTP 404 response",
              "page https://a.example/x.xhtml",
              "page https://a.example/r"),
          kinds,
          c.toString());
      WarcPages.Page page = (WarcPages.Page) entries.get(1);
      assertArrayEquals(PAGE, page.body());
      assertEquals(DATE, page.date());
      assertEquals("text/html;charset=utf-8", page.contentType().replace(" ", ""));
      assertFalse(page.truncated());
      assertTrue(entries.get(1).offset() > entries.get(0).offset());
    }
  }

  @Test
  void aGzipEncodedPayloadIsDecoded() throws IOException {
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(PAGE);
    }
    Path file = tmp.resolve("enc.warc");
    try (WarcWriter w =
        new WarcWriter(
            FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE))) {
      w.write(
          new WarcResponse.Builder("https://a.example/")
              .date(DATE)
              .body(
                  new HttpResponse.Builder(200, "OK")
                      .addHeader("Content-Encoding", "gzip")
                      .body(MediaType.HTML, gz.toByteArray())
                      .build())
              .build());
    }
    WarcPages.Page page = (WarcPages.Page) readAll(file).get(0);
    assertArrayEquals(PAGE, page.body());
  }

  @Test
  void aCorruptRecordIsReportedAndReadingGoesOnAtTheNextRecord() throws IOException {
    Path good = write("g.warc", WarcCompression.NONE);
    byte[] records = Files.readAllBytes(good);
    byte[] bad = "WARC/1.1\r\nnot a header line\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    Files.write(good, bad, StandardOpenOption.APPEND);
    Files.write(good, records, StandardOpenOption.APPEND);
    try (WarcPages pages = new WarcPages(good, 1 << 20)) {
      for (int i = 0; i < 6; i++) {
        assertTrue(pages.next() != null);
      }
      WarcPages.CorruptWarcException e =
          assertThrows(WarcPages.CorruptWarcException.class, pages::next);
      assertEquals(records.length, e.offset());
      assertTrue(
          e.getMessage().startsWith("corrupt WARC record at byte offset " + records.length),
          e.getMessage());
      long resumed = records.length + bad.length;
      assertTrue(
          e.getMessage().endsWith("reading goes on at the next record, at byte offset " + resumed),
          e.getMessage());
      List<WarcPages.Entry> rest = new ArrayList<>();
      for (WarcPages.Entry next; (next = pages.next()) != null; ) {
        rest.add(next);
      }
      assertEquals(6, rest.size(), "nothing after the corrupt record is lost");
      assertEquals(resumed, rest.get(0).offset());
      assertEquals("https://a.example/r", ((WarcPages.Page) rest.get(5)).url());
    }
  }

  @Test
  void aCorruptGzipMemberIsSkippedAndTheNextMembersRead() throws IOException {
    Path file = write("c.warc.gz", WarcCompression.GZIP);
    List<WarcPages.Entry> all = readAll(file);
    byte[] bytes = Files.readAllBytes(file);
    // garble the deflate data of the second record (the first page), past its gzip header
    int from = (int) all.get(1).offset() + 12;
    for (int i = from; i < from + 24; i++) {
      bytes[i] ^= (byte) 0x5a;
    }
    Files.write(file, bytes);
    List<String> seen = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    try (WarcPages pages = new WarcPages(file, 1 << 20)) {
      while (true) {
        try {
          WarcPages.Entry e = pages.next();
          if (e == null) {
            break;
          }
          seen.add(e.offset() + "");
        } catch (WarcPages.CorruptWarcException e) {
          errors.add(e.getMessage());
        }
      }
    }
    assertEquals(1, errors.size(), errors.toString());
    assertTrue(errors.get(0).contains("at byte offset " + all.get(1).offset()), errors.toString());
    List<String> expected = new ArrayList<>();
    for (WarcPages.Entry e : all) {
      expected.add(e.offset() + "");
    }
    expected.remove(1);
    assertEquals(expected, seen, "every other record is read");
  }

  @Test
  void aContentLengthPastTheRecordsEndLosesOnlyThatRecord() throws IOException {
    Path plain = write("long.warc", WarcCompression.NONE);
    List<WarcPages.Entry> all = readAll(plain);
    byte[] bytes = Files.readAllBytes(plain);
    // the records as they are, then the first page's with a Content-Length 300 bytes too long
    List<byte[]> records = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      int from = (int) all.get(i).offset();
      int to = i + 1 < all.size() ? (int) all.get(i + 1).offset() : bytes.length;
      records.add(java.util.Arrays.copyOfRange(bytes, from, to));
    }
    String page = new String(records.get(1), StandardCharsets.ISO_8859_1);
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("Content-Length: (\\d+)\r\n").matcher(page);
    assertTrue(m.find(), page);
    long declared = Long.parseLong(m.group(1)) + 300;
    records.set(
        1,
        (page.substring(0, m.start(1)) + declared + page.substring(m.end(1)))
            .getBytes(StandardCharsets.ISO_8859_1));

    for (boolean gzip : new boolean[] {false, true}) {
      java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
      List<Long> offsets = new ArrayList<>();
      for (byte[] record : records) {
        offsets.add((long) file.size());
        if (gzip) {
          try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(file)) {
            gz.write(record);
          }
        } else {
          file.write(record);
        }
      }
      Path path = tmp.resolve(gzip ? "long2.warc.gz" : "long2.warc");
      Files.write(path, file.toByteArray());
      List<Long> seen = new ArrayList<>();
      List<String> errors = new ArrayList<>();
      try (WarcPages pages = new WarcPages(path, 1 << 20)) {
        while (true) {
          try {
            WarcPages.Entry e = pages.next();
            if (e == null) {
              break;
            }
            seen.add(e.offset());
          } catch (WarcPages.CorruptWarcException e) {
            errors.add(e.getMessage());
          }
        }
      }
      assertEquals(
          List.of(
              "corrupt WARC record at byte offset "
                  + offsets.get(1)
                  + ": its Content-Length ("
                  + declared
                  + ") does not end where the record does: no record separator follows its"
                  + " block; reading goes on at the next record, at byte offset "
                  + offsets.get(2)),
          errors,
          "gzip " + gzip);
      List<Long> expected = new ArrayList<>(offsets);
      expected.remove(1);
      assertEquals(expected, seen, "every other record is read, gzip " + gzip);
    }
  }

  @Test
  void aTruncatedFileIsCorrupt() throws IOException {
    Path file = write("t.warc", WarcCompression.NONE);
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 40));
    IOException e =
        assertThrows(
            IOException.class,
            () -> {
              try (WarcPages pages = new WarcPages(file, 1 << 20)) {
                while (pages.next() != null) {}
              }
            });
    assertTrue(e instanceof WarcPages.CorruptWarcException, e.toString());
  }

  @Test
  void aPageOverTheBoundIsReportedAndReadingGoesOn() throws IOException {
    Path file = write("big.warc", WarcCompression.NONE);
    try (WarcPages pages = new WarcPages(file, 5)) {
      assertTrue(pages.next() instanceof WarcPages.Skipped);
      WarcPages.PageTooLargeException e =
          assertThrows(WarcPages.PageTooLargeException.class, pages::next);
      assertEquals(
          "page https://a.example/ must be at most 5 bytes, got a larger one", e.getMessage());
      assertEquals("image/png response", ((WarcPages.Skipped) pages.next()).reason());
    }
  }
}

package io.neardup.web.html;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

class HtmlDecoderTest {
  private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
  private static final Charset KOI8_R = Charset.forName("KOI8-R");

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = new byte[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static void assertDecoded(
      String text, Charset charset, HtmlDecoder.Source source, HtmlDecoder.Decoded d) {
    assertEquals(text, d.html());
    assertEquals(charset, d.charset());
    assertEquals(source, d.source());
  }

  @Test
  void byteOrderMarksComeFirst() {
    String html = "<p>café</p>";
    byte[] utf8 =
        concat(
            new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf},
            html.getBytes(StandardCharsets.UTF_8));
    // a BOM wins over a header that says otherwise
    assertDecoded(
        html,
        StandardCharsets.UTF_8,
        HtmlDecoder.Source.BOM,
        HtmlDecoder.decode(utf8, "text/html; charset=iso-8859-1"));
    byte[] le =
        concat(new byte[] {(byte) 0xff, (byte) 0xfe}, html.getBytes(StandardCharsets.UTF_16LE));
    assertDecoded(
        html, StandardCharsets.UTF_16LE, HtmlDecoder.Source.BOM, HtmlDecoder.decode(le, null));
    byte[] be =
        concat(new byte[] {(byte) 0xfe, (byte) 0xff}, html.getBytes(StandardCharsets.UTF_16BE));
    assertDecoded(
        html, StandardCharsets.UTF_16BE, HtmlDecoder.Source.BOM, HtmlDecoder.decode(be, null));
  }

  @Test
  void theHttpHeaderBeatsTheMetaTag() {
    String html = "<meta charset=\"utf-8\"><p>привет</p>";
    assertDecoded(
        html,
        KOI8_R,
        HtmlDecoder.Source.HTTP_HEADER,
        HtmlDecoder.decode(html.getBytes(KOI8_R), "text/html; Charset=\"KOI8-R\""));
  }

  @Test
  void metaCharsetAndHttpEquiv() {
    String html = "<html><head><meta charset='windows-1251'></head><p>привет</p>";
    Charset cp1251 = Charset.forName("windows-1251");
    assertDecoded(
        html, cp1251, HtmlDecoder.Source.META, HtmlDecoder.decode(html.getBytes(cp1251), null));
    String equiv =
        "<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=ISO-8859-1\"><p>café</p>";
    // ISO-8859-1 is decoded as windows-1252, as browsers do
    assertDecoded(
        equiv,
        WINDOWS_1252,
        HtmlDecoder.Source.META,
        HtmlDecoder.decode(equiv.getBytes(StandardCharsets.ISO_8859_1), "text/html"));
  }

  @Test
  void aMetaTagBeyondThePrescanIsNotSeen() {
    String html = "<p>" + "x".repeat(HtmlDecoder.META_PRESCAN_BYTES) + "</p><meta charset=koi8-r>";
    HtmlDecoder.Decoded d = HtmlDecoder.decode(html.getBytes(StandardCharsets.UTF_8), null);
    assertEquals(HtmlDecoder.Source.FALLBACK, d.source());
  }

  @Test
  void unknownLabelsArePassedOver() {
    String html = "<meta charset=\"no-such-charset\"><p>café</p>";
    assertDecoded(
        html,
        StandardCharsets.UTF_8,
        HtmlDecoder.Source.FALLBACK,
        HtmlDecoder.decode(html.getBytes(StandardCharsets.UTF_8), "text/html; charset=bogus"));
  }

  @Test
  void fallbackIsUtf8WhenValidElseWindows1252() {
    String html = "<p>naïve café – “quotes”</p>";
    assertDecoded(
        html,
        StandardCharsets.UTF_8,
        HtmlDecoder.Source.FALLBACK,
        HtmlDecoder.decode(html.getBytes(StandardCharsets.UTF_8), null));
    assertDecoded(
        html,
        WINDOWS_1252,
        HtmlDecoder.Source.FALLBACK,
        HtmlDecoder.decode(html.getBytes(WINDOWS_1252), null));
  }

  @Test
  void invalidBytesInTheDeclaredCharsetAreReplaced() {
    byte[] bytes = {'<', 'p', '>', 'a', (byte) 0xc3, 'b', '<', '/', 'p', '>'};
    HtmlDecoder.Decoded d = HtmlDecoder.decode(bytes, "text/html; charset=utf-8");
    assertEquals("<p>a\uFFFDb</p>", d.html());
  }

  @Test
  void brokenHtmlIsParsedLeniently() {
    Document d =
        HtmlDecoder.parse(
            "<body><div><p>one<p>two <b>bold <i>both</b> italic</div></span><td>cell",
            "https://example.org/");
    assertEquals("one two bold both italic cell", d.body().text());
    assertEquals(2, d.select("p").size());
    assertEquals("", HtmlDecoder.parse("", null).body().text());
  }

  @Test
  void anUnclosedTitleEndsAtTheFirstTag() {
    String page = "<html><head><title>News library--><script>x()</script></head><body><p>Text.</p>";
    var document = HtmlDecoder.parse(page, "");
    assertEquals("News library-->", document.title());
    assertEquals("Text.", document.body().text());
    // a closed title is left as it is
    assertEquals("a < b", HtmlDecoder.parse("<title>a < b</title><p>c", "").title());
  }
}

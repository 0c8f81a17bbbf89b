package io.neardup.web.html;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;

/**
 * Decodes the bytes of an HTML page into text and parses it leniently, as browsers do.
 *
 * <p>The charset is chosen in the order of the HTML standard's encoding sniffing: a byte order
 * mark, then the {@code charset} of the HTTP {@code Content-Type} header, then a {@code <meta
 * charset>} or {@code <meta http-equiv="Content-Type">} in the first {@value #META_PRESCAN_BYTES}
 * bytes, then the fallback: UTF-8 if the bytes are valid UTF-8, else windows-1252 (which browsers
 * use for ISO-8859-1 labels too). A label that names no charset the JDK knows is passed over. Bytes
 * that are invalid in the chosen charset are replaced (U+FFFD): web pages are often slightly wrong,
 * and a page is still worth reading.
 *
 * <pre>{@code
 * HtmlDecoder.Decoded d = HtmlDecoder.decode(bytes, "text/html; charset=iso-8859-1");
 * Document dom = HtmlDecoder.parse(d.html(), "https://example.org/a.html");
 * }</pre>
 */
public final class HtmlDecoder {
  /** How far into a page a meta charset is looked for, as in the HTML standard's prescan. */
  public static final int META_PRESCAN_BYTES = 1024;

  /** The charset of a page that declares none and is not valid UTF-8. */
  public static final Charset DEFAULT_FALLBACK = Charset.forName("windows-1252");

  /** Where the charset of a page came from. */
  public enum Source {
    /** A byte order mark (UTF-8, UTF-16LE or UTF-16BE). */
    BOM,
    /** The {@code charset} parameter of the HTTP {@code Content-Type} header. */
    HTTP_HEADER,
    /** A {@code <meta>} tag in the first {@value HtmlDecoder#META_PRESCAN_BYTES} bytes. */
    META,
    /** None was declared (or none was known): UTF-8 if valid, else the fallback charset. */
    FALLBACK
  }

  /**
   * A decoded page.
   *
   * @param html the text, without a byte order mark
   * @param charset the charset it was decoded with
   * @param source where the charset came from
   */
  public record Decoded(String html, Charset charset, Source source) {}

  private static final Pattern HEADER_CHARSET =
      Pattern.compile("(?i)charset\\s*=\\s*[\"']?([^\"';,\\s]+)");
  private static final Pattern META_TAG = Pattern.compile("(?is)<meta\\b[^>]*>");
  private static final Pattern META_CHARSET_ATTR =
      Pattern.compile("(?i)\\bcharset\\s*=\\s*[\"']?\\s*([^\"'\\s/>;]+)");

  private HtmlDecoder() {}

  /**
   * Decodes a page.
   *
   * @param bytes the page as served
   * @param contentType the HTTP {@code Content-Type} header, or null if there was none (a file)
   */
  public static Decoded decode(byte[] bytes, String contentType) {
    int length = bytes.length;
    if (length >= 3
        && (bytes[0] & 0xff) == 0xef
        && (bytes[1] & 0xff) == 0xbb
        && (bytes[2] & 0xff) == 0xbf) {
      return new Decoded(
          decode(bytes, 3, StandardCharsets.UTF_8), StandardCharsets.UTF_8, Source.BOM);
    }
    if (length >= 2 && (bytes[0] & 0xff) == 0xfe && (bytes[1] & 0xff) == 0xff) {
      return new Decoded(
          decode(bytes, 2, StandardCharsets.UTF_16BE), StandardCharsets.UTF_16BE, Source.BOM);
    }
    if (length >= 2 && (bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xfe) {
      return new Decoded(
          decode(bytes, 2, StandardCharsets.UTF_16LE), StandardCharsets.UTF_16LE, Source.BOM);
    }
    Charset header = contentType == null ? null : headerCharset(contentType);
    if (header != null) {
      return new Decoded(decode(bytes, 0, header), header, Source.HTTP_HEADER);
    }
    Charset meta = metaCharset(bytes);
    if (meta != null) {
      return new Decoded(decode(bytes, 0, meta), meta, Source.META);
    }
    String utf8 = strictUtf8(bytes);
    if (utf8 != null) {
      return new Decoded(utf8, StandardCharsets.UTF_8, Source.FALLBACK);
    }
    return new Decoded(decode(bytes, 0, DEFAULT_FALLBACK), DEFAULT_FALLBACK, Source.FALLBACK);
  }

  /**
   * Parses decoded HTML leniently: unclosed, misnested and stray tags are repaired as browsers
   * repair them, so any text gives a document. A {@code <title>} that is never closed would hold
   * the rest of the page as its text (the HTML standard reads a title as text up to {@code
   * </title>}); it is ended at the first tag instead, as older browsers did, so the page keeps its
   * body.
   *
   * @param baseUri the page's URL, to resolve relative links against ({@code ""} if unknown)
   */
  public static Document parse(String html, String baseUri) {
    String base = baseUri == null ? "" : baseUri;
    Document document = Jsoup.parse(html, base, Parser.htmlParser());
    Element title = document.selectFirst("title");
    if (title != null && title.wholeText().contains("</")) {
      String repaired = closeTitle(html);
      if (repaired != null) {
        document = Jsoup.parse(repaired, base, Parser.htmlParser());
      }
    }
    return document;
  }

  /** The page with {@code </title>} inserted before the first tag after its opening tag. */
  private static String closeTitle(String html) {
    int open = html.toLowerCase(Locale.ROOT).indexOf("<title");
    int start = open < 0 ? -1 : html.indexOf('>', open);
    int end = start < 0 ? -1 : html.indexOf('<', start);
    return end < 0 ? null : html.substring(0, end) + "</title>" + html.substring(end);
  }

  /** The charset a {@code Content-Type} header names, or null if none or unknown. */
  public static Charset headerCharset(String contentType) {
    Matcher m = HEADER_CHARSET.matcher(contentType);
    return m.find() ? charset(m.group(1)) : null;
  }

  /** The charset a meta tag in the first bytes of a page names, or null if none or unknown. */
  public static Charset metaCharset(byte[] bytes) {
    // the prescan reads ASCII-compatible bytes; ISO-8859-1 maps each byte to one char
    String head =
        new String(
            bytes, 0, Math.min(bytes.length, META_PRESCAN_BYTES), StandardCharsets.ISO_8859_1);
    Matcher tags = META_TAG.matcher(head);
    while (tags.find()) {
      Matcher m = META_CHARSET_ATTR.matcher(tags.group());
      if (m.find()) {
        Charset c = charset(m.group(1));
        if (c != null) {
          // a page that says UTF-16 in a meta tag was read as ASCII, so it is not UTF-16
          return c == StandardCharsets.UTF_16
                  || c == StandardCharsets.UTF_16BE
                  || c == StandardCharsets.UTF_16LE
              ? StandardCharsets.UTF_8
              : c;
        }
      }
    }
    return null;
  }

  /** A charset by label, or null if the JDK knows none of that name. */
  static Charset charset(String label) {
    String name = label.trim().toLowerCase(Locale.ROOT);
    if (name.isEmpty()) {
      return null;
    }
    // the HTML standard decodes these labels as windows-1252, a superset that browsers apply
    if (name.equals("iso-8859-1") || name.equals("latin1") || name.equals("us-ascii")) {
      return DEFAULT_FALLBACK;
    }
    try {
      return Charset.forName(name);
    } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
      return null;
    }
  }

  private static String strictUtf8(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  private static String decode(byte[] bytes, int offset, Charset charset) {
    return new String(bytes, offset, bytes.length - offset, charset);
  }
}

package io.neardup.web.analysis;

import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.MainText;
import io.neardup.web.boilerplate.MainTextExtractor;
import java.io.IOException;
import java.io.Reader;
import org.apache.lucene.analysis.CharFilter;

/**
 * Turns an HTML page into its main text, with the same extraction as the command line ({@link
 * MainTextExtractor}: text blocks of the DOM, classified as content or boilerplate one page at a
 * time), so that a Lucene analyzer shingles what {@code neardup dedup} compares. Site-wide template
 * removal needs the other pages of a site and is not available here.
 *
 * <p>The page is read whole, up to {@code maxChars} characters (the rest is ignored), before the
 * first character is returned. Offsets of the tokens are positions in the main text, clamped to the
 * length of the HTML read: they are monotonic and valid, but do not point at the HTML source, so
 * highlighting the HTML with them is not supported.
 */
public final class MainTextCharFilter extends CharFilter {
  /** Default boilerplate removal: {@link Boilerplate#LOCAL}. */
  public static final Boilerplate DEFAULT_BOILERPLATE = Boilerplate.LOCAL;

  /** Default number of characters of a page read: 8 Mi. */
  public static final int DEFAULT_MAX_CHARS = 8 << 20;

  private final Boilerplate boilerplate;
  private final int maxChars;
  private String text;
  private int position;
  private int inputLength;

  /** A char filter with the defaults. */
  public MainTextCharFilter(Reader input) {
    this(input, DEFAULT_BOILERPLATE, DEFAULT_MAX_CHARS);
  }

  /**
   * @param boilerplate {@link Boilerplate#NONE} (all visible text) or {@link Boilerplate#LOCAL}
   * @param maxChars how much of a page is read, at least 1
   * @throws IllegalArgumentException for {@link Boilerplate#SITE} or a bad {@code maxChars}
   */
  public MainTextCharFilter(Reader input, Boilerplate boilerplate, int maxChars) {
    super(input);
    if (boilerplate == Boilerplate.SITE) {
      throw new IllegalArgumentException(
          "boilerplate must be none or local in a char filter (site learns templates from all the"
              + " pages of a site), got [site]");
    }
    if (maxChars < 1) {
      throw new IllegalArgumentException("maxChars must be at least 1, got " + maxChars);
    }
    this.boilerplate = boilerplate;
    this.maxChars = maxChars;
  }

  private void extract() throws IOException {
    StringBuilder html = new StringBuilder();
    char[] buffer = new char[8192];
    int n;
    while (html.length() < maxChars
        && (n = input.read(buffer, 0, Math.min(buffer.length, maxChars - html.length()))) != -1) {
      html.append(buffer, 0, n);
    }
    inputLength = html.length();
    text = mainText(html.toString(), boilerplate).text();
  }

  /** The main text the filter gives of a page already cut to its {@code maxChars}. */
  static MainText mainText(String html, Boilerplate boilerplate) {
    return new MainTextExtractor(boilerplate).extract(html, null);
  }

  @Override
  public int read(char[] cbuf, int off, int len) throws IOException {
    if (text == null) {
      extract();
    }
    if (len == 0) {
      return 0;
    }
    if (position >= text.length()) {
      return -1;
    }
    int n = Math.min(len, text.length() - position);
    text.getChars(position, position + n, cbuf, off);
    position += n;
    return n;
  }

  @Override
  protected int correct(int currentOff) {
    // the end of the main text is the end of the page, so the final offset is the page's length
    return text == null || currentOff >= text.length()
        ? inputLength
        : Math.min(currentOff, inputLength);
  }
}

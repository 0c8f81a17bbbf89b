package io.neardup.web.analysis;

import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.MainTextExtractor;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharFilterFactory;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.WhitespaceTokenizer;
import org.apache.lucene.analysis.custom.CustomAnalyzer;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.tests.analysis.BaseTokenStreamTestCase;

public class TestMainTextCharFilter extends BaseTokenStreamTestCase {
  private static final String PAGE =
      "<html><head><title>Floods</title></head><body><nav><ul>"
          + "<li><a href=\"/a\">Home</a></li><li><a href=\"/b\">News</a></li>"
          + "<li><a href=\"/c\">Sport</a></li><li><a href=\"/d\">Weather</a></li></ul></nav>"
          + "<article><p>The river authority said on Tuesday that water levels along the lower"
          + " valley had fallen for the third day in a row.</p></article>"
          + "<footer>Copyright Alpha News. All rights reserved.</footer></body></html>";

  private static Analyzer analyzer(Boilerplate boilerplate) {
    return new Analyzer() {
      @Override
      protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer t = new WhitespaceTokenizer();
        return new TokenStreamComponents(t);
      }

      @Override
      protected Reader initReader(String fieldName, Reader reader) {
        return new MainTextCharFilter(reader, boilerplate, MainTextCharFilter.DEFAULT_MAX_CHARS);
      }
    };
  }

  public void testKeepsTheArticleAndDropsNavigationAndFooter() throws IOException {
    try (Analyzer a = analyzer(Boilerplate.LOCAL)) {
      String[] words =
          ("The river authority said on Tuesday that water levels along the lower valley had"
                  + " fallen for the third day in a row.")
              .split(" ");
      int[] starts = new int[words.length];
      int[] ends = new int[words.length];
      int offset = 0;
      for (int i = 0; i < words.length; i++) {
        starts[i] = offset;
        ends[i] = offset + words[i].length();
        offset = ends[i] + 1;
      }
      ends[words.length - 1] = PAGE.length(); // the main text's end is the page's end
      assertAnalyzesTo(a, PAGE, words, starts, ends);
    }
    try (Analyzer none = analyzer(Boilerplate.NONE)) {
      List<String> tokens = tokens(none, PAGE);
      assertTrue(tokens.toString(), tokens.contains("Weather"));
      assertTrue(tokens.toString(), tokens.contains("Copyright"));
    }
  }

  /** The char filter gives exactly what the command line compares, on real documentation pages. */
  public void testRealPagesGiveTheExtractorsMainText() throws IOException {
    Path samples =
        Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("../samples/web");
    List<Path> pages = new ArrayList<>();
    try (var walk = Files.walk(samples)) {
      walk.filter(p -> p.toString().endsWith(".html")).sorted().forEach(pages::add);
    }
    assertTrue(pages.size() >= 10);
    try (Analyzer a = analyzer(Boilerplate.LOCAL)) {
      for (Path page : pages) {
        String html = Files.readString(page, StandardCharsets.UTF_8);
        String main = new MainTextExtractor(Boilerplate.LOCAL).extract(html, null).text();
        List<String> expected = List.of(main.split("\\s+"));
        expected = expected.stream().filter(s -> !s.isEmpty()).toList();
        assertEquals(page.toString(), expected, tokens(a, html));
      }
    }
  }

  public void testEmptyAndTextlessPages() throws IOException {
    try (Analyzer a = analyzer(Boilerplate.LOCAL)) {
      assertAnalyzesTo(a, "", new String[0]);
      assertAnalyzesTo(a, "<html><body><img src=x></body></html>", new String[0]);
    }
  }

  public void testOnlyTheFirstMaxCharsAreRead() throws IOException {
    String html = "<p>alpha beta gamma delta epsilon zeta eta theta iota kappa</p>";
    Reader filter = new MainTextCharFilter(new StringReader(html), Boilerplate.NONE, 20);
    try (Tokenizer t = new WhitespaceTokenizer()) {
      t.setReader(filter);
      // the first 20 characters: "<p>alpha beta gamma "
      assertTokenStreamContents(t, new String[] {"alpha", "beta", "gamma"});
    }
  }

  public void testRandomHtml() throws IOException {
    try (Analyzer a =
        new Analyzer() {
          @Override
          protected TokenStreamComponents createComponents(String fieldName) {
            return new TokenStreamComponents(new StandardTokenizer());
          }

          @Override
          protected Reader initReader(String fieldName, Reader reader) {
            return new MainTextCharFilter(reader);
          }
        }) {
      checkRandomData(random(), a, 200 * RANDOM_MULTIPLIER);
      checkRandomData(random(), a, 10 * RANDOM_MULTIPLIER, 8192);
    }
  }

  public void testFactoryBySpiName() throws IOException {
    Analyzer a =
        CustomAnalyzer.builder()
            .addCharFilter(MainTextCharFilterFactory.NAME, "boilerplate", "local")
            .withTokenizer("whitespace")
            .build();
    assertEquals(List.of("The", "river", "authority"), tokens(a, PAGE).subList(0, 3));
    a.close();
    assertSame(MainTextCharFilterFactory.class, CharFilterFactory.lookupClass("nearDupMainText"));
  }

  public void testBogusArguments() {
    assertEquals(
        "Unknown parameters: {bogus=1}",
        expectThrows(IllegalArgumentException.class, () -> factory("bogus", "1")).getMessage());
    assertEquals(
        "boilerplate must be one of [none, local, site], got [most]",
        expectThrows(IllegalArgumentException.class, () -> factory("boilerplate", "most"))
            .getMessage());
    assertEquals(
        "boilerplate must be none or local in a char filter (site learns templates from all the"
            + " pages of a site), got [site]",
        expectThrows(IllegalArgumentException.class, () -> factory("boilerplate", "site"))
            .getMessage());
    assertEquals(
        "maxChars must be at least 1, got 0",
        expectThrows(IllegalArgumentException.class, () -> factory("maxChars", "0")).getMessage());
  }

  private static MainTextCharFilterFactory factory(String key, String value) {
    Map<String, String> args = new HashMap<>();
    args.put(key, value);
    return new MainTextCharFilterFactory(args);
  }

  private static List<String> tokens(Analyzer a, String text) throws IOException {
    List<String> out = new ArrayList<>();
    try (TokenStream ts = a.tokenStream("f", text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        out.add(term.toString());
      }
      ts.end();
    }
    return out;
  }
}

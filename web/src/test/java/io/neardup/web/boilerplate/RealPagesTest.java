package io.neardup.web.boilerplate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.web.html.HtmlDecoder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * Boilerplate removal on real pages of three documentation sites ({@code samples/web}, from Debian
 * packages): the template's navigation, search box and footer go, the article stays. The truth is
 * the text of each template's own content container, which the extractor is never told about.
 */
class RealPagesTest {
  static final Path WEB =
      Path.of(System.getProperty("basedir", "."))
          .toAbsolutePath()
          .resolve("../samples/web")
          .normalize();

  static final String[] PAGES = {
    "requests/community/support.html",
    "requests/community/out-there.html",
    "requests/community/release-process.html",
    "requests/community/vulnerabilities.html",
    "requests/user/install.html",
    "click/contrib.html",
    "click/license.html",
    "click/wincmd.html",
    "click/prompts.html",
    "sphinx/support.html",
    "sphinx/tutorial/end.html",
    "sphinx/internals/organization.html",
    "sphinx/development/overview.html",
    "sphinx/usage/extensions/duration.html",
    "sphinx/usage/extensions/githubpages.html"
  };

  static Document page(String path) throws IOException {
    return HtmlDecoder.parse(
        HtmlDecoder.decode(Files.readAllBytes(WEB.resolve(path)), null).html(), "");
  }

  static Set<String> words(String text) {
    Set<String> out = new HashSet<>();
    for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (!w.isEmpty()) {
        out.add(w);
      }
    }
    return out;
  }

  /** Word precision and recall of the extracted text against the content container's text. */
  static double[] score(String extracted, String truth) {
    Set<String> e = words(extracted);
    Set<String> t = words(truth);
    Set<String> both = new HashSet<>(e);
    both.retainAll(t);
    return new double[] {(double) both.size() / e.size(), (double) both.size() / t.size()};
  }

  @Test
  void templatesGoArticlesStay() throws IOException {
    for (boolean landmarks : new boolean[] {true, false}) {
      MainTextExtractor extractor =
          new MainTextExtractor(Boilerplate.LOCAL, new BlockClassifier(landmarks));
      double precision = 0;
      double recall = 0;
      for (String path : PAGES) {
        Document d = page(path);
        Element container = d.selectFirst("[role=main]");
        String truth = container.text();
        MainText main = extractor.extract(d);
        double[] s = score(main.text(), truth);
        precision += s[0];
        recall += s[1];
        // the navigation and the search box never survive
        assertFalse(main.text().contains("Quick search"), path);
        assertFalse(main.text().contains("Table of Contents"), path);
        assertTrue(main.boilerplateFraction() > 0, path);
        if (landmarks) {
          // nor does the footer (without landmarks, a short footer after text may stay)
          assertFalse(main.text().contains("©"), path + ": " + main.text());
          // nothing outside the content container; link lists inside it may go (link density)
          assertEquals(1.0, s[0], 1e-9, path + ": " + main.text());
        }
      }
      precision /= PAGES.length;
      recall /= PAGES.length;
      System.out.printf(
          Locale.ROOT,
          "%d real pages, landmarks %s: word precision %.3f, recall %.3f%n",
          PAGES.length,
          landmarks,
          precision,
          recall);
      // without the landmarks, text and link density alone keep most of each article
      assertTrue(precision > 0.85, "precision " + precision + ", landmarks " + landmarks);
      assertTrue(recall > 0.9, "recall " + recall + ", landmarks " + landmarks);
    }
  }

  @Test
  void noneKeepsAllVisibleText() throws IOException {
    Document d = page("requests/community/support.html");
    MainText all = new MainTextExtractor(Boilerplate.NONE).extract(d);
    assertEquals(0.0, all.boilerplateFraction());
    assertTrue(all.text().contains("Related Topics"), all.text());
    assertTrue(all.text().contains("Stack Overflow"), all.text());
    assertFalse(all.text().contains("$('#searchbox')"), all.text());
  }
}

package io.neardup.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ExtractionAbTest {
  private static final String SENTENCE =
      "The river ran past the old mill, where the miller kept his accounts in a book bound with"
          + " string, and every spring the water rose to the second step of the stair.";

  private static ExtractionEvaluation.Page page(String id, String body) {
    String html =
        "<html><body><nav><a href=/>Home</a> <a href=/news>News</a></nav><main><h1>"
            + id
            + "</h1><p>"
            + body
            + "</p><p>"
            + body
            + "</p></main><footer>Valley News</footer></body></html>";
    return new ExtractionEvaluation.Page(
        "test", id, id, html.getBytes(StandardCharsets.UTF_8), body);
  }

  /** This JVM's class path: the build under test, loaded once more on its own. */
  private static URL[] classPath() throws Exception {
    String[] entries = System.getProperty("java.class.path").split(File.pathSeparator);
    URL[] urls = new URL[entries.length];
    for (int i = 0; i < entries.length; i++) {
      urls[i] = Path.of(entries[i]).toUri().toURL();
    }
    return urls;
  }

  @Test
  void aBuildBesideItselfExtractsTheSameTextsAtAboutTheSameCost() throws Exception {
    List<ExtractionEvaluation.Page> pages =
        List.of(page("One", SENTENCE), page("Two", SENTENCE.replace("mill", "forge")));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ExtractionAb.Build a = new ExtractionAb.Build("a", classPath(), pages);
        ExtractionAb.Build b = new ExtractionAb.Build("b", classPath(), pages)) {
      assertTrue(a.texts().get(1).contains("old forge"), a.texts()::toString);
      assertEquals(a.texts(), b.texts());
      ExtractionAb.run(a, b, pages.size(), 1000, 9, new PrintStream(bytes, true, "UTF-8"));
    }
    String report = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(report.contains("texts: the same on every page"), report);
    Matcher ratio = Pattern.compile("per round: median ([0-9.]+)").matcher(report);
    assertTrue(ratio.find(), report);
    // the same work on both sides, whatever the machine
    double r = Double.parseDouble(ratio.group(1));
    assertTrue(r > 0.3 && r < 3, report);
  }

  @Test
  void badOptionsAreNamed() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ExtractionAb.positive("--pages", "0"));
    assertTrue(e.getMessage().contains("--pages"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ExtractionAb.main(new String[] {"--rounds", "many"}));
    assertTrue(e.getMessage().contains("--rounds"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ExtractionAb.main(new String[] {"--data", "x", "--baseline-jar", "a.jar"}));
    assertTrue(e.getMessage().contains("--current-jar"), e.getMessage());
  }
}

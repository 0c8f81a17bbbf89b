package io.neardup.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The real web pages of {@code samples/web} (three Debian documentation sites, each with its own
 * template) as a site to read, plus one article re-hosted under another site's template.
 */
public final class WebSamples {
  /** The page that is re-hosted, and where its copy goes. */
  public static final String ARTICLE = "requests/community/support.html";

  public static final String REHOSTED = "rehosted/support.html";

  private WebSamples() {}

  /** {@code samples/web}, from a module's directory. */
  public static Path directory() {
    return Path.of(System.getProperty("basedir", "."))
        .toAbsolutePath()
        .resolve("../samples/web")
        .normalize();
  }

  /**
   * Copies the sample pages into {@code target} and adds {@link #REHOSTED}: the article of {@link
   * #ARTICLE} inside Click's template, in the template's own content container ({@code
   * role="main"}), with a sentence added.
   *
   * @return {@code target}
   */
  public static Path site(Path target) throws IOException {
    Path samples = directory();
    try (Stream<Path> walk = Files.walk(samples)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        if (p.toString().endsWith(".html")) {
          Path copy = target.resolve(samples.relativize(p).toString());
          Files.createDirectories(copy.getParent());
          Files.copy(p, copy);
        }
      }
    }
    Document article = Jsoup.parse(samples.resolve(ARTICLE).toFile());
    Document template = Jsoup.parse(samples.resolve("click/license.html").toFile());
    Element into = template.selectFirst("[role=main]");
    into.empty();
    into.append(article.selectFirst("[role=main]").html());
    into.appendElement("p").text("Mirrored with permission by the Click community.");
    Path rehosted = target.resolve(REHOSTED);
    Files.createDirectories(rehosted.getParent());
    Files.writeString(rehosted, template.outerHtml(), StandardCharsets.UTF_8);
    return target;
  }
}

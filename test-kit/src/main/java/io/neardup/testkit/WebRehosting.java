package io.neardup.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Copies of real pages re-hosted under another site's template with small edits, the web's
 * commonest near-duplicates (002): the main content of a page of one site (its template's content
 * container, {@code <main>} or {@code role="main"}) replaces the main content of a page of another
 * site, a few of its words edited, and the result is saved beside that host page, so it takes the
 * host site's template, navigation and sidebars.
 */
public final class WebRehosting {
  /** The content container of a page, as the truth reads it. */
  public static final String MAIN = "main, [role=main]";

  private WebRehosting() {}

  private record Page(Path file, String site, Document document, Element main) {}

  /**
   * Writes re-hosted copies into the site directories under {@code root} (each directory of the
   * root is a site).
   *
   * @param copies how many copies to write
   * @param minWords the fewest words of main text a copied page must have
   * @param editRate the fraction of its words edited (replaced by another word of the page, or
   *     deleted)
   * @return the copies written, e.g. {@code root/site-b/guide/rehosted-3.html}
   */
  public static List<Path> rehost(Path root, int copies, int minWords, double editRate, long seed)
      throws IOException {
    List<Page> pages = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
        String name = p.getFileName().toString();
        Path relative = root.relativize(p);
        if (!Files.isRegularFile(p) || relative.getNameCount() < 2 || !name.endsWith(".html")) {
          continue;
        }
        Document d = Jsoup.parse(p.toFile(), null);
        Element main = d.selectFirst(MAIN);
        if (main != null) {
          pages.add(new Page(p, relative.getName(0).toString(), d, main));
        }
      }
    }
    Random random = new Random(seed);
    List<Page> sources = new ArrayList<>();
    for (Page p : pages) {
      if (p.main().text().split("\\s+").length >= minWords) {
        sources.add(p);
      }
    }
    List<Path> written = new ArrayList<>();
    if (sources.isEmpty()) {
      return written;
    }
    for (int k = 0; k < copies; k++) {
      Page source = sources.get(random.nextInt(sources.size()));
      List<Page> hosts = pages.stream().filter(p -> !p.site().equals(source.site())).toList();
      if (hosts.isEmpty()) {
        break;
      }
      Page host = hosts.get(random.nextInt(hosts.size()));
      Document copy = Jsoup.parse(host.document().outerHtml());
      Element target = copy.selectFirst(MAIN);
      target.empty();
      for (Node child : source.main().childNodes()) {
        target.appendChild(child.clone());
      }
      edit(target, editRate, random);
      copy.title(source.document().title());
      Path file = host.file().resolveSibling("rehosted-" + k + ".html");
      Files.writeString(file, copy.outerHtml(), StandardCharsets.UTF_8);
      written.add(file);
    }
    return written;
  }

  /** Replaces or deletes about {@code rate} of the words under {@code root}. */
  private static void edit(Element root, double rate, Random random) {
    List<String> vocabulary = List.of(root.text().split("\\s+"));
    NodeTraversor.traverse(
        new NodeVisitor() {
          @Override
          public void head(Node node, int depth) {
            if (node instanceof TextNode text && !text.isBlank()) {
              // split at single spaces and joined again by them, so the text's own spacing at
              // the node's edges stays (words of neighbouring nodes must not run together)
              String[] words = text.getWholeText().split(" ", -1);
              List<String> kept = new ArrayList<>(words.length);
              for (String w : words) {
                if (!w.isBlank() && random.nextDouble() < rate) {
                  if (random.nextBoolean()) {
                    continue;
                  }
                  w = vocabulary.get(random.nextInt(vocabulary.size()));
                }
                kept.add(w);
              }
              text.text(String.join(" ", kept));
            }
          }

          @Override
          public void tail(Node node, int depth) {}
        },
        root);
  }
}

package io.neardup.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
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
 * host site's template, navigation and sidebars. Each site may declare its own content container
 * (its generator's, e.g. Doxygen's {@code div.contents}); the source site, then its page, and the
 * host site, then its page, are drawn uniformly, so that small sites get copies as often as large
 * ones.
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
    return rehost(root, site -> MAIN, copies, minWords, editRate, seed);
  }

  /**
   * Writes re-hosted copies as {@link #rehost(Path, int, int, double, long)} does, each site's
   * content container given by {@code container} (a CSS selector per site directory name; pages
   * without it are neither copied nor hosts).
   */
  public static List<Path> rehost(
      Path root,
      Function<String, String> container,
      int copies,
      int minWords,
      double editRate,
      long seed)
      throws IOException {
    Map<String, List<Page>> bySite = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
        String name = p.getFileName().toString();
        Path relative = root.relativize(p);
        if (!Files.isRegularFile(p)
            || relative.getNameCount() < 2
            || !(name.endsWith(".html") || name.endsWith(".htm"))) {
          continue;
        }
        String site = relative.getName(0).toString();
        Document d = Jsoup.parse(p.toFile(), null);
        Element main = d.selectFirst(container.apply(site));
        if (main != null) {
          bySite.computeIfAbsent(site, s -> new ArrayList<>()).add(new Page(p, site, d, main));
        }
      }
    }
    Map<String, List<Page>> sources = new TreeMap<>();
    for (var e : bySite.entrySet()) {
      for (Page p : e.getValue()) {
        if (p.main().text().split("\\s+").length >= minWords) {
          sources.computeIfAbsent(e.getKey(), s -> new ArrayList<>()).add(p);
        }
      }
    }
    Random random = new Random(seed);
    List<String> sourceSites = List.copyOf(sources.keySet());
    List<Path> written = new ArrayList<>();
    if (sourceSites.isEmpty()) {
      return written;
    }
    for (int k = 0; k < copies; k++) {
      String from = sourceSites.get(random.nextInt(sourceSites.size()));
      List<Page> fromPages = sources.get(from);
      Page source = fromPages.get(random.nextInt(fromPages.size()));
      List<String> hostSites = bySite.keySet().stream().filter(s -> !s.equals(from)).toList();
      if (hostSites.isEmpty()) {
        break;
      }
      List<Page> hostPages = bySite.get(hostSites.get(random.nextInt(hostSites.size())));
      Page host = hostPages.get(random.nextInt(hostPages.size()));
      Document copy = Jsoup.parse(host.document().outerHtml());
      Element target = copy.selectFirst(container.apply(host.site()));
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

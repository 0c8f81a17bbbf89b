package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cli.input.WebCorpus;
import io.neardup.cli.output.ResultFiles;
import io.neardup.testkit.WebSamples;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code neardup dedup} on real web pages: three documentation sites from Debian packages ({@code
 * samples/web}), each a template around short articles, and one article re-hosted in another site's
 * template.
 */
class WebInputTest {
  @TempDir Path tmp;

  static Path site(Path tmp) throws IOException {
    return WebSamples.site(tmp.resolve("site"));
  }

  private Cli.Result dedup(Path site, String boilerplate) {
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            site,
            "--base-url",
            "https://docs.example.org/",
            "--boilerplate",
            boilerplate,
            "--threshold",
            "0.5",
            "--pairs",
            "-");
    assertEquals(0, r.exit(), r.toString());
    return r;
  }

  @Test
  void sharedTemplatesAreNotNearDuplicatesButARehostedArticleIs() throws Exception {
    Path site = site(tmp);
    String sameTemplate =
        "sphinx/usage/extensions/duration.html\tsphinx/usage/extensions/githubpages.html\t";
    String rehosted = "rehosted/support.html\trequests/community/support.html\t";

    // the whole text: two short pages of one site look alike, the re-hosted copy does not
    Cli.Result none = dedup(site, "none");
    assertTrue(none.out().contains(sameTemplate), none.toString());
    assertFalse(none.out().contains(rehosted), none.toString());
    assertTrue(none.err().contains("16 pages read (boilerplate none)"), none.err());

    // the main text, per page (local) or after site-wide templates learnt in a first pass (site):
    // the other way round
    for (String mode : new String[] {"local", "site"}) {
      Cli.Result r = dedup(site, mode);
      assertEquals(
          List.of(ResultFiles.PAIRS_HEADER, rehosted.substring(0, rehosted.length() - 1)),
          r.out().lines().map(l -> l.replaceAll("\t[0-9.]+$", "")).toList(),
          r.toString());
      assertTrue(r.err().contains("16 pages read (boilerplate " + mode + ")"), r.err());
      assertEquals(mode.equals("site"), r.err().contains("site templates: "), r.err());
    }

    // the clusters name each page's URL, in the members' order
    Cli.Result clusters =
        Cli.run(
            "dedup",
            "--input",
            site,
            "--base-url",
            "https://docs.example.org/",
            "--threshold",
            "0.5",
            "--clusters",
            "-");
    assertEquals(0, clusters.exit(), clusters.toString());
    assertEquals(
        "{\"canonical\": \"rehosted/support.html\", \"members\":"
            + " [\"rehosted/support.html\", \"requests/community/support.html\"], \"size\": 2,"
            + " \"urls\": [\"https://docs.example.org/rehosted/support.html\","
            + " \"https://docs.example.org/requests/community/support.html\"]}",
        clusters.out().strip(),
        clusters.toString());
  }

  private static final String ARTICLE =
      "<p>The river authority said on Tuesday that water levels along the lower valley had fallen"
          + " for the third day in a row, and that the temporary barriers put up in the old town"
          + " would stay in place until the end of the month as a precaution.</p><p>Engineers"
          + " will inspect the embankments next week, and residents are asked to report any"
          + " damage they notice to the council's hotline.</p>";

  private static String page(String site, String article) {
    StringBuilder nav = new StringBuilder("<ul>");
    for (int i = 0; i < 12; i++) {
      nav.append("<li><a href=\"/s").append(i).append("\">").append(site).append(" section ");
      nav.append(i).append("</a></li>");
    }
    return "<html><head><title>t</title></head><body><nav>"
        + nav
        + "</ul></nav><div>"
        + article
        + "</div><footer>Copyright "
        + site
        + ". All rights reserved. Terms of use and privacy policy apply.</footer></body></html>";
  }

  @Test
  void jsonlWithAnHtmlField() throws Exception {
    com.fasterxml.jackson.databind.json.JsonMapper json =
        new com.fasterxml.jackson.databind.json.JsonMapper();
    Path input = tmp.resolve("pages.jsonl");
    StringBuilder lines = new StringBuilder();
    String[][] rows = {
      {"a", "https://a.example/news/1", page("Alpha News", ARTICLE)},
      {"b", "https://b.example/x", page("Beta Daily", ARTICLE.replace("Tuesday", "Wednesday"))},
      {"c", "https://a.example/news/2", page("Alpha News", "<p>Short note.</p>")}
    };
    for (String[] row : rows) {
      lines
          .append(
              json.writeValueAsString(
                  java.util.Map.of("id", row[0], "link", row[1], "html", row[2])))
          .append('\n');
    }
    Files.writeString(input, lines.toString(), StandardCharsets.UTF_8);
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            input,
            "--html-field",
            "html",
            "--url-field",
            "link",
            "--pairs",
            "-",
            "--clusters",
            "-");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.out().contains("a\tb\t"), r.toString());
    assertFalse(r.out().contains("a\tc"), r.toString());
    assertTrue(r.err().contains("3 pages read (boilerplate site)"), r.err());

    Cli.Result none =
        Cli.run(
            "dedup",
            "--input",
            input,
            "--html-field",
            "html",
            "--boilerplate",
            "none",
            "--pairs",
            "-");
    assertEquals(0, none.exit(), none.toString());
    assertFalse(none.out().contains("a\tb\t"), none.toString());

    // without URLs to group pages by, the default is local, and the summary says why
    Cli.Result noUrls = Cli.run("dedup", "--input", input, "--html-field", "html", "--pairs", "-");
    assertEquals(0, noUrls.exit(), noUrls.toString());
    assertTrue(noUrls.out().contains("a\tb\t"), noUrls.toString());
    assertTrue(
        noUrls
            .err()
            .contains(
                "3 pages read (boilerplate local, not the default site: no --url-field to group"
                    + " pages by)"),
        noUrls.err());
  }

  private static void response(
      org.netpreserve.jwarc.WarcWriter writer, String url, String contentType, byte[] body)
      throws IOException {
    response(writer, url, contentType, body, "2024-05-01T10:00:00Z");
  }

  private static void response(
      org.netpreserve.jwarc.WarcWriter writer,
      String url,
      String contentType,
      byte[] body,
      String date)
      throws IOException {
    writer.write(
        new org.netpreserve.jwarc.WarcResponse.Builder(url)
            .date(java.time.Instant.parse(date))
            .body(
                new org.netpreserve.jwarc.HttpResponse.Builder(200, "OK")
                    .body(org.netpreserve.jwarc.MediaType.parse(contentType), body)
                    .build())
            .build());
  }

  @Test
  void warcResponsesAreReadAndOtherRecordsCounted() throws Exception {
    Path warc = tmp.resolve("crawl.warc.gz");
    try (org.netpreserve.jwarc.WarcWriter writer =
        new org.netpreserve.jwarc.WarcWriter(
            java.nio.channels.FileChannel.open(
                warc,
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE),
            org.netpreserve.jwarc.WarcCompression.GZIP)) {
      writer.write(
          new org.netpreserve.jwarc.WarcRequest.Builder("https://a.example/news/1")
              .body(new org.netpreserve.jwarc.HttpRequest.Builder("GET", "/news/1").build())
              .build());
      response(
          writer,
          "https://a.example/news/1",
          "text/html; charset=iso-8859-1",
          page("Alpha café", ARTICLE).getBytes(StandardCharsets.ISO_8859_1));
      response(
          writer, "https://a.example/logo.png", "image/png", new byte[] {(byte) 0x89, 'P', 'N'});
      response(
          writer,
          "https://b.example/x",
          "text/html",
          page("Beta Daily", ARTICLE).getBytes(StandardCharsets.UTF_8));
    }
    Cli.Result r =
        Cli.run("dedup", "--input", warc, "--pairs", "-", "--clusters", "-", "--fields", "url");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.out().contains("https://a.example/news/1\thttps://b.example/x\t1.0"), r.out());
    assertTrue(r.err().contains("2 pages read (boilerplate site)"), r.err());
    assertTrue(
        r.err().contains("not HTML pages, skipped: 2 (image/png response: 1, request record: 1)"),
        r.err());
  }

  /**
   * Three captures of one article: a and c on one day; c under the lightest template, b under the
   * heaviest.
   */
  private Path captures() throws IOException {
    Path warc = tmp.resolve("captures.warc");
    try (org.netpreserve.jwarc.WarcWriter writer =
        new org.netpreserve.jwarc.WarcWriter(
            java.nio.channels.FileChannel.open(
                warc,
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE))) {
      response(
          writer,
          "https://a.example/1",
          "text/html",
          page("Alpha News", ARTICLE).getBytes(StandardCharsets.UTF_8),
          "2024-05-02T08:00:00Z");
      response(
          writer,
          "https://b.example/1",
          "text/html",
          page("Beta Daily Evening Post", ARTICLE).getBytes(StandardCharsets.UTF_8),
          "2024-05-03T08:00:00Z");
      response(
          writer,
          "https://c.example/1",
          "text/html",
          ("<html><body><nav><a href=\"/\">Home</a></nav><div>" + ARTICLE + "</div></body></html>")
              .getBytes(StandardCharsets.UTF_8),
          "2024-05-02T08:00:00Z");
    }
    return warc;
  }

  private String canonicalOf(Path input, String canonical, String... more) {
    List<Object> args =
        new java.util.ArrayList<>(
            List.of("dedup", "--input", input, "--canonical", canonical, "--clusters", "-"));
    args.addAll(List.of(more));
    Cli.Result r = Cli.run(args.toArray());
    assertEquals(0, r.exit(), r.toString());
    List<String> lines = r.out().lines().toList();
    assertEquals(1, lines.size(), r.toString());
    return lines.get(0).replaceAll("^\\{\"canonical\": ?\"([^\"]*)\".*", "$1");
  }

  @Test
  void canonicalPoliciesReadTheWarcDateAndTheBoilerplateFraction() throws Exception {
    Path warc = captures();
    assertEquals("https://a.example/1", canonicalOf(warc, "score"));
    assertEquals("https://c.example/1", canonicalOf(warc, "boilerplate"));
    assertEquals("https://b.example/1", canonicalOf(warc, "boilerplate_fraction:desc"));
    assertEquals("https://b.example/1", canonicalOf(warc, "date:desc"));
    // a and c share the earliest date: the tie goes to the input order, or to the next key
    assertEquals("https://a.example/1", canonicalOf(warc, "earliest"));
    assertEquals("https://c.example/1", canonicalOf(warc, "earliest,boilerplate,score"));
    assertEquals("https://a.example/1", canonicalOf(warc, "earliest,boilerplate:desc"));
  }

  @Test
  void theLeastBoilerplateCopyOfARealRehostedArticle() throws Exception {
    Path site = site(tmp);
    String article = "requests/community/support.html";
    String rehosted = "rehosted/support.html";
    String least = canonicalOf(site, "boilerplate", "--boilerplate", "local", "--threshold", "0.5");
    String most =
        canonicalOf(
            site, "boilerplate_fraction:desc", "--boilerplate", "local", "--threshold", "0.5");
    assertEquals(java.util.Set.of(article, rehosted), java.util.Set.of(least, most));
  }

  @Test
  void keepTextWritesEachPagesMainTextAndAList() throws Exception {
    Path site = site(tmp);
    Path kept = tmp.resolve("kept");
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            site,
            "--boilerplate",
            "local",
            "--keep-text",
            kept,
            "--pairs",
            "-",
            "--threshold",
            "0.5",
            "--report",
            tmp.resolve("report.html"));
    assertEquals(0, r.exit(), r.toString());
    List<String> rows = Files.readAllLines(kept.resolve(WebCorpus.KEPT_PAGES));
    assertEquals("file\tid\turl\tcontent_words\ttotal_words\tboilerplate_fraction", rows.get(0));
    // every page, though the report read the pages of its clusters once more after the run
    assertEquals(17, rows.size(), rows.toString());
    String rehosted =
        rows.stream()
            .filter(l -> l.contains("\trehosted/support.html\t"))
            .findFirst()
            .orElseThrow();
    String text = Files.readString(kept.resolve(rehosted.split("\t")[0]));
    assertTrue(text.contains("Mirrored with permission by the Click community."), text);
    assertFalse(text.contains("Table of Contents"), text);
    List<String> blocks =
        Files.readAllLines(kept.resolve(rehosted.split("\t")[0] + WebCorpus.KEPT_BLOCKS_SUFFIX));
    assertEquals("kept\twords\tlink_density\tlandmark\treason\ttext", blocks.get(0));
    assertTrue(
        blocks.stream()
            .anyMatch(l -> l.startsWith("+\t7\t0.00\tmain\ttext\tMirrored with permission")),
        blocks.toString());
    assertTrue(
        blocks.stream()
            .anyMatch(l -> l.startsWith("-\t") && l.contains("\tshort\t© Copyright 2023 Pallets")),
        blocks.toString());
    assertEquals(WebCorpus.keptName("rehosted/support.html"), rehosted.split("\t")[0]);
    assertTrue(WebCorpus.keptName("rehosted/support.html").startsWith("rehosted_support.html-"));

    Path text1 = tmp.resolve("texts.jsonl");
    Files.writeString(text1, "{\"id\": \"a\", \"text\": \"x\"}\n");
    Cli.Result plain = Cli.run("dedup", "--input", text1, "--keep-text", kept);
    assertEquals(2, plain.exit(), plain.toString());
    assertTrue(
        plain.err().contains("Invalid value for option '--keep-text': applies to HTML input"),
        plain.err());
  }

  @Test
  void canonicalFieldsNobodyHasAreUsageErrors() throws Exception {
    Path site = site(tmp);
    Cli.Result r = Cli.run("dedup", "--input", site, "--canonical", "earliest", "--clusters", "-");
    assertEquals(2, r.exit(), r.toString());
    assertTrue(
        r.err().contains("'--canonical': no record has a field [date] to choose canonicals by"),
        r.err());
    Cli.Result chain =
        Cli.run("dedup", "--input", site, "--canonical", "score,earliest", "--clusters", "-");
    assertEquals(2, chain.exit(), chain.toString());
    assertTrue(chain.err().contains("[score] must come last"), chain.err());
  }

  @Test
  void aCorruptWarcRecordIsReportedWithItsOffset() throws Exception {
    Path warc = tmp.resolve("broken.warc");
    String good =
        "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:1>\r\nWARC-Date:"
            + " 2024-05-01T10:00:00Z\r\nWARC-Target-URI: https://a.example/\r\nContent-Type:"
            + " text/html\r\nContent-Length: 20\r\n\r\n<p>hello world</p>\n\n\r\n\r\n";
    String other = good.replace("urn:uuid:1", "urn:uuid:2").replace("a.example/", "b.example/");
    Files.writeString(warc, good + "WARC/1.1\r\nthis is not a header\r\n\r\n" + other);
    Cli.Result fail = Cli.run("dedup", "--input", warc, "--pairs", "-");
    assertEquals(1, fail.exit(), fail.toString());
    int offset = good.getBytes(StandardCharsets.UTF_8).length;
    assertTrue(
        fail.err().contains(warc + " at byte offset " + offset + ": corrupt WARC record"),
        fail.err());
    Cli.Result skip = Cli.run("dedup", "--input", warc, "--pairs", "-", "--on-error", "skip");
    assertEquals(0, skip.exit(), skip.toString());
    assertTrue(skip.err().contains("reading goes on at the next record"), skip.err());
    assertTrue(skip.err().contains("2 pages read"), "the record after the corrupt one too");
  }

  @Test
  void badWebOptionsAreUsageErrorsNamingTheOption() throws Exception {
    Path site = site(tmp);
    Path jsonl = tmp.resolve("t.jsonl");
    Files.writeString(jsonl, "{\"id\": \"a\", \"text\": \"x\"}\n");
    Object[][] cases = {
      {
        new Object[] {"--input", site, "--boilerplate", "global"},
        "Invalid value for option '--boilerplate': boilerplate must be one of [none, local, site],"
            + " got [global]"
      },
      {
        new Object[] {"--input", site, "--base-url", "docs/"},
        "Invalid value for option '--base-url': must be an absolute http or https URL, got [docs/]"
      },
      {
        new Object[] {"--input", jsonl, "--url-field", "url"},
        "Invalid value for option '--url-field': needs --html-field"
      },
      {
        new Object[] {"--input", jsonl, "--boilerplate", "local"},
        "Invalid value for option '--boilerplate': applies to HTML input"
      },
      {
        new Object[] {"--input", site, "--html-field", "html"},
        "Invalid value for option '--html-field': applies to a JSONL file"
      },
      {
        new Object[] {"--input", jsonl, "--base-url", "https://x.org/"},
        "Invalid value for option '--base-url': applies to a directory of HTML pages"
      }
    };
    for (Object[] c : cases) {
      Object[] given = (Object[]) c[0];
      Object[] args = new Object[given.length + 3];
      args[0] = "dedup";
      System.arraycopy(given, 0, args, 1, given.length);
      args[given.length + 1] = "--pairs";
      args[given.length + 2] = "-";
      Cli.Result r = Cli.run(args);
      assertEquals(NearDupCli.EXIT_USAGE, r.exit(), r.toString());
      assertTrue(r.err().contains((String) c[1]), r.err());
    }
  }

  @Test
  void htmlDirectoryCharsetsAndWhatIsSetAside() throws Exception {
    Path dir = tmp.resolve("pages");
    Files.createDirectories(dir.resolve("sub"));
    String text =
        ARTICLE.replace("river", "rivière").replace("council", "conseil café naïve façade");
    String article = page("Alpha", text);
    // one text in three encodings: declared in a meta tag, undeclared, and with a UTF-16 BOM
    Files.write(
        dir.resolve("koi.html"),
        article
            .replace("<head>", "<head><meta charset=\"windows-1252\">")
            .getBytes(java.nio.charset.Charset.forName("windows-1252")));
    Files.write(
        dir.resolve("plain.htm"),
        article.getBytes(java.nio.charset.Charset.forName("windows-1252")));
    byte[] utf16 = article.getBytes(StandardCharsets.UTF_16LE);
    byte[] bom = new byte[utf16.length + 2];
    bom[0] = (byte) 0xff;
    bom[1] = (byte) 0xfe;
    System.arraycopy(utf16, 0, bom, 2, utf16.length);
    Files.write(dir.resolve("sub/bom.html"), bom);
    Files.writeString(dir.resolve("empty.html"), "<html><body><nav><a href=/>x</a></nav>");
    Files.writeString(dir.resolve("broken.html"), "<div><p>unclosed <b>tags <td>everywhere");
    Files.writeString(dir.resolve("notes.txt"), "not a page");
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            dir,
            "--base-url",
            "https://a.example/docs",
            "--pairs",
            "-",
            "--clusters",
            "-");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.out().contains("koi.html\tplain.htm\t1.0"), r.out());
    assertTrue(r.out().contains("koi.html\tsub/bom.html\t1.0"), r.out());
    assertTrue(r.err().contains("5 pages read (boilerplate site)"), r.err());
    assertTrue(r.err().contains("1 page with no main text"), r.err());
    assertTrue(
        r.err().contains("not HTML pages, skipped: 1 (file not named .html or .htm: 1)"), r.err());
  }

  @Test
  void badJsonlPagesAreReportedWithTheirLineAndField() throws Exception {
    Path input = tmp.resolve("bad.jsonl");
    Files.writeString(
        input,
        "{\"id\": \"a\", \"html\": \"<p>fine page with some words</p>\", \"url\": \"https://a/\"}\n"
            + "{\"id\": \"b\"}\n"
            + "{\"id\": \"c\", \"html\": 7}\n"
            + "{\"id\": \"d\", \"html\": \"<p>x</p>\", \"url\": 12}\n");
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            input,
            "--html-field",
            "html",
            "--url-field",
            "url",
            "--on-error",
            "skip",
            "--pairs",
            "-");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.err().contains(input + ":2: skipped: no html field [html]"), r.err());
    assertTrue(
        r.err().contains(input + ":3: skipped: html field [html] must be a string, got a number"),
        r.err());
    assertTrue(
        r.err()
            .contains(
                input
                    + ":4: skipped: field [url] must be a string or boolean as at "
                    + input
                    + ":1, got [12]"),
        r.err());
    assertTrue(r.err().contains("1 page read"), r.err());
  }
}

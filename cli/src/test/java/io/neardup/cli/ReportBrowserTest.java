package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cli.options.ReportOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.Rectangle;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The reports of the sample corpus, written by {@code dedup --report} and {@code compare --out},
 * loaded in a real headless Chromium (Debian's {@code chromium} and {@code chromium-driver}, which
 * {@code bin/test} installs when missing): the rendered page lists the clusters, marks the words
 * that differ, and draws its charts at a visible size. The reports and screenshots stay in {@code
 * cli/target/report/} as build artefacts.
 */
class ReportBrowserTest {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  static final Path OUT = Path.of("target", "report");

  private static ChromeDriver browser;

  @BeforeAll
  static void start() {
    boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    if (!present && System.getenv("NEARDUP_BROWSER_REQUIRED") != null) {
      throw new AssertionError(
          "Chromium is required but "
              + CHROMIUM
              + " or "
              + CHROMEDRIVER
              + " is missing: bin/install-browser installs Debian's chromium and chromium-driver");
    }
    Assumptions.assumeTrue(present, "no Chromium: run bin/install-browser (bin/test does)");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    // no network beyond the machine: Chromium must not try to reach its services
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage");
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build();
    browser = new ChromeDriver(service, options);
    browser.manage().window().setSize(new Dimension(1300, 1000));
    browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.quit();
    }
  }

  @Test
  void dedupReportOfTheSampleCorpus() throws Exception {
    Files.createDirectories(OUT);
    Path report = OUT.resolve("sample-report.html").toAbsolutePath();
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            SampleCorpusTest.SAMPLES.resolve("corpus.jsonl"),
            "--threshold",
            "0.8",
            "--report",
            report);
    assertEquals(0, r.exit(), r::toString);
    assertTrue(r.err().contains("wrote the report to " + report), r::toString);
    assertEquals("", r.out(), "a report alone writes nothing to standard output");

    browser.get(report.toUri().toString());
    assertEquals("neardup report: corpus.jsonl", browser.getTitle());
    String summary = browser.findElement(By.id("summary-table")).getText();
    assertTrue(summary.contains("430"), summary);
    assertTrue(summary.contains("18 × 7"), summary);
    assertTrue(
        browser.findElement(By.id("near-threshold")).getText().matches("\\d+ pairs lie within.*"));

    assertDrawn(browser.findElement(By.id("histogram")));
    assertFalse(browser.findElements(By.cssSelector("#histogram rect.bar")).isEmpty());
    for (WebElement bar : browser.findElements(By.cssSelector("#histogram rect.bar"))) {
      assertTrue(bar.getRect().getHeight() > 0, "every drawn bar has a height");
    }
    assertDrawn(browser.findElement(By.cssSelector("#s-curve polyline")));

    List<WebElement> clusters =
        browser.findElements(By.cssSelector("#cluster-list details.cluster"));
    assertEquals(ReportOptions.DEFAULT_LARGEST + ReportOptions.DEFAULT_SAMPLE, clusters.size());
    WebElement first = clusters.get(0);
    assertTrue(first.getDomAttribute("open") != null, "the largest cluster is open");
    assertTrue(first.getText().contains("canonical"), first.getText());
    List<WebElement> rows = first.findElements(By.cssSelector("table.members tr"));
    assertTrue(rows.size() >= 3, "a header and at least two members");

    // a member's differences: hidden until opened, then marked on both sides
    WebElement member = first.findElement(By.cssSelector("details.member"));
    WebElement marked = member.findElement(By.cssSelector("del, ins"));
    assertFalse(marked.isDisplayed());
    member.findElement(By.tagName("summary")).click();
    assertTrue(marked.isDisplayed());
    assertDrawn(marked);
    shoot("sample-report.png");

    // a closed cluster opens on a click
    WebElement last = clusters.get(clusters.size() - 1);
    WebElement table = last.findElement(By.cssSelector("table.members"));
    assertFalse(table.isDisplayed());
    last.findElement(By.tagName("summary")).click();
    assertTrue(table.isDisplayed());
  }

  @Test
  void compareReportChartsTheMethods() throws Exception {
    Path dir = OUT.resolve("comparison").toAbsolutePath();
    Cli.Result r =
        Cli.run(
            "compare",
            "--input",
            SampleCorpusTest.SAMPLES.resolve("corpus.jsonl"),
            "--threshold",
            "0.8",
            "--methods",
            "minhash,md5,simhash",
            "--out",
            dir);
    assertEquals(0, r.exit(), r::toString);
    browser.get(dir.resolve("report.html").toUri().toString());
    assertDrawn(browser.findElement(By.id("methods-chart")));
    assertEquals(3, browser.findElements(By.cssSelector("#methods-chart rect.bar")).size() / 3);
    List<WebElement> rows = browser.findElements(By.cssSelector("#methods-table tr"));
    assertEquals(4, rows.size(), "a header and one row per method");
    assertTrue(rows.get(1).getText().startsWith("minhash"), rows.get(1).getText());
    assertDrawn(browser.findElement(By.id("histogram")));
    assertFalse(browser.findElements(By.cssSelector("#cluster-list details.cluster")).isEmpty());
    shoot("comparison-report.png");
  }

  /**
   * A directory of six pages under one template (a menu of links, a title, paragraphs, a footer
   * sentence of links), enough for {@code --boilerplate site} to learn the template; {@code a.html}
   * and {@code b.html} share three paragraphs and differ in one.
   */
  static Path templatedSite(Path dir) throws java.io.IOException {
    Path docs = Files.createDirectories(dir.resolve("docs"));
    String[] topics = {"mill", "forge", "harbour", "orchard", "bridge"};
    java.util.function.IntFunction<String> paragraph =
        i ->
            "The "
                + topics[i % topics.length]
                + " of chapter "
                + i
                + " stood by the river, where the keeper wrote every delivery in a ledger bound"
                + " with string, and in spring the water rose to the "
                + (i + 2)
                + "th step of the stair.";
    StringBuilder menu = new StringBuilder("<div class=\"side\"><ul>");
    for (int i = 0; i < 8; i++) {
      menu.append("<li><a href=\"/docs/c").append(i).append(".html\">Chapter ").append(i);
      menu.append("</a></li>");
    }
    menu.append("</ul></div>");
    java.util.function.BiFunction<String, List<String>, String> page =
        (title, paragraphs) -> {
          StringBuilder p = new StringBuilder("<!DOCTYPE html><html><head><title>");
          p.append(title).append("</title></head><body>").append(menu);
          p.append("<div class=\"content\"><h1>").append(title).append("</h1>");
          paragraphs.forEach(x -> p.append("<p>").append(x).append("</p>"));
          // the footer is links (an about page, a review, a print edition): local removal drops
          // it too, so site removal names it template (a recurring block local removal keeps is
          // no template)
          return p.append("</div><div class=\"foot\"><p><a href=\"/about\">The Mill Handbook is")
              .append(" written by its keepers</a>, <a href=\"/review\">reviewed every spring</a>")
              .append(" and <a href=\"/print\">printed on recycled paper for the annual")
              .append(" meeting</a>.</p></div></body></html>")
              .toString();
        };
    Files.writeString(
        docs.resolve("a.html"),
        page.apply(
            "Keeping the ledger",
            List.of(
                paragraph.apply(1), paragraph.apply(2), paragraph.apply(3), paragraph.apply(4))));
    Files.writeString(
        docs.resolve("b.html"),
        page.apply(
            "Keeping the ledger",
            List.of(
                paragraph.apply(1),
                paragraph.apply(2),
                paragraph.apply(3),
                "A closing paragraph written for the copy alone, unlike the original's last one.")));
    for (int k = 0; k < 4; k++) {
      Files.writeString(
          docs.resolve("o" + k + ".html"),
          page.apply(
              "Other topic " + k,
              List.of(paragraph.apply(10 + 3 * k), paragraph.apply(11 + 3 * k))));
    }
    return dir;
  }

  @Test
  void webReportShowsEachPagesBlocksKeptAndDroppedAndWhy() throws Exception {
    openTemplatedSiteReport("web", "0.5");
    WebElement cluster = browser.findElement(By.cssSelector("#cluster-list details.cluster"));
    assertTrue(cluster.getText().contains("canonical docs/a.html"), cluster.getText());

    // the canonical's blocks: closed, then in page order with the verdict and the reason
    WebElement canonical = cluster.findElement(By.cssSelector(":scope > details.blocks"));
    WebElement table = canonical.findElement(By.cssSelector("table.blocks"));
    assertFalse(table.isDisplayed());
    canonical.findElement(By.tagName("summary")).click();
    assertTrue(table.isDisplayed());
    assertTrue(
        canonical.getText().contains("Its site group's template, 9 blocks (36 words), was removed"),
        canonical.getText());
    WebElement footer = row(table, "The Mill Handbook is written by its keepers");
    assertEquals("dropped", footer.findElement(By.cssSelector("td.verdict")).getText());
    assertTrue(
        footer.findElement(By.cssSelector("td.why")).getText().startsWith("site-wide template"),
        footer.getText());
    WebElement kept = row(table, "The forge of chapter 1 stood by the river");
    assertEquals("kept", kept.findElement(By.cssSelector("td.verdict")).getText());
    assertTrue(
        kept.findElement(By.cssSelector("td.why")).getText().startsWith("text features"),
        kept.getText());
    // the menu's run of links is folded, and said so
    assertTrue(table.getText().contains("more, dropped for the same reason"), table.getText());
    // kept and dropped look different, not only by their words
    assertFalse(
        kept.findElement(By.cssSelector("td.text"))
            .getCssValue("background-color")
            .equals(footer.findElement(By.cssSelector("td.text")).getCssValue("background-color")));
    assertEquals(
        "line-through",
        footer.findElement(By.cssSelector("td.text")).getCssValue("text-decoration-line"));

    // the pair: b's kept blocks against the canonical's, shared or not
    WebElement member = cluster.findElement(By.cssSelector("details.member"));
    member.findElement(By.tagName("summary")).click();
    WebElement against = member.findElement(By.cssSelector("p.against"));
    assertTrue(
        against.getText().contains("4 blocks (105 words) kept in the canonical too"),
        against.getText());
    assertTrue(
        against.getText().contains("1 block (13 words) not in the canonical"), against.getText());
    assertTrue(
        against.getText().contains("The canonical keeps 1 block (34 words) this page does not"),
        against.getText());
    WebElement blocks = member.findElement(By.cssSelector("details.blocks"));
    blocks.findElement(By.tagName("summary")).click();
    WebElement copy = blocks.findElement(By.cssSelector("table.blocks"));
    assertEquals(
        "not there",
        row(copy, "A closing paragraph written for the copy alone")
            .findElement(By.cssSelector("td.there"))
            .getText());
    assertEquals(
        "kept there too",
        row(copy, "The forge of chapter 1").findElement(By.cssSelector("td.there")).getText());
    shoot("web-report.png");
  }

  @Test
  void aNearMissOpensToTheBlocksThatKeptItsPagesApart() throws Exception {
    // a and b share 0.698 of their shingles: at 0.8 they are a near miss
    openTemplatedSiteReport("near-miss", "0.8");
    assertTrue(browser.findElements(By.cssSelector("details.cluster")).isEmpty());
    List<WebElement> misses = browser.findElements(By.cssSelector("#miss-list details.miss"));
    assertEquals(1, misses.size());
    WebElement miss = misses.get(0);
    WebElement summary = miss.findElement(By.tagName("summary"));
    assertTrue(
        summary.getText().startsWith("docs/a.html and docs/b.html: similarity 0.698, 0.102 below"),
        summary.getText());
    WebElement against = miss.findElement(By.cssSelector("p.against"));
    assertFalse(against.isDisplayed());
    summary.click();
    assertTrue(
        against.getText().contains("1 block (13 words) not in docs/a.html"), against.getText());
    List<WebElement> views = miss.findElements(By.cssSelector("details.blocks"));
    assertEquals(2, views.size(), "both pages' blocks");
    views.get(1).findElement(By.tagName("summary")).click();
    WebElement own =
        row(
            views.get(1).findElement(By.cssSelector("table.blocks")),
            "A closing paragraph written for the copy alone");
    assertEquals("kept", own.findElement(By.cssSelector("td.verdict")).getText());
    assertEquals("not there", own.findElement(By.cssSelector("td.there")).getText());
    shoot("near-miss-report.png");
  }

  /** Writes the report of {@link #templatedSite} ({@code site} removal) and opens it. */
  private static void openTemplatedSiteReport(String name, String threshold) throws Exception {
    Files.createDirectories(OUT);
    Path site = templatedSite(OUT.resolve(name + "-site").toAbsolutePath());
    Path report = OUT.resolve(name + "-report.html").toAbsolutePath();
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            site,
            "--boilerplate",
            "site",
            "--threshold",
            threshold,
            "--report",
            report);
    assertEquals(0, r.exit(), r::toString);
    browser.get(report.toUri().toString());
  }

  /** The row of a block table whose text starts with {@code start}. */
  private static WebElement row(WebElement table, String start) {
    for (WebElement tr : table.findElements(By.cssSelector("tr"))) {
      List<WebElement> text = tr.findElements(By.cssSelector("td.text"));
      if (!text.isEmpty() && text.get(0).getText().startsWith(start)) {
        return tr;
      }
    }
    throw new AssertionError("no block starts with [" + start + "]: " + table.getText());
  }

  private static void assertDrawn(WebElement e) {
    Rectangle rect = e.getRect();
    assertTrue(
        rect.getWidth() > 0 && rect.getHeight() > 0,
        () -> e.getTagName() + " is drawn at " + rect.getDimension());
  }

  /** A screenshot of the whole page: the window grown to the page's height first. */
  private static void shoot(String name) throws Exception {
    Object height = browser.executeScript("return document.documentElement.scrollHeight");
    browser
        .manage()
        .window()
        .setSize(new Dimension(1300, (int) Math.min(6000, ((Number) height).longValue() + 140)));
    Files.write(OUT.resolve(name), browser.getScreenshotAs(OutputType.BYTES));
    browser.manage().window().setSize(new Dimension(1300, 1000));
  }
}

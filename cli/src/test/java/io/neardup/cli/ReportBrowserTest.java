package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cli.report.ShownClusters;
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
    assertEquals(ShownClusters.DEFAULT_LARGEST + ShownClusters.DEFAULT_SAMPLE, clusters.size());
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

package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TuneCommandTest {
  @TempDir Path tmp;

  @Test
  void printsBandingRatesAndTable() {
    Cli.Result r = Cli.run("tune", "--threshold", "0.8");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.out().startsWith("threshold 0.8, 128 hashes: 18 bands x 7 rows"), r.out());
    // P(s) = 1 - (1 - s^7)^18
    assertTrue(r.out().contains(" 0.5  0.131665  #####\n"), r.out());
    assertTrue(r.out().contains(" 0.8  0.985542  "), r.out());
    assertTrue(r.out().contains("<- threshold"), r.out());
    assertTrue(r.out().contains(" 1.0  1.000000  "), r.out());
    assertTrue(r.out().contains("false-negative rate above 0.8: 0.1435%"), r.out());
    assertTrue(r.out().contains("false-positive rate below 0.8: "), r.out());
  }

  @Test
  void thresholdBetweenTableRowsGetsItsOwnRow() {
    Cli.Result r = Cli.run("tune", "--threshold", "0.75", "--hashes", "100");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.out().startsWith("threshold 0.75, 100 hashes: 16 bands x 6 rows"), r.out());
    assertTrue(r.out().contains("0.75  0.956536"), r.out());
  }

  @Test
  void explicitBandsAndRows() {
    Cli.Result r = Cli.run("tune", "--threshold", "0.5", "--bands", "20", "--rows", "5");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.out().contains("20 bands x 5 rows (100 of 128 values used)"), r.out());
    // the worked example of Banding's javadoc: P(0.4) = 1 - (1 - 0.4^5)^20 = 0.186
    assertTrue(r.out().contains(" 0.4  0.186"), r.out());
  }

  @Test
  void writesSvgAndPngCharts() throws Exception {
    Path svg = tmp.resolve("curve.svg");
    Path png = tmp.resolve("charts/curve.png");
    assertEquals(0, Cli.run("tune", "--threshold", "0.8", "--chart", svg).exit());
    assertEquals(0, Cli.run("tune", "--threshold", "0.8", "--chart", png).exit());
    String text = Files.readString(svg);
    assertTrue(text.startsWith("<?xml"), text);
    assertTrue(text.contains("<polyline"), text);
    assertTrue(text.contains("18 bands x 7 rows"), text);
    assertTrue(text.trim().endsWith("</svg>"), text);
    byte[] magic = Arrays.copyOf(Files.readAllBytes(png), 8);
    assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, magic);
  }
}

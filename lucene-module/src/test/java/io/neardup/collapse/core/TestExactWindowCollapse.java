package io.neardup.collapse.core;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.shingle.ShingleSet;
import io.neardup.shingle.ShingleSetFormat;
import io.neardup.sketch.ExactMargin;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.tests.util.LuceneTestCase;

/**
 * A window collapsed with the hits' shingle sets: each hit joins the first canonical before it
 * whose pair the rule of exact verification accepts (the sets near the minimum similarity, the
 * sketches elsewhere), and its similarity is the one that decided.
 */
public class TestExactWindowCollapse extends LuceneTestCase {
  private static String words(Random r, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : " ").append("w").append(r.nextInt(100_000));
    }
    return sb.toString();
  }

  private static String edit(Random r, String text, int edits) {
    String[] w = text.split(" ");
    for (int e = 0; e < edits; e++) {
      w[r.nextInt(w.length)] = "x" + r.nextInt(100_000);
    }
    return String.join(" ", w);
  }

  public void testCopiesJoinTheFirstCanonicalTheExactRuleAccepts() {
    Random r = random();
    NearDupSettings settings = NearDupSettings.DEFAULT;
    double t = 0.8;
    List<Sketch> sketches = new ArrayList<>();
    List<ShingleSet> sets = new ArrayList<>();
    byte[][] sketchBytes;
    byte[][] setBytes;
    try (NearDupAnalyzer analyzer = new NearDupAnalyzer(settings, true)) {
      NearDupDocumentBuilder builder = new NearDupDocumentBuilder(analyzer, NearDupFields.DEFAULT);
      List<String> texts = new ArrayList<>();
      for (int f = 0; f < 30; f++) {
        int n = 60 + r.nextInt(120);
        String base = words(r, n);
        for (int c = 0; c < 6; c++) {
          // a replaced word changes up to five shingles: about n/45 edits make J near 0.8
          texts.add(c == 0 ? base : edit(r, base, 1 + r.nextInt(1 + n / 30)));
        }
      }
      java.util.Collections.shuffle(texts, r);
      sketchBytes = new byte[texts.size()][];
      setBytes = new byte[texts.size()][];
      for (int i = 0; i < texts.size(); i++) {
        NearDupDocument d = builder.analyze(texts.get(i));
        long[] fp = d.shingles();
        int[] compact = new int[fp.length];
        int size = CompactShingleSet.compact(fp, fp.length, compact);
        sketches.add(d.sketch());
        sketchBytes[i] = SketchFormat.encode(d.sketch());
        setBytes[i] = ShingleSetFormat.encodeDelta(compact, size);
        sets.add(new ShingleSet().read(setBytes[i], 0, setBytes[i].length));
      }
    }
    int n = sketches.size();
    WindowCollapse exact =
        WindowCollapse.collapse(
            sketchBytes,
            setBytes,
            new Object[n],
            CanonicalPolicy.BEST_SCORE,
            t,
            CollapseMode.GROUP);
    WindowCollapse bySketch =
        WindowCollapse.collapse(
            sketchBytes, new Object[n], CanonicalPolicy.BEST_SCORE, t, CollapseMode.GROUP);
    ExactMargin margin = ExactMargin.of(t, 128, 32);
    int minMatches = Jaccard.minMatches(t, 128, 32);
    List<Integer> canonicals = new ArrayList<>();
    int differ = 0;
    for (int i = 0; i < n; i++) {
      int expected = i;
      double similarity = 1;
      for (int c : canonicals) {
        int m = Jaccard.estimate(sketches.get(i), sketches.get(c)).matches();
        double s;
        if (margin.needsExact(m)) {
          s = sets.get(i).jaccard(sets.get(c));
        } else {
          s = m >= minMatches ? Jaccard.estimate(sketches.get(i), sketches.get(c)).estimate() : -1;
        }
        if (s >= t) {
          expected = c;
          similarity = s;
          break;
        }
      }
      if (expected == i) {
        canonicals.add(i);
      }
      assertEquals("hit " + i, expected, exact.canonicalOf(i));
      assertEquals("hit " + i, similarity, exact.similarity(i), 1e-12);
      differ += exact.canonicalOf(i) != bySketch.canonicalOf(i) ? 1 : 0;
    }
    assertTrue("near the threshold the sets decide otherwise: " + differ, differ > 0);
  }
}

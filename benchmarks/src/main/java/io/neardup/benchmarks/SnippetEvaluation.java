package io.neardup.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.neardup.web.boilerplate.BlockClassifier;
import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.MainTextExtractor;
import io.neardup.web.html.HtmlDecoder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Main-text extraction ({@code --boilerplate local}, {@link MainTextExtractor}) scored by segments
 * on a multilingual collection of web pages annotated with the segments a good extraction keeps and
 * those it drops (news, magazines, blogs, forums, government and company pages, mostly German with
 * English, French, other European languages, Chinese and Arabic: the evaluation set of the
 * trafilatura project, {@code tests/evaldata.json} and its pages).
 *
 * <p>A kept segment found in the extracted text is a true positive, one missing a false negative; a
 * dropped segment found is a false positive, one missing a true negative; segments and text are
 * compared with runs of white space folded to one space. Precision, recall, accuracy and F1 are
 * computed over the counts of all pages together, as the collection's published comparison does.
 *
 * <p>Half of the pages ({@link #inTrainingHalf}) are among the learned block model's training data;
 * the other half is held out of it, and its row is the figure that measures the model.
 *
 * <p>Usage: {@code SnippetEvaluation --data DIR [--rules]} (the rules alone, without the learned
 * block model), where DIR holds {@code evaldata.json} and the pages under {@code cache/} or {@code
 * eval/}. {@code benchmarks/snippet-eval.sh} exports them.
 */
public final class SnippetEvaluation {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern SPACE = Pattern.compile("\\s+", Pattern.UNICODE_CHARACTER_CLASS);

  private SnippetEvaluation() {}

  /** Counts of segments, summed over pages. */
  static final class Counts {
    long tp;
    long fp;
    long fn;
    long tn;
    int pages;

    void add(Counts c) {
      tp += c.tp;
      fp += c.fp;
      fn += c.fn;
      tn += c.tn;
      pages += c.pages;
    }

    double precision() {
      return tp + fp == 0 ? 0 : (double) tp / (tp + fp);
    }

    double recall() {
      return tp + fn == 0 ? 0 : (double) tp / (tp + fn);
    }

    double accuracy() {
      long all = tp + fp + fn + tn;
      return all == 0 ? 0 : (double) (tp + tn) / all;
    }

    double f1() {
      double p = precision();
      double r = recall();
      return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }
  }

  /** Scores one page's extracted text against its segments. */
  static Counts score(String text, JsonNode with, JsonNode without) {
    String t = fold(text);
    Counts c = new Counts();
    c.pages = 1;
    for (JsonNode w : with) {
      if (t.contains(fold(w.asText()))) {
        c.tp++;
      } else {
        c.fn++;
      }
    }
    for (JsonNode w : without) {
      if (t.contains(fold(w.asText()))) {
        c.fp++;
      } else {
        c.tn++;
      }
    }
    return c;
  }

  /**
   * Whether a page, by its file name, is in the half of the collection the learned block model is
   * trained on: the first bit of the name's SHA-256, so that the split is fixed and any tool can
   * reproduce it.
   */
  static boolean inTrainingHalf(String file) {
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256").digest(file.getBytes(StandardCharsets.UTF_8));
      return (hash[0] & 0x80) == 0;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is a required algorithm of every JVM", e);
    }
  }

  /**
   * A page's HTML file, under {@code cache/} or {@code eval/} of the set's folder; null if none.
   */
  static Path page(Path data, String file) {
    for (String folder : new String[] {"cache", "eval"}) {
      Path html = data.resolve(folder).resolve(file);
      if (Files.isRegularFile(html)) {
        return html;
      }
    }
    return null;
  }

  static String fold(String s) {
    return SPACE.matcher(s).replaceAll(" ").strip();
  }

  public static void main(String[] args) throws IOException {
    boolean rules = args.length == 3 && args[2].equals("--rules");
    if ((args.length != 2 && !rules) || !args[0].equals("--data")) {
      System.err.println("usage: SnippetEvaluation --data DIR [--rules]");
      System.exit(2);
    }
    Path data = Path.of(args[1]);
    JsonNode pages = JSON.readTree(data.resolve("evaldata.json").toFile());
    // --rules: the hand-set rules alone, without the learned model that re-decides their verdicts
    MainTextExtractor extractor =
        rules
            ? new MainTextExtractor(Boilerplate.LOCAL, new BlockClassifier(true, null))
            : new MainTextExtractor(Boilerplate.LOCAL);
    Counts all = new Counts();
    Counts heldOut = new Counts();
    Counts training = new Counts();
    Map<String, Counts> byDomain = new TreeMap<>();
    int missing = 0;
    long start = System.nanoTime();
    for (Iterator<Map.Entry<String, JsonNode>> it = pages.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> page = it.next();
      String url = page.getKey();
      String file = page.getValue().path("file").asText();
      Path html = page(data, file);
      if (html == null) {
        System.err.println("SnippetEvaluation: no page [" + file + "] for " + url);
        missing++;
        continue;
      }
      String text;
      try {
        text =
            extractor
                .extract(HtmlDecoder.decode(Files.readAllBytes(html), null).html(), url)
                .text();
      } catch (RuntimeException e) {
        // a failure counts as an empty extraction: every kept segment missed
        System.err.println("SnippetEvaluation: page " + file + ": " + e);
        text = "";
      }
      Counts c = score(text, page.getValue().path("with"), page.getValue().path("without"));
      all.add(c);
      (inTrainingHalf(file) ? training : heldOut).add(c);
      byDomain.computeIfAbsent(topLevelDomain(url), k -> new Counts()).add(c);
    }
    System.out.printf(
        Locale.ROOT,
        "%d pages (%d missing), %d kept and %d dropped segments, in %.1f s%n%n",
        all.pages,
        missing,
        all.tp + all.fn,
        all.fp + all.tn,
        (System.nanoTime() - start) / 1e9);
    System.out.println("| pages | precision | recall | accuracy | F1 |");
    System.out.println("|---|--:|--:|--:|--:|");
    row("all " + all.pages, all);
    row("held out of the model's training (" + heldOut.pages + ")", heldOut);
    row("among the model's training data (" + training.pages + ")", training);
    Counts other = new Counts();
    for (Map.Entry<String, Counts> e : byDomain.entrySet()) {
      if (e.getValue().pages >= 20) {
        row("." + e.getKey() + " (" + e.getValue().pages + ")", e.getValue());
      } else {
        other.add(e.getValue());
      }
    }
    row("other domains (" + other.pages + ")", other);
  }

  private static void row(String name, Counts c) {
    System.out.printf(
        Locale.ROOT,
        "| %s | %.3f | %.3f | %.3f | %.3f |%n",
        name,
        c.precision(),
        c.recall(),
        c.accuracy(),
        c.f1());
  }

  private static String topLevelDomain(String url) {
    String host = url.replaceFirst("^[a-z]+://", "").replaceFirst("[/:?#].*$", "");
    int dot = host.lastIndexOf('.');
    return dot < 0 ? host : host.substring(dot + 1).toLowerCase(Locale.ROOT);
  }
}

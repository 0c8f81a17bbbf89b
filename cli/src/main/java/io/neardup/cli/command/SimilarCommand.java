package io.neardup.cli.command;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.options.IndexDirOption;
import io.neardup.cli.options.Options;
import io.neardup.cli.output.CliFailure;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.index.IndexMetadata;
import io.neardup.search.NearDuplicateQuery;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup similar}: the near-duplicates of one document or text in an index. */
@Command(
    name = "similar",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Lists the near-duplicates of an indexed document or of a text: the documents sharing an"
          + " LSH band with it whose estimated Jaccard similarity reaches the threshold, best"
          + " first, with their exact similarity when the index keeps shingle sets."
    })
public final class SimilarCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin IndexDirOption indexDir;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Target target;

  static final class Target {
    @Option(names = "--id", paramLabel = "ID", description = "An indexed document, by id.")
    String id;

    @Option(names = "--text", paramLabel = "TEXT", description = "A text.")
    String text;
  }

  @Option(
      names = "--threshold",
      converter = Options.ThresholdConverter.class,
      paramLabel = "T",
      description =
          "Minimum estimated similarity, in (0, 1] (default: the threshold the index was built"
              + " for).")
  Double threshold;

  @Option(
      names = "--limit",
      paramLabel = "N",
      defaultValue = "20",
      description = "Show at most N documents (default: ${DEFAULT-VALUE}).")
  int limit;

  @Override
  public Integer call() throws Exception {
    Double t = threshold;
    Options.atLeast(spec, "--limit", limit, 1);
    PrintWriter out = spec.commandLine().getOut();
    try (OpenIndex opened = OpenIndex.open(indexDir.path)) {
      IndexMetadata meta = opened.metadata();
      NearDupSettings settings = meta.settings();
      double minSimilarity = t != null ? t : settings.threshold();
      NearDuplicateQuery query;
      int[] shingles = null;
      int self = -1;
      if (target.id != null) {
        self = opened.docOf(target.id);
        if (self < 0) {
          throw new CliFailure("no document with id [" + target.id + "] in " + indexDir.path);
        }
        query =
            NearDuplicateQuery.forDocument(
                opened.reader(), meta.fields(), settings, self, minSimilarity);
        shingles = opened.shingles(self);
      } else {
        NearDupDocument doc =
            new NearDupDocumentBuilder(
                    new NearDupAnalyzer(settings, meta.normalization()), meta.fields())
                .analyze(target.text);
        query = new NearDuplicateQuery(meta.fields(), settings, doc.sketch(), minSimilarity);
        long[] fingerprints = doc.shingles();
        if (fingerprints != null) {
          int[] compact = new int[fingerprints.length];
          shingles =
              Arrays.copyOf(
                  compact, CompactShingleSet.compact(fingerprints, fingerprints.length, compact));
        }
      }
      String what = target.id != null ? "[" + target.id + "]" : "the text";
      if (query.sketch().isEmpty()) {
        out.println(what + " has no words after normalisation: it has no near-duplicates");
        return 0;
      }
      TopDocs hits = opened.searcher().search(query, limit + 1);
      int shown = 0;
      StringBuilder rows = new StringBuilder();
      for (ScoreDoc hit : hits.scoreDocs) {
        if (hit.doc == self || shown == limit) {
          continue;
        }
        shown++;
        int[] other = shingles == null ? null : opened.shingles(hit.doc);
        String exact =
            other == null
                ? "-"
                : String.format(
                    Locale.ROOT,
                    "%.4f",
                    CompactShingleSet.jaccard(shingles, shingles.length, other, other.length));
        rows.append(
            String.format(
                Locale.ROOT,
                "%4d  %9.4f  %6s  %s  %s%n",
                shown,
                hit.score,
                exact,
                opened.id(hit.doc),
                OpenIndex.snippet(opened.text(hit.doc), OpenIndex.SNIPPET_LENGTH)));
      }
      long total = hits.totalHits.value() - (self >= 0 ? 1 : 0);
      String approximate =
          hits.totalHits.relation() == org.apache.lucene.search.TotalHits.Relation.EQUAL_TO
              ? ""
              : "at least ";
      out.printf(
          Locale.ROOT,
          "%s%d near-duplicates of %s at estimated similarity >= %s%s%n",
          approximate,
          total,
          what,
          minSimilarity,
          total > shown ? " (showing " + shown + ")" : "");
      if (shown > 0) {
        out.println("rank   estimate   exact  id  text");
        out.print(rows);
      }
    }
    return 0;
  }
}

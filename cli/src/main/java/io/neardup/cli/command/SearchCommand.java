package io.neardup.cli.command;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.index.IndexLayout;
import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.options.IndexDirOption;
import io.neardup.cli.options.LibraryDefaults;
import io.neardup.cli.options.Options;
import io.neardup.cli.output.CliFailure;
import io.neardup.collapse.CollapsedHit;
import io.neardup.collapse.CollapsedHits;
import io.neardup.collapse.NearDupCollapser;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.collapse.core.WindowCollapse;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.QueryBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup search}: a full-text search whose top hits are collapsed by near-duplicate
 * similarity.
 */
@Command(
    name = "search",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    defaultValueProvider = LibraryDefaults.class,
    description = {
      "Searches the texts of an index (Lucene's standard analyser, any of the words) and collapses"
          + " the near-duplicates among the top hits: copies are removed, demoted below every"
          + " canonical hit, or grouped under it."
    })
public final class SearchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin IndexDirOption indexDir;

  @Option(names = "--query", required = true, paramLabel = "Q", description = "The words to find.")
  String query;

  @Option(
      names = "--collapse",
      paramLabel = "MODE",
      description =
          "What happens to near-duplicate copies: remove, demote or group (default:"
              + " ${DEFAULT-VALUE}).")
  String collapse;

  @Option(
      names = "--canonical",
      paramLabel = "POLICY",
      description =
          "Which hit of a group is shown as canonical: score (the best-ranked), FIELD:asc,"
              + " FIELD:desc, boilerplate[:FIELD], earliest[:FIELD], popularity[:FIELD], or a"
              + " comma-separated chain of them whose later keys break ties (default: score).")
  String canonical;

  @Option(
      names = "--threshold",
      converter = Options.ThresholdConverter.class,
      paramLabel = "T",
      description =
          "Minimum estimated similarity of copies, in (0, 1] (default: the threshold the index"
              + " was built for).")
  Double threshold;

  @Option(
      names = "--window",
      paramLabel = "N",
      defaultValue = "" + WindowCollapse.DEFAULT_WINDOW,
      description = "How many top hits are collapsed (default: ${DEFAULT-VALUE}).")
  int window;

  @Option(
      names = "--limit",
      paramLabel = "N",
      defaultValue = "10",
      description = "Show at most N results (default: ${DEFAULT-VALUE}).")
  int limit;

  @Override
  public Integer call() throws Exception {
    CollapseMode mode;
    try {
      mode = CollapseMode.parse(collapse);
    } catch (IllegalArgumentException e) {
      throw Options.invalid(spec, "--collapse", e.getMessage());
    }
    Double t = threshold;
    CanonicalPolicy policy = Options.canonical(spec, canonical);
    Options.atLeast(spec, "--limit", limit, 1);
    if (window < 1 || window > WindowCollapse.MAX_WINDOW) {
      throw Options.invalid(
          spec,
          "--window",
          "must be between 1 and " + WindowCollapse.MAX_WINDOW + ", got [" + window + "]");
    }
    PrintWriter out = spec.commandLine().getOut();
    try (OpenIndex opened = OpenIndex.open(indexDir.path)) {
      if (!opened.hasTexts()) {
        throw new CliFailure(
            "the index at "
                + indexDir.path
                + " keeps no texts (it was built with --no-text): search needs them; index the"
                + " corpus again without --no-text");
      }
      try {
        policy = opened.resolve(policy, "id");
      } catch (IllegalArgumentException e) {
        throw Options.invalid(spec, "--canonical", e.getMessage());
      }
      NearDupCollapser collapser =
          NearDupCollapser.builder(opened.metadata().fields(), opened.metadata().settings())
              .minSimilarity(t != null ? t : opened.metadata().settings().threshold())
              .window(window)
              .mode(mode)
              .canonical(policy)
              .build();
      Query q;
      q =
          new QueryBuilder(IndexLayout.TEXT_ANALYZER)
              .createBooleanQuery(OpenIndex.TEXT_FIELD, query);
      if (q == null) {
        q = new MatchNoDocsQuery("no words in the query");
      }
      TopDocs top = opened.searcher().search(q, window);
      CollapsedHits hits = collapser.collapse(opened.searcher(), top);
      print(out, opened, hits, mode);
    }
    return 0;
  }

  private void print(PrintWriter out, OpenIndex index, CollapsedHits hits, CollapseMode mode)
      throws IOException {
    out.printf(
        Locale.ROOT,
        "%s%,d hits for [%s]; top %d collapsed (%s): %d near-duplicate copies%n",
        hits.totalHits().relation() == org.apache.lucene.search.TotalHits.Relation.EQUAL_TO
            ? ""
            : "at least ",
        hits.totalHits().value(),
        query,
        hits.windowSize(),
        mode,
        hits.copyCount());
    List<CollapsedHit> page = hits.page(0, limit);
    if (page.isEmpty()) {
      return;
    }
    out.println("rank     score  id  text");
    int rank = 0;
    for (CollapsedHit hit : page) {
      rank++;
      String id = index.id(hit.doc());
      if (hit.isCanonical()) {
        out.printf(
            Locale.ROOT,
            "%4d  %8.4f  %s  %s%n",
            rank,
            hit.score(),
            id,
            OpenIndex.snippet(index.text(hit.doc()), OpenIndex.SNIPPET_LENGTH));
        for (CollapsedHit copy :
            mode == CollapseMode.GROUP ? hit.copies() : List.<CollapsedHit>of()) {
          out.printf(
              Locale.ROOT,
              "        %8.4f  %s  copy of %s (similarity %.4f)%n",
              copy.score(),
              index.id(copy.doc()),
              id,
              copy.similarity());
        }
      } else {
        out.printf(
            Locale.ROOT,
            "%4d  %8.4f  %s  copy of %s (similarity %.4f)%n",
            rank,
            hit.score(),
            id,
            index.id(hit.canonicalDoc()),
            hit.similarity());
      }
    }
  }
}

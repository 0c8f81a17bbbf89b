package io.neardup.cli.report;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.eval.ExactShingles;
import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.input.CorpusReader;
import io.neardup.cli.input.HeldInput;
import io.neardup.cli.input.WebCorpus;
import io.neardup.cli.options.InputOptions;
import io.neardup.cli.output.ResultFiles;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Jaccard;
import io.neardup.text.NormalizationOptions;
import io.neardup.util.Futures;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The clusters a report shows: the largest ones and a random sample of the rest (a report of a
 * million documents must stay small enough for a browser), with each member's text, its exact
 * similarity to the canonical and the words that differ. Only the texts of the shown members are
 * read back.
 */
public final class ShownClusters {
  /** Members shown per cluster, the canonical included. */
  static final int MAX_MEMBERS = 20;

  /** Words of each text compared in a side-by-side view. */
  static final int MAX_DIFF_WORDS = 2_000;

  /** Characters of a member's text shown as its opening. */
  static final int OPENING = 240;

  /** Where the texts of documents come from: the input read again, or a kept index. */
  interface Texts {
    /** The documents with these ids that could be read, by id. */
    Map<String, Doc> fetch(Set<String> ids) throws IOException;
  }

  /**
   * One document as a report shows it.
   *
   * @param text its (main) text
   * @param url its URL, or null
   * @param values its values of the canonical policy's fields, by field (absent when it has none)
   * @param boilerplate the fraction of a web page's text removed as boilerplate, or null
   * @param blocks a web page's blocks, kept and dropped, or null
   */
  record Doc(
      String text, String url, Map<String, Object> values, Double boilerplate, PageBlocks blocks) {}

  /**
   * A shown member.
   *
   * @param similarity exact Jaccard similarity of its shingle set to the canonical's (NaN for the
   *     canonical, or when a text could not be read)
   * @param diff the words that differ from the canonical, or null
   * @param against how its blocks stand against the canonical's (web pages), or null
   */
  record Member(
      String id,
      Doc doc,
      int words,
      double similarity,
      WordDiff.Result diff,
      PageBlocks.Against against) {}

  /**
   * A shown cluster.
   *
   * @param rank its place by size, from 1
   * @param sampled whether it was drawn at random from the clusters below the largest
   * @param why why the canonical is canonical: the policy and its value
   * @param members the shown members, canonical first
   */
  record View(int rank, int size, boolean sampled, String why, List<Member> members) {}

  /**
   * A shown near miss: a candidate pair below the threshold, {@code b} against {@code a}.
   *
   * @param a the first page (or text), or null if it could not be read
   * @param diff the words of {@code b} that differ from {@code a}'s, or null
   * @param against how {@code b}'s blocks stand against {@code a}'s (web pages), or null
   */
  record Miss(
      ResultFiles.Pair pair, Doc a, Doc b, WordDiff.Result diff, PageBlocks.Against against) {}

  /**
   * What a report shows of the clusters.
   *
   * @param total every cluster of the run
   * @param documents the documents in them
   * @param hiddenClusters clusters not shown
   * @param hiddenDocuments the documents in them
   * @param misses the near misses shown, closest first
   */
  public record Selection(
      List<View> views,
      int total,
      long documents,
      int hiddenClusters,
      long hiddenDocuments,
      List<Miss> misses) {}

  /**
   * The texts of the input, read once more (or replayed, when held); a web page's main text is
   * extracted again only for the pages asked for.
   *
   * @param source where the records come from: the input, or what an earlier pass held of it
   * @param canonical the run's canonical policy, whose fields' values are read too
   */
  static Texts fromInput(InputOptions input, HeldInput source, CanonicalPolicy canonical) {
    return ids -> {
      Map<String, Doc> docs = new HashMap<>();
      try (CorpusReader reader = source.open()) {
        while (docs.size() < ids.size()) {
          CorpusReader.Record record;
          try {
            record = reader.next();
          } catch (CorpusReader.BadRecord bad) {
            // reported by the run already; such a record is in no cluster
            continue;
          }
          if (record == null) {
            break;
          }
          if (ids.contains(record.id())) {
            // a web page's fields (its boilerplate fraction) are known once its text is extracted
            String text = record.text();
            Map<String, Object> fields = record.fields();
            Map<String, Object> values = new java.util.LinkedHashMap<>();
            for (String field : canonical.fields()) {
              Object value = field.equals(input.idField) ? record.id() : fields.get(field);
              if (value != null) {
                values.put(field, value);
              }
            }
            Object url = fields.get(WebCorpus.URL_FIELD);
            Object boilerplate = fields.get(WebCorpus.BOILERPLATE_FIELD);
            docs.put(
                record.id(),
                new Doc(
                    text,
                    url == null ? null : url.toString(),
                    values,
                    boilerplate instanceof Number n ? n.doubleValue() : null,
                    record.explained() == null ? null : PageBlocks.of(record.explained())));
          }
        }
      }
      return docs;
    };
  }

  /** The texts an index keeps; none if it was built with {@code --no-text}. */
  public static Texts fromIndex(OpenIndex index) {
    return ids -> {
      Map<String, Doc> docs = new HashMap<>();
      if (!index.hasTexts()) {
        return docs;
      }
      for (String id : ids) {
        int doc = index.docOf(id);
        if (doc >= 0) {
          docs.put(id, new Doc(index.text(doc), null, Map.of(), null, null));
        }
      }
      return docs;
    };
  }

  private final NearDupAnalyzer analyzer;
  private final CanonicalPolicy policy;
  private final String idField;
  private final String idAlias;

  /**
   * @param settings the analysis of the run, for the similarities to the canonical
   * @param idField the field of the policy that holds the id, or null
   * @param idAlias how the user names the id field
   */
  public ShownClusters(
      NearDupSettings settings,
      NormalizationOptions normalization,
      CanonicalPolicy policy,
      String idField,
      String idAlias) {
    this.analyzer = new NearDupAnalyzer(settings, normalization);
    this.policy = policy;
    this.idField = idField;
    this.idAlias = idAlias;
  }

  /**
   * Picks the clusters to show and reads their members' texts.
   *
   * @param largest how many of the largest clusters to show
   * @param sample how many of the others to draw at random
   * @param misses the near misses to show, closest first
   */
  public Selection select(
      List<ResultFiles.ClusterIds> clusters,
      int largest,
      int sample,
      Texts texts,
      List<ResultFiles.Pair> misses)
      throws IOException {
    Integer[] order = new Integer[clusters.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    // largest first; equal sizes keep the clusters' own order (input order of the first member)
    Arrays.sort(
        order,
        Comparator.<Integer>comparingInt(i -> -clusters.get(i).members().size())
            .thenComparingInt(i -> i));
    int head = Math.min(largest, order.length);
    List<Integer> rest = new ArrayList<>(Arrays.asList(order).subList(head, order.length));
    // a fixed seed: the same run gives the same report
    java.util.Collections.shuffle(rest, new Random(0x7265706f7274L));
    List<Integer> sampled = new ArrayList<>(rest.subList(0, Math.min(sample, rest.size())));
    sampled.sort(Comparator.<Integer>comparingInt(i -> -clusters.get(i).members().size()));
    Map<Integer, Integer> rank = new HashMap<>();
    for (int r = 0; r < order.length; r++) {
      rank.put(order[r], r + 1);
    }

    List<Integer> shown = new ArrayList<>(Arrays.asList(order).subList(0, head));
    shown.addAll(sampled);
    Set<String> wanted = new HashSet<>();
    for (int i : shown) {
      wanted.addAll(members(clusters.get(i)));
    }
    for (ResultFiles.Pair p : misses) {
      wanted.add(p.a());
      wanted.add(p.b());
    }
    Map<String, Doc> docs = wanted.isEmpty() ? Map.of() : texts.fetch(wanted);

    List<View> views = new ArrayList<>(shown.size());
    List<Miss> shownMisses = new ArrayList<>(misses.size());
    long documents = 0;
    long shownDocuments = 0;
    for (ResultFiles.ClusterIds c : clusters) {
      documents += c.members().size();
    }
    // the diffs are what costs: the clusters are compared on all threads, kept in their order
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Runtime.getRuntime().availableProcessors(),
            r -> {
              Thread t = new Thread(r, "neardup-report");
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<View>> pending = new ArrayList<>(shown.size());
      for (int k = 0; k < shown.size(); k++) {
        int i = shown.get(k);
        ResultFiles.ClusterIds c = clusters.get(i);
        shownDocuments += c.members().size();
        boolean sampledView = k >= head;
        int r = rank.get(i);
        pending.add(pool.submit(() -> view(r, sampledView, c, docs)));
      }
      List<Future<Miss>> missing = new ArrayList<>(misses.size());
      for (ResultFiles.Pair p : misses) {
        missing.add(pool.submit(() -> miss(p, docs)));
      }
      for (Future<View> f : pending) {
        views.add(Futures.get(f, "comparing the members of a cluster"));
      }
      for (Future<Miss> f : missing) {
        shownMisses.add(Futures.get(f, "comparing a near miss"));
      }
    } finally {
      pool.shutdownNow();
    }
    return new Selection(
        views,
        clusters.size(),
        documents,
        clusters.size() - shown.size(),
        documents - shownDocuments,
        shownMisses);
  }

  /** A near miss: {@code b}'s words and blocks against {@code a}'s. */
  private static Miss miss(ResultFiles.Pair p, Map<String, Doc> docs) {
    Doc a = docs.get(p.a());
    Doc b = docs.get(p.b());
    if (a == null || b == null) {
      return new Miss(p, a, b, null, null);
    }
    WordDiff.Result diff = WordDiff.of(a.text(), b.text(), MAX_DIFF_WORDS);
    PageBlocks.Against against =
        a.blocks() == null || b.blocks() == null
            ? null
            : b.blocks().against(a.blocks(), a.blocks().index());
    return new Miss(p, a, b, diff, against);
  }

  /** The members shown of a cluster: the canonical, then the others in order, up to the limit. */
  private static List<String> members(ResultFiles.ClusterIds c) {
    List<String> out = new ArrayList<>();
    out.add(c.canonical());
    for (String m : c.members()) {
      if (out.size() == MAX_MEMBERS) {
        break;
      }
      if (!m.equals(c.canonical())) {
        out.add(m);
      }
    }
    return out;
  }

  private View view(int rank, boolean sampled, ResultFiles.ClusterIds c, Map<String, Doc> docs)
      throws IOException {
    List<String> ids = members(c);
    Doc canonical = docs.get(c.canonical());
    long[] canonicalSet = canonical == null ? null : shingles(canonical.text());
    Map<Long, io.neardup.web.boilerplate.BlockReason> canonicalBlocks =
        canonical == null || canonical.blocks() == null ? null : canonical.blocks().index();
    List<Member> members = new ArrayList<>(ids.size());
    for (String id : ids) {
      Doc doc = docs.get(id);
      int words = doc == null ? 0 : WordDiff.count(doc.text());
      if (id.equals(c.canonical()) || doc == null || canonical == null) {
        members.add(new Member(id, doc, words, Double.NaN, null, null));
        continue;
      }
      double similarity = Jaccard.exact(canonicalSet, shingles(doc.text()));
      WordDiff.Result diff = WordDiff.of(canonical.text(), doc.text(), MAX_DIFF_WORDS);
      PageBlocks.Against against =
          canonicalBlocks == null || doc.blocks() == null
              ? null
              : doc.blocks().against(canonical.blocks(), canonicalBlocks);
      members.add(new Member(id, doc, words, similarity, diff, against));
    }
    return new View(rank, c.members().size(), sampled, why(canonical), members);
  }

  /** Why the canonical was chosen, in words. */
  private String why(Doc canonical) {
    if (policy.byScore()) {
      return "first in input order (canonical policy: score)";
    }
    StringBuilder values = new StringBuilder();
    if (canonical != null) {
      canonical
          .values()
          .forEach((field, value) ->
              values
                  .append(values.isEmpty() ? "" : ", ")
                  .append(field.equals(idField) ? idAlias : field)
                  .append(" = ")
                  .append(value));
    }
    return "canonical policy "
        + RunReport.describe(policy, idField, idAlias)
        + (values.isEmpty() ? "" : "; its values: " + values);
  }

  private long[] shingles(String text) throws IOException {
    return ExactShingles.shingles(analyzer, text);
  }
}

package io.neardup.cli.run;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.options.ClusterOptions;
import io.neardup.cli.options.Options;
import io.neardup.cli.options.RunOptions;
import io.neardup.cli.output.ProgressLine;
import io.neardup.cli.output.ResultFiles;
import io.neardup.cli.output.RunSummary;
import io.neardup.cluster.Cluster;
import io.neardup.cluster.ClusterResult;
import io.neardup.cluster.ClusterStats;
import io.neardup.cluster.Verification;
import io.neardup.cluster.core.SpillDirectory;
import io.neardup.document.CanonicalKeys;
import io.neardup.index.NearDupClusterer;
import io.neardup.index.StoredClusters;
import io.neardup.lsh.Banding;
import io.neardup.settings.NearDupSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/** The clustering step that {@code dedup} and {@code clusters} share: run, summary and output. */
public final class ClusteringStep {
  private static final Map<String, String> UNITS =
      Map.of(
          "load", "docs",
          "identical", "entries",
          "buckets", "entries",
          "verify", "pairs",
          "oversized", "buckets",
          "clusters", "clusters");

  private ClusteringStep() {}

  /**
   * What clustering an index found.
   *
   * @param docClusters the clusters as document ids, canonical first, then in input order
   * @param canonical the canonical policy as resolved against the index
   * @param clustered the documents in clusters
   */
  public record Result(
      List<ResultFiles.Pair> pairs,
      List<ResultFiles.ClusterIds> clusters,
      List<int[]> docClusters,
      ClusterStats stats,
      CanonicalPolicy canonical,
      long clustered,
      double seconds) {}

  /**
   * Clusters an index and writes the pairs and clusters where the options say.
   *
   * @param idAlias the name the id had in the input, accepted as a canonical field
   * @param histogram counts the verified pairs' similarities, near misses included; or null
   * @param clustersByDefault whether clusters go to standard output when no file is named
   */
  public static Result run(
      CommandSpec spec,
      OpenIndex index,
      double threshold,
      ClusterOptions options,
      RunOptions run,
      String idAlias,
      SpillDirectory spill,
      long memory,
      ProgressLine progress,
      PairSimilarities histogram,
      boolean clustersByDefault)
      throws IOException {
    NearDupSettings settings = index.metadata().settings();
    CanonicalPolicy canonical = resolve(spec, index, options.canonical, idAlias);
    if (options.verify == Verification.EXACT && !settings.shingles()) {
      throw Options.invalid(
          spec,
          "--verify",
          "exact verification needs the shingle sets, but the index at "
              + index.path()
              + " was built without them (--no-shingles): use --verify sketch or re-index");
    }
    Banding banding = settings.banding();
    if (threshold < settings.threshold()) {
      progress.println(
          String.format(
              Locale.ROOT,
              "warning: the index was built for threshold %s (%s): a pair at %s becomes a"
                  + " candidate with probability %.3f only",
              settings.threshold(),
              banding,
              threshold,
              banding.candidateProbability(threshold)));
    }

    long start = System.nanoTime();
    PairCollector pairs = new PairCollector();
    NearDupClusterer clusterer =
        new NearDupClusterer(index.reader(), index.metadata().fields(), settings);
    if (histogram != null && histogram.floor() < threshold) {
      clusterer.nearMisses(histogram.floor(), histogram::nearMiss);
    }
    ClusterResult result =
        clusterer
            .threshold(threshold)
            .verification(options.verify)
            .canonical(canonical)
            .threads(run.threads())
            .allPairs(true)
            .spill(spill)
            .memory(memory)
            .progress((phase, done, total) ->
                progress.update(
                    "clustering: " + phase,
                    done,
                    Math.max(total, 0),
                    done,
                    UNITS.getOrDefault(phase, "")))
            .run(pairs);
    progress.done();

    String[] ids = index.ids();
    List<ResultFiles.Pair> pairList = pairs.toPairs(ids);
    if (histogram != null) {
      for (ResultFiles.Pair p : pairList) {
        histogram.add(p.similarity());
      }
    }
    List<int[]> found = new ArrayList<>(result.clusters().size());
    for (Cluster c : result.clusters()) {
      int[] members = new int[c.size()];
      for (int i = 0; i < members.length; i++) {
        members[i] = c.member(i);
      }
      found.add(members);
    }
    Listing listing = list(index, found, canonical);
    List<ResultFiles.ClusterIds> clusterList = listing.clusters();
    long clustered = listing.clustered();
    String clustersTarget = write(spec, options, pairList, clusterList, clustersByDefault);

    ClusterStats stats = result.stats();
    progress.println(
        RunSummary.found(
            pairList.size(),
            clusterList,
            stats,
            "" + threshold,
            options.verify == Verification.EXACT ? "exact Jaccard" : "sketch estimate",
            "identical texts",
            start));
    wrote(progress, options.pairs, clustersTarget);
    return new Result(
        pairList,
        clusterList,
        listing.canonicalFirst(),
        stats,
        canonical,
        clustered,
        (System.nanoTime() - start) / 1e9);
  }

  /**
   * Lists the clusters an index stores ({@link StoredClusters}) without clustering: members in
   * input order, the stored canonical unless {@code --canonical} asks for another policy, which
   * then chooses among each cluster's members. Writes them where the options say.
   */
  public static void stored(
      CommandSpec spec,
      OpenIndex index,
      StoredClusters.Recorded recorded,
      ClusterOptions options,
      String idAlias,
      ProgressLine progress)
      throws IOException {
    long start = System.nanoTime();
    CanonicalPolicy canonical = null;
    if (options.canonical != null) {
      canonical = resolve(spec, index, options.canonical, idAlias);
    }
    Listing listing =
        list(index, StoredClusters.clusters(index.reader(), index.metadata().fields()), canonical);
    String target = write(spec, options, null, listing.clusters(), true);
    progress.println(
        String.format(
            Locale.ROOT,
            "read %s (%,d of %,d documents) stored at threshold %s, verified by %s, canonical %s,"
                + " in %s (clusters --recompute clusters anew)",
            RunSummary.count(listing.clusters().size(), "cluster"),
            listing.clustered(),
            index.reader().numDocs(),
            recorded.threshold(),
            recorded.verification() == Verification.EXACT ? "exact Jaccard" : "sketch estimate",
            canonical == null
                ? "as stored (" + recorded.canonical() + ")"
                : "by " + options.canonical,
            ProgressLine.elapsed(start)));
    wrote(progress, null, target);
  }

  /** The policy of --canonical resolved against the index, ties to the input order. */
  private static CanonicalPolicy resolve(
      CommandSpec spec, OpenIndex index, String policy, String idAlias) {
    CanonicalPolicy canonical = Options.canonical(spec, policy);
    try {
      canonical = index.resolve(canonical, idAlias);
    } catch (IllegalArgumentException e) {
      throw Options.invalid(spec, "--canonical", e.getMessage());
    }
    if (index.hasOrdinals()) {
      // documents were added from several threads: the input order is in the ordinals
      canonical = canonical.then(CanonicalPolicy.lowest(OpenIndex.ORDINAL_FIELD));
    }
    return canonical;
  }

  /**
   * Clusters as the result files list them.
   *
   * @param canonicalFirst the clusters as document ids, canonical first, then in input order
   */
  private record Listing(
      List<ResultFiles.ClusterIds> clusters, List<int[]> canonicalFirst, long clustered) {}

  /**
   * Orders members and clusters by input order, as the streaming dedup lists them (document ids
   * need not follow it: an index written on several threads), and picks each canonical.
   *
   * @param clusters the clusters as document ids, the given canonical first
   * @param canonical the policy that picks the canonical (ties: the first in input order), or null
   *     to keep each cluster's first member
   */
  private static Listing list(OpenIndex index, List<int[]> clusters, CanonicalPolicy canonical)
      throws IOException {
    long[] ordinals = index.ordinals();
    List<long[]> ordered = new ArrayList<>();
    int[] given = new int[clusters.size()];
    int clustered = 0;
    for (int c = 0; c < clusters.size(); c++) {
      int[] members = clusters.get(c);
      long[] byOrdinal = new long[members.length];
      for (int i = 0; i < members.length; i++) {
        byOrdinal[i] = (ordinals[members[i]] << 32) | members[i];
      }
      given[c] = members[0];
      Arrays.sort(byOrdinal);
      ordered.add(byOrdinal);
      clustered += byOrdinal.length;
    }
    Integer[] order = new Integer[ordered.size()];
    for (int c = 0; c < order.length; c++) {
      order[c] = c;
    }
    Arrays.sort(order, (x, y) -> Long.compare(ordered.get(x)[0], ordered.get(y)[0]));
    int[] all = new int[clustered];
    int offset = 0;
    for (int c : order) {
      for (long m : ordered.get(c)) {
        all[offset++] = (int) m;
      }
    }
    CanonicalKeys keys =
        canonical == null || canonical.byScore()
            ? null
            : CanonicalKeys.load(index.reader(), canonical, all);
    String[] ids = index.ids();
    List<ResultFiles.ClusterIds> out = new ArrayList<>(order.length);
    List<int[]> canonicalFirst = new ArrayList<>(order.length);
    offset = 0;
    for (int c : order) {
      int size = ordered.get(c).length;
      int best = 0;
      List<String> members = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        members.add(ids[all[offset + i]]);
        if (canonical == null) {
          best = all[offset + i] == given[c] ? i : best;
        } else if (keys != null && i > 0 && keys.compare(offset + i, offset + best) < 0) {
          best = i; // strictly better only: ties keep the first in input order
        }
      }
      out.add(new ResultFiles.ClusterIds(members.get(best), members));
      int[] docs = new int[size];
      docs[0] = all[offset + best];
      for (int i = 0, j = 1; i < size; i++) {
        if (i != best) {
          docs[j++] = all[offset + i];
        }
      }
      canonicalFirst.add(docs);
      offset += size;
    }
    return new Listing(out, canonicalFirst, clustered);
  }

  /**
   * Writes the pairs (when given) and clusters where the options say.
   *
   * @return where the clusters went, or null
   */
  private static String write(
      CommandSpec spec,
      ClusterOptions options,
      List<ResultFiles.Pair> pairs,
      List<ResultFiles.ClusterIds> clusters,
      boolean clustersByDefault)
      throws IOException {
    String clustersTarget =
        clustersByDefault || options.clusters != null ? options.clustersTarget() : null;
    RunSummary.write(spec.commandLine().getOut(), options.pairs, pairs, clustersTarget, clusters);
    return clustersTarget;
  }

  private static void wrote(ProgressLine progress, String pairs, String clustersTarget) {
    List<String> written = RunSummary.files();
    RunSummary.addFile(written, "pairs", pairs);
    RunSummary.addFile(written, "clusters", clustersTarget);
    RunSummary.wrote(progress, written);
  }

  /** Collects the verified pairs as document ids; the clusterer calls it one thread at a time. */
  private static final class PairCollector implements io.neardup.cluster.PairSink {
    private int[] docs = new int[1024];
    private double[] similarities = new double[512];
    private int size;

    @Override
    public void accept(int docA, int docB, double similarity) {
      if (size == similarities.length) {
        docs = Arrays.copyOf(docs, docs.length * 2);
        similarities = Arrays.copyOf(similarities, similarities.length * 2);
      }
      docs[2 * size] = docA;
      docs[2 * size + 1] = docB;
      similarities[size++] = similarity;
    }

    List<ResultFiles.Pair> toPairs(String[] ids) {
      List<ResultFiles.Pair> out = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        out.add(ResultFiles.Pair.of(ids[docs[2 * i]], ids[docs[2 * i + 1]], similarities[i]));
      }
      return out;
    }
  }
}

package io.neardup.cli;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.cluster.Cluster;
import io.neardup.cluster.ClusterResult;
import io.neardup.cluster.ClusterStats;
import io.neardup.cluster.SpillDirectory;
import io.neardup.cluster.Verification;
import io.neardup.document.CanonicalKeys;
import io.neardup.index.NearDupClusterer;
import io.neardup.lsh.Banding;
import io.neardup.settings.NearDupSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/** The clustering step that {@code dedup} and {@code clusters} share: run, summary and output. */
final class Clustering {
  private static final Map<String, String> UNITS =
      Map.of(
          "load", "docs",
          "identical", "entries",
          "buckets", "entries",
          "verify", "pairs",
          "oversized", "buckets",
          "clusters", "clusters");

  private Clustering() {}

  /**
   * What clustering an index found.
   *
   * @param canonical the canonical policy as resolved against the index
   * @param clustered the documents in clusters
   */
  record Result(
      List<ResultFiles.Pair> pairs,
      List<ResultFiles.ClusterIds> clusters,
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
  static Result run(
      CommandSpec spec,
      OpenIndex index,
      double threshold,
      ClusterOptions options,
      RunOptions run,
      String idAlias,
      SpillDirectory spill,
      long memory,
      ProgressLine progress,
      SimilarityHistogram histogram,
      boolean clustersByDefault)
      throws IOException {
    NearDupSettings settings = index.metadata().settings();
    CanonicalPolicy canonical = Options.canonical(spec, options.canonical);
    try {
      canonical = index.resolve(canonical, idAlias);
    } catch (IllegalArgumentException e) {
      throw Options.invalid(spec, "--canonical", e.getMessage());
    }
    if (index.hasOrdinals()) {
      // documents were added from several threads: the input order is in the ordinals
      canonical = canonical.then(CanonicalPolicy.lowest(OpenIndex.ORDINAL_FIELD));
    }
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
      clusterer.nearMisses(histogram.floor(), (a, b, similarity) -> histogram.add(similarity));
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
    // members and clusters in input order, as the streaming dedup lists them; document ids need not
    // follow it (an index written on several threads), so canonical ties go by it too
    long[] ordinals = index.ordinals();
    List<long[]> ordered = new ArrayList<>();
    int clustered = 0;
    for (Cluster c : result.clusters()) {
      long[] byOrdinal = new long[c.size()];
      for (int i = 0; i < c.size(); i++) {
        byOrdinal[i] = (ordinals[c.member(i)] << 32) | c.member(i);
      }
      Arrays.sort(byOrdinal);
      ordered.add(byOrdinal);
      clustered += byOrdinal.length;
    }
    ordered.sort((x, y) -> Long.compare(x[0], y[0]));
    int[] all = new int[clustered];
    int offset = 0;
    for (long[] byOrdinal : ordered) {
      for (long m : byOrdinal) {
        all[offset++] = (int) m;
      }
    }
    CanonicalKeys keys =
        canonical.byScore() ? null : CanonicalKeys.load(index.reader(), canonical, all);
    List<ResultFiles.ClusterIds> clusterList = new ArrayList<>(ordered.size());
    offset = 0;
    for (long[] byOrdinal : ordered) {
      int best = 0;
      List<String> members = new ArrayList<>(byOrdinal.length);
      for (int i = 0; i < byOrdinal.length; i++) {
        members.add(ids[all[offset + i]]);
        // strictly better only: ties keep the first in input order
        if (keys != null && i > 0 && keys.compare(offset + i, offset + best) < 0) {
          best = i;
        }
      }
      clusterList.add(new ResultFiles.ClusterIds(members.get(best), members));
      offset += byOrdinal.length;
    }

    PrintWriter out = spec.commandLine().getOut();
    String clustersTarget =
        clustersByDefault || options.clusters != null ? options.clustersTarget() : null;
    if (options.pairs != null) {
      ResultFiles.write(options.pairs, out, w -> ResultFiles.writePairs(w, pairList));
    }
    if (clustersTarget != null) {
      ResultFiles.write(clustersTarget, out, w -> ResultFiles.writeClusters(w, clusterList));
    }

    ClusterStats stats = result.stats();
    progress.println(
        String.format(
            Locale.ROOT,
            "found %s in %s (%,d of %,d documents) at threshold %s, verified by %s (%s,"
                + " %s of identical texts), in %s",
            count(pairList.size(), "near-duplicate pair"),
            count(clusterList.size(), "cluster"),
            clustered,
            stats.documents(),
            threshold,
            options.verify == Verification.EXACT ? "exact Jaccard" : "sketch estimate",
            count(stats.candidatePairs(), "candidate pair") + " checked",
            count(stats.identicalGroups(), "group"),
            ProgressLine.elapsed(start)));
    List<String> written = new ArrayList<>();
    if (options.pairs != null && !ResultFiles.STDOUT.equals(options.pairs)) {
      written.add("pairs to " + options.pairs);
    }
    if (clustersTarget != null && !ResultFiles.STDOUT.equals(clustersTarget)) {
      written.add("clusters to " + clustersTarget);
    }
    if (!written.isEmpty()) {
      progress.println("wrote " + String.join(" and ", written));
    }
    return new Result(
        pairList, clusterList, stats, canonical, clustered, (System.nanoTime() - start) / 1e9);
  }

  /** {@code 1 cluster}, {@code 2 clusters}. */
  static String count(long n, String noun) {
    return String.format(Locale.ROOT, "%,d %s%s", n, noun, n == 1 ? "" : "s");
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

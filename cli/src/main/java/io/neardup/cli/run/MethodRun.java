package io.neardup.cli.run;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.input.CorpusReader;
import io.neardup.cli.input.HeldInput;
import io.neardup.cli.input.WebCorpus;
import io.neardup.cli.options.AnalysisOptions;
import io.neardup.cli.options.InputOptions;
import io.neardup.cli.options.MethodParameters;
import io.neardup.cli.options.Options;
import io.neardup.cli.options.RunOptions;
import io.neardup.cli.options.SpillOptions;
import io.neardup.cli.output.ProgressLine;
import io.neardup.cli.output.ResultFiles;
import io.neardup.cli.output.RunSummary;
import io.neardup.cluster.ClusterResult;
import io.neardup.cluster.Verification;
import io.neardup.cluster.core.Clusterer;
import io.neardup.cluster.core.SpillDirectory;
import io.neardup.settings.NearDupSettings;
import io.neardup.signature.CollectionStatistics;
import io.neardup.signature.Method;
import io.neardup.text.NormalizationOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;

/**
 * One run of a near-duplicate method over the input, as {@code dedup} and {@code compare} make it:
 * the first pass of a two-pass method, the analysis on all threads, the clustering core.
 */
public final class MethodRun {
  /**
   * What a run found.
   *
   * @param ids the documents' ids, by input ordinal
   * @param urls the web pages' URLs by input ordinal, or null
   * @param nanos the wall time of the whole run
   */
  public record Outcome(
      Method method,
      NearDupSettings settings,
      SignaturePlan plan,
      List<ResultFiles.Pair> pairs,
      List<String> ids,
      List<String> urls,
      ClusterResult result,
      RecordPipeline.Summary read,
      long nanos) {
    /** The clusters with ids, members in input order. */
    public List<ResultFiles.ClusterIds> clusters() {
      return StreamingDedup.clusterIds(result.clusters(), ids, urls);
    }
  }

  private final CommandSpec spec;
  private final InputOptions input;
  private final HeldInput source;
  private final AnalysisOptions analysis;
  private final MethodParameters parameters;
  private final RunOptions run;
  private final SpillOptions spillOptions;
  // the first pass's statistics, shared by the two-pass methods of later runs over the same input
  private CollectionStatistics statistics;
  private PairSimilarities histogram;

  /**
   * @param source where each run's records come from: the input, or what an earlier pass held of it
   */
  public MethodRun(
      CommandSpec spec,
      InputOptions input,
      HeldInput source,
      AnalysisOptions analysis,
      MethodParameters parameters,
      RunOptions run,
      SpillOptions spillOptions) {
    this.spec = spec;
    this.input = input;
    this.source = source;
    this.analysis = analysis;
    this.parameters = parameters;
    this.run = run;
    this.spillOptions = spillOptions;
  }

  /**
   * Has the next run count its verified pairs, near misses included, into {@code h}; null for none.
   */
  public MethodRun histogram(PairSimilarities h) {
    this.histogram = h;
    return this;
  }

  /**
   * Runs {@code method} at threshold {@code t}.
   *
   * @param index where to keep an index (minhash only), or null
   * @param text whether a kept index keeps the texts
   */
  public Outcome run(
      Method method,
      double t,
      Verification verification,
      boolean allPairs,
      CanonicalPolicy canonical,
      Path index,
      boolean text,
      ProgressLine progress)
      throws IOException {
    if (method != Method.MINHASH && index != null) {
      throw Options.invalid(
          spec, "--index", "an index is kept for --method minhash only, not " + method);
    }
    boolean shingles =
        verification == Verification.EXACT || method == Method.MIN_M || method == Method.MOD_N;
    // the exact-duplicate token only serves a kept index (its clusters command)
    NearDupSettings settings = analysis.settings(t, index != null, shingles);
    SignaturePlan plan =
        method == Method.MINHASH
            ? null
            : new SignaturePlan(
                method, parameters, settings, t, method.twoPass() ? statistics : null);
    NormalizationOptions normalization = analysis.normalization();
    long memory = spillOptions.memory(spec);
    CanonicalPolicy canonicalByInput = idAsIndexed(canonical, input.idField);
    long start = System.nanoTime();
    int threads = run.threads();
    StreamingDedup dedup;
    RecordPipeline.Summary summary;
    ClusterResult result;
    StreamingDedup.PairList pairs;
    try (SpillDirectory spill = StreamingDedup.spill(spillOptions.directory(spec));
        Clusterer clusterer =
            (plan == null
                    ? new Clusterer(spill, verification, t, settings.banding().bands())
                        .sketches(settings.sketch().hashes(), settings.sketch().bits())
                    : new Clusterer(spill, plan.measure(), plan.threshold(), 1))
                .allPairs(allPairs)
                .threads(threads)
                .memory(memory)
                .progress((phase, done, total) -> progress.update(phase, done, total, done, ""))) {
      PairSimilarities h = histogram;
      if (h != null && h.floor() < (plan == null ? t : plan.threshold())) {
        clusterer.nearMisses(h.floor(), h::nearMiss);
      }
      dedup =
          new StreamingDedup(
              settings,
              normalization,
              verification,
              threads,
              input.onError,
              progress,
              canonicalByInput,
              text);
      dedup.languages(input.languageFilter());
      WebCorpus.Kind kind = WebCorpus.kind(input);
      if (kind == WebCorpus.Kind.HTML_FILES || kind == WebCorpus.Kind.HTML_JSONL) {
        // a WARC page's id is its URL already
        input.want(WebCorpus.URL_FIELD);
        dedup.keepUrls();
      }
      if (plan != null) {
        plan.stores(source.terms(), source.sentences());
        if (method.twoPass()) {
          if (statistics == null) {
            firstPass(plan, settings, normalization, threads, progress);
            statistics = plan.statistics();
          } else {
            progress.println(method + ": collection statistics of the first pass reused");
            plan.prepare();
          }
        }
        if (plan.needsShingles()) {
          dedup.compactSets(source.compactSets());
        }
        dedup.method(
            plan,
            false,
            method.twoPass() ? "pass 2 of 2: " + method + " signatures" : "read and analyse");
      }
      StreamingDedup analysis = dedup;
      StreamingDedup.Read read =
          index == null
              ? dedup.read(source, clusterer, null, null, null)
              : IndexWriting.write(
                  index,
                  settings,
                  normalization,
                  progress,
                  IndexWriting.writerConfig(),
                  null,
                  (writer, indexed) -> analysis.read(source, clusterer, writer, null, null));
      read.print(progress, input.input);
      summary = read.summary();
      if (!canonical.byScore() && dedup.canonicalValuesSeen() == 0 && summary.documents() > 0) {
        throw Options.invalid(
            spec,
            "--canonical",
            "no record has a field ["
                + String.join(", ", canonical.fields())
                + "] to choose canonicals by");
      }
      pairs = new StreamingDedup.PairList(dedup.ids());
      try {
        result = clusterer.finish(summary.documents(), dedup.canonicalOrder(), pairs);
      } finally {
        progress.done();
      }
    }
    if (histogram != null) {
      for (ResultFiles.Pair p : pairs.pairs) {
        histogram.add(p.similarity());
      }
      histogram = null;
    }
    return new Outcome(
        method,
        settings,
        plan,
        pairs.pairs,
        dedup.ids(),
        dedup.urls(),
        result,
        summary,
        System.nanoTime() - start);
  }

  /**
   * The first pass of a two-pass method: reads the whole input once for the collection's term
   * statistics.
   */
  private void firstPass(
      SignaturePlan plan,
      NearDupSettings settings,
      NormalizationOptions normalization,
      int threads,
      ProgressLine progress)
      throws IOException {
    StreamingDedup first =
        new StreamingDedup(
                settings, normalization, null, threads, input.onError, progress, null, false)
            .method(plan, true, "pass 1 of 2: collection statistics")
            .languages(input.languageFilter());
    try (CorpusReader reader = source.open()) {
      RecordPipeline.Summary pass = first.analyse(reader, null, null);
      progress.println(
          String.format(
              Locale.ROOT,
              "pass 1 of 2 (%s reads the input twice): collection statistics of %s in %s",
              plan.method,
              RunSummary.count(pass.documents(), "document"),
              ProgressLine.elapsed(pass.startNanos())));
    }
    plan.prepare();
  }

  /** The policy with the input's id field named {@link OpenIndex#ID_FIELD}, as records give it. */
  static CanonicalPolicy idAsIndexed(CanonicalPolicy policy, String idField) {
    List<CanonicalPolicy.Key> keys = new ArrayList<>();
    for (CanonicalPolicy.Key k : policy.keys()) {
      keys.add(
          k.field().equals(idField)
              ? new CanonicalPolicy.Key(OpenIndex.ID_FIELD, k.ascending())
              : k);
    }
    return new CanonicalPolicy(keys);
  }
}

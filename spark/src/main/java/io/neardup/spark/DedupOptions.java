package io.neardup.spark;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.cluster.core.Clusterer;
import io.neardup.param.Parameter;
import io.neardup.settings.NearDupSettings;
import io.neardup.text.NormalizationOptions;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The options of {@link NearDupSpark#dedup}, named as {@code neardup dedup} names them: analysis
 * parameters by their kebab-case names ({@code shingle-unit}, {@code shingle-size}, {@code hashes},
 * {@code bits}, {@code scheme}, {@code seed}, {@code bands}, {@code rows}, {@code lowercase},
 * {@code unicode}, {@code punctuation}, {@code digits}) parsed by the library's own rules, the
 * threshold, the verification ({@code exact} or {@code sketch}), the canonical policy ({@code
 * score}, {@code FIELD:asc}, {@code FIELD:desc}, ...) and whether texts are HTML pages (main text
 * with boilerplate {@code local}). Checked when set: a bad value names the option and what is
 * allowed.
 */
public final class DedupOptions implements Serializable {
  private static final long serialVersionUID = 1L;

  private String idColumn = "id";
  private String textColumn = "text";
  private double threshold = NearDupSettings.DEFAULT.threshold();
  private final Map<String, String> analysis = new LinkedHashMap<>();
  private Verification verification = Verification.EXACT;
  private String canonical = "score";
  private boolean html;
  private boolean skipBadRecords;
  private int maxBucketSize = Clusterer.DEFAULT_MAX_BUCKET_SIZE;
  private int representatives = Clusterer.DEFAULT_REPRESENTATIVES;
  private boolean allPairs;
  private int tile = Tiles.DEFAULT_TILE;
  private int tileFrom = Tiles.DEFAULT_FROM;
  private long componentsInOneTask = ConnectedComponents.ONE_TASK_EDGES;
  private int partitions;

  /** The column of the documents' ids (string or integer; default {@code id}). */
  public DedupOptions idColumn(String column) {
    this.idColumn = require(column, "id column");
    return this;
  }

  /** The column of the documents' texts (string; default {@code text}). */
  public DedupOptions textColumn(String column) {
    this.textColumn = require(column, "text column");
    return this;
  }

  /** The least similarity of a near-duplicate pair, in (0, 1]; default 0.8. */
  public DedupOptions threshold(double t) {
    if (!(t > 0 && t <= 1)) {
      throw new IllegalArgumentException("threshold must be in (0, 1], got " + t);
    }
    this.threshold = t;
    return this;
  }

  /**
   * An analysis parameter by the name {@code neardup dedup} gives its option, without the dashes:
   * {@code option("shingle-size", "5")}, {@code option("bands", "20")}.
   */
  public DedupOptions option(String name, String value) {
    String key = name.startsWith("--") ? name.substring(2) : name;
    analysis.put(key, value);
    settings(); // fails now, naming the option, rather than on the executors
    normalization();
    return this;
  }

  /** {@code exact} (Jaccard of the shingle sets, the default) or {@code sketch} (the estimate). */
  public DedupOptions verification(String how) {
    this.verification =
        switch (how.toLowerCase(Locale.ROOT)) {
          case "exact" -> Verification.EXACT;
          case "sketch" -> Verification.SKETCH;
          default ->
              throw new IllegalArgumentException(
                  "verification must be exact or sketch, got [" + how + "]");
        };
    return this;
  }

  /**
   * Which member of a cluster is canonical, as {@code --canonical} takes it: {@code score} (the
   * first in input order, the default), {@code FIELD:asc}, {@code FIELD:desc}, several joined by
   * commas; ties go to the first in input order.
   */
  public DedupOptions canonical(String policy) {
    CanonicalPolicy.parse(policy); // checked here: names what is wrong
    this.canonical = policy;
    return this;
  }

  /**
   * Whether texts are HTML pages: each is reduced to its main text (boilerplate {@code local}, the
   * page's own blocks) before analysis, and gets a {@value CanonicalPolicy#BOILERPLATE_FIELD} for
   * the policy {@code boilerplate}.
   */
  public DedupOptions html(boolean pages) {
    this.html = pages;
    return this;
  }

  /**
   * Whether a record whose text is null is skipped and counted ({@code --on-error skip}) rather
   * than failing the job naming it (the default).
   */
  public DedupOptions skipBadRecords(boolean skip) {
    this.skipBadRecords = skip;
    return this;
  }

  /** The largest bucket whose pairs are all candidates, at least 2; default 128, as the core. */
  public DedupOptions maxBucketSize(int n) {
    if (n < 2) {
      throw new IllegalArgumentException("maxBucketSize must be >= 2, got " + n);
    }
    this.maxBucketSize = n;
    return this;
  }

  /** Representatives per oversized bucket, at least 1; default 8, as the core. */
  public DedupOptions representatives(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("representatives must be >= 1, got " + n);
    }
    this.representatives = n;
    return this;
  }

  /**
   * Whether every near-duplicate pair is listed ({@code --all-pairs}): the pairs of oversized
   * buckets are all compared rather than each member with a few representatives, and groups of
   * identical texts larger than a bucket are listed pair by pair rather than as their first text
   * with each other. The clusters are the same or joined further; the cost grows with the pairs.
   */
  public DedupOptions allPairs(boolean all) {
    this.allPairs = all;
    return this;
  }

  public boolean allPairs() {
    return allPairs;
  }

  /**
   * The partitions of every phase after the analysis (its shuffles and the data keyed by ordinal),
   * at most the input's: consecutive input partitions are read as one, in order. 0 (the default)
   * sizes them to the documents and the cores: {@code spark.default.parallelism}, or more when a
   * partition would otherwise hold more than {@value NearDupSpark#DOCUMENTS_PER_PARTITION}
   * documents.
   */
  public DedupOptions partitions(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("partitions must be >= 0 (0: automatic), got " + n);
    }
    this.partitions = n;
    return this;
  }

  public int partitions() {
    return partitions;
  }

  /**
   * How buckets are compared (tests choose small values, so that both ways and many tiles are
   * exercised): buckets of more than {@code from} documents in tiles of {@code documents} per
   * chunk, smaller ones as candidate pairs.
   */
  DedupOptions tiles(int from, int documents) {
    if (documents < 1 || from < 1) {
      throw new IllegalArgumentException("tiles must be >= 1, got " + from + ", " + documents);
    }
    this.tileFrom = from;
    this.tile = documents;
    return this;
  }

  int tile() {
    return tile;
  }

  /**
   * Connected components in one task when the edges are at most {@code edges}, else by the
   * distributed rounds (tests choose 0, so that the rounds are exercised on small corpora too).
   */
  DedupOptions componentsInOneTask(long edges) {
    this.componentsInOneTask = edges;
    return this;
  }

  long componentsInOneTask() {
    return componentsInOneTask;
  }

  int tileFrom() {
    return tileFrom;
  }

  public String idColumn() {
    return idColumn;
  }

  public String textColumn() {
    return textColumn;
  }

  public double threshold() {
    return threshold;
  }

  public Verification verification() {
    return verification;
  }

  public CanonicalPolicy canonicalPolicy() {
    return CanonicalPolicy.parse(canonical);
  }

  public boolean html() {
    return html;
  }

  public boolean skipBadRecords() {
    return skipBadRecords;
  }

  public int maxBucketSize() {
    return maxBucketSize;
  }

  public int representatives() {
    return representatives;
  }

  /** The analysis settings, as {@code neardup dedup} makes them from the same options. */
  public NearDupSettings settings() {
    checkNames();
    Map<String, String> map = options(SETTINGS);
    map.put(Parameter.THRESHOLD.name(Parameter.Style.KEBAB), Double.toString(threshold));
    map.put(Parameter.EXACT.name(Parameter.Style.KEBAB), "false");
    map.put(
        Parameter.SHINGLES.name(Parameter.Style.KEBAB),
        Boolean.toString(verification == Verification.EXACT));
    return NearDupSettings.parse(map, Parameter.Style.KEBAB);
  }

  /** The text normalisation, as {@code neardup dedup} makes it from the same options. */
  public NormalizationOptions normalization() {
    return NormalizationOptions.parse(options(NORMALIZATION), Parameter.Style.KEBAB);
  }

  // the options of neardup dedup's analysis, by the library's parser they go to
  private static final Set<String> SETTINGS =
      Set.of("shingle-unit", "shingle-size", "hashes", "bits", "scheme", "seed", "bands", "rows");
  private static final Set<String> NORMALIZATION =
      Set.of("lowercase", "unicode", "punctuation", "digits");

  private Map<String, String> options(Set<String> names) {
    Map<String, String> map = new LinkedHashMap<>();
    analysis.forEach((name, value) -> {
      if (names.contains(name)) {
        map.put(name, value);
      }
    });
    return map;
  }

  private void checkNames() {
    for (String name : analysis.keySet()) {
      if (!SETTINGS.contains(name) && !NORMALIZATION.contains(name)) {
        Set<String> allowed = new TreeSet<>(SETTINGS);
        allowed.addAll(NORMALIZATION);
        throw new IllegalArgumentException(
            "unknown option [" + name + "]; allowed: " + String.join(", ", allowed));
      }
    }
  }

  private static String require(String value, String what) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException(what + " must be a column name, got [" + value + "]");
    }
    return value;
  }
}

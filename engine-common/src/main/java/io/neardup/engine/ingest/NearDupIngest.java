package io.neardup.engine.ingest;

import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.cluster.Verification;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.engine.api.LookupParams;
import io.neardup.engine.param.MappingFields;
import io.neardup.engine.param.NearDupField;
import io.neardup.engine.param.NearDupMappings.FieldParameters;
import io.neardup.index.StoredClusters;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Sketch;
import io.neardup.web.analysis.MainTextCharFilterFactory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * What the engines' {@code neardup} ingest processors share, free of any engine: the name and
 * parameters, the checks of the target index's mapping with their messages, the sketch of a
 * document's text made with the settings of its {@code neardup} field, and the assignment of a
 * cluster id (the node's recent sketches first, else the engine's search).
 *
 * <pre>{@code
 * { "neardup": { "field": "body", "neardup_field": "body.dup",
 *                "cluster_field": "neardup_cluster", "canonical_field": "neardup_canonical" } }
 * }</pre>
 *
 * <p>An adapter reads the parameters ({@link #FIELD}, ...; defaults {@link #DEFAULT_CLUSTER_FIELD}
 * and {@link #DEFAULT_CANONICAL_FIELD}), checks the target index with {@link #targetParameters},
 * analyses the text with {@link #analyse} (its sketch, and its shingle set when the field has
 * {@code verify: exact}) and calls {@link #assign} with its engine's search of the index for a
 * batch of texts ({@link Lookup}: one search whose shards run {@link NearDupLookup}). One instance
 * per node (per processor factory): it holds the node's {@link RecentSketches}, the documents
 * waiting for a search and a document builder per index, mapping version and field.
 */
public final class NearDupIngest {
  /** The processor's type name. */
  public static final String TYPE = "neardup";

  /** Parameter: the document's text. */
  public static final String FIELD = "field";

  /** Parameter: the {@code neardup} field of the target index. */
  public static final String NEARDUP_FIELD = "neardup_field";

  /** Parameter: where the cluster id is written. */
  public static final String CLUSTER_FIELD = "cluster_field";

  /** Parameter: where the canonical flag is written. */
  public static final String CANONICAL_FIELD = "canonical_field";

  /**
   * Parameter: whether a document whose {@code field} is missing or null passes unchanged, without
   * a cluster, rather than failing (as the engines' own processors offer it); default false.
   */
  public static final String IGNORE_MISSING = "ignore_missing";

  /**
   * Where the processor writes an HTML page's boilerplate fraction (none by default), for {@code
   * canonical: "boilerplate"}: only with a {@code neardup_field} whose analyzer extracts the main
   * text.
   */
  public static final String BOILERPLATE_FRACTION_FIELD = "boilerplate_fraction_field";

  /** Default of {@code cluster_field}. */
  public static final String DEFAULT_CLUSTER_FIELD = "neardup_cluster";

  /** Default of {@code canonical_field}. */
  public static final String DEFAULT_CANONICAL_FIELD = "neardup_canonical";

  /** The field type the {@code neardup_field} must have. */
  public static final String FIELD_TYPE = "neardup";

  private static final String WHO = "[" + TYPE + "] processor";
  private static final int MAX_BUILDERS = 256;

  private final Map<String, NearDupDocumentBuilder> builders = new ConcurrentHashMap<>();
  private final Map<String, TargetField> checked = new ConcurrentHashMap<>();
  private final RecentSketches<CompletableFuture<String>> recent;
  // the UUID each index name had when last written to: another UUID under a name means the index
  // was deleted (and created again), so that its recent sketches can go at once
  private final Map<String, String> uuidByName = new ConcurrentHashMap<>();
  private static final int MAX_NAMES = 10_000;

  /** A document's cluster: its id and whether the document is the cluster's canonical member. */
  public record Assigned(String cluster, boolean canonical) {}

  /**
   * The engine's search of an index for the near-duplicates of many documents at once (for example
   * one search whose shards run {@link NearDupLookup}).
   */
  @FunctionalInterface
  public interface Lookup {
    /**
     * Finds each text's best near-duplicate in the index (band candidates verified by sketch, and
     * by shingle set near the field's threshold when the texts have sets) and answers their cluster
     * ids (see {@link StoredClusters#clusterOf}) in the order of the texts, null where a text has
     * none, or a failure.
     */
    void lookup(List<SketchedText> texts, BiConsumer<List<String>, Exception> answer);

    /**
     * Reads, in real time, what the index holds of the documents a batch of writes replaces: each
     * one's stored cluster id and canonical flag, in the order of {@code documents}, null where the
     * index has no document of that id (or one without a cluster). Without it, every document
     * counts as new.
     */
    default void previous(List<Replaced> documents, BiConsumer<List<Previous>, Exception> answer) {
      answer.accept(java.util.Collections.nCopies(documents.size(), null), null);
    }

    /**
     * Makes a member of {@code cluster} other than {@code leaving} its canonical (the first in the
     * index's order; the index is refreshed first, so that every acknowledged member counts), and
     * answers its id, or null if the cluster has no other member.
     */
    default void handOn(String cluster, Replaced leaving, BiConsumer<String, Exception> answer) {
      answer.accept(null, null);
    }
  }

  /**
   * What the index held of a document, from the values of its {@code cluster_field} and {@code
   * canonical_field} in its source; null if it has no cluster (indexed without the processor).
   */
  public static Previous previous(Object cluster, Object canonical) {
    if (cluster == null) {
      return null;
    }
    return new Previous(
        cluster.toString(),
        canonical instanceof Boolean b ? b : "true".equals(String.valueOf(canonical)));
  }

  /** The partial document that makes a document its cluster's canonical. */
  public static Map<String, Object> canonicalFlag(String canonicalField) {
    Map<String, Object> doc = new java.util.HashMap<>();
    Map<String, Object> at = doc;
    String[] path = canonicalField.split("\\.");
    for (int i = 0; i < path.length - 1; i++) {
      Map<String, Object> inner = new java.util.HashMap<>();
      at.put(path[i], inner);
      at = inner;
    }
    at.put(path[path.length - 1], true);
    return doc;
  }

  /** A document a write replaces: its {@code _id} and routing (null for the default). */
  public record Replaced(String id, String routing) {}

  /** What the index held of a document a write replaces. */
  public record Previous(String cluster, boolean canonical) {}

  /**
   * Default most searches a node's processors run at once. Each searches the index for a batch of
   * documents; documents that arrive while it runs wait in memory (not on a thread) and go together
   * into the next one, so batches grow with the load and a large bulk request does not flood the
   * engine's search queue with one search per document. One at a time makes the batches largest: a
   * search's fixed cost then weighs least, and its shards still look up in parallel.
   */
  public static final int DEFAULT_MAX_SEARCHES = 1;

  /** Default most documents one search looks up. */
  public static final int DEFAULT_MAX_BATCH = 512;

  private final Batcher<Waiting, String> searches;
  private final Batcher<Replaced, Previous> reads;

  /**
   * The engine's scheduler: runs a task after a delay, in the thread context of the caller (the
   * engines' {@code Processor.Parameters.scheduler} with the context preserved).
   */
  @FunctionalInterface
  public interface Delay {
    /**
     * @throws RuntimeException if the task cannot be scheduled (it then does not run)
     */
    void after(long millis, Runnable task);
  }

  /** A document waiting for the search of the index. */
  private record Waiting(SketchedText text, String newCluster, CompletableFuture<String> cluster) {}

  /**
   * With the default bounds of {@link RecentSketches}, searches and batches; every search starts as
   * soon as one may run.
   */
  public NearDupIngest() {
    this(null);
  }

  /**
   * With the default bounds, gathering the documents of a bulk request into fewer searches with
   * {@code delay} (see {@link Batcher}).
   *
   * @param delay the engine's scheduler, or null
   */
  public NearDupIngest(Delay delay) {
    this(new RecentSketches<>(), DEFAULT_MAX_SEARCHES, DEFAULT_MAX_BATCH, delay);
  }

  /** As below, every search starting as soon as one may run. */
  public NearDupIngest(
      RecentSketches<CompletableFuture<String>> recent, int maxSearches, int maxBatch) {
    this(recent, maxSearches, maxBatch, null);
  }

  /**
   * @param recent the node's memory of recent sketches
   * @param maxSearches the most searches running at once, at least 1
   * @param maxBatch the most documents one search looks up, at least 1
   * @param delay the engine's scheduler for gathering documents into fewer searches, or null
   */
  public NearDupIngest(
      RecentSketches<CompletableFuture<String>> recent,
      int maxSearches,
      int maxBatch,
      Delay delay) {
    if (maxSearches < 1) {
      throw new IllegalArgumentException("maxSearches must be >= 1, got [" + maxSearches + "]");
    }
    if (maxBatch < 1) {
      throw new IllegalArgumentException("maxBatch must be >= 1, got [" + maxBatch + "]");
    }
    this.recent = recent;
    this.searches = new Batcher<>("search", "cluster ids", maxSearches, maxBatch, delay);
    this.reads = new Batcher<>("read", "documents", maxSearches, maxBatch);
  }

  /** The error for a document whose target index does not exist. */
  public static IllegalArgumentException missingIndex(String index, String nearDupField) {
    return new IllegalArgumentException(
        WHO
            + ": index ["
            + index
            + "] does not exist: create it with a mapping of ["
            + NEARDUP_FIELD
            + "] ["
            + nearDupField
            + "] before ingesting");
  }

  /**
   * Checks the target index's mapping and returns the settings, verification and analyzer of its
   * {@code neardup_field}.
   *
   * @param mapped the mapping of a field path in the target index (see {@link MappingFields#find}),
   *     or null where it maps none
   * @param analysis the index's setting at a key below {@code index.analysis.}: its values, none if
   *     it is not set
   * @param index the index's name, for the messages
   * @throws IllegalArgumentException naming the parameter: {@code neardup_field} unmapped, of
   *     another type or with an analyzer the processor does not run ({@link TargetAnalyzer});
   *     {@code cluster_field} not a {@code keyword} with doc values (the searches read
   *     near-duplicates' cluster ids from them); {@code canonical_field} mapped but not a {@code
   *     boolean}; {@code boilerplate_fraction_field} set with a field whose analyzer extracts no
   *     main text, or mapped but not a floating-point number
   * @param boilerplateFractionField {@value #BOILERPLATE_FRACTION_FIELD}, or null
   */
  public static TargetField targetParameters(
      Function<String, Map<String, Object>> mapped,
      Function<String, List<String>> analysis,
      String index,
      String nearDupField,
      String clusterField,
      String canonicalField,
      String boilerplateFractionField) {
    Map<String, Object> field = mapped.apply(nearDupField);
    String prefix = WHO + " [" + NEARDUP_FIELD + "]: field [" + nearDupField + "]";
    if (field == null) {
      throw new IllegalArgumentException(
          prefix + " does not exist in the mapping of index [" + index + "]");
    }
    Object type = field.get("type");
    if (!FIELD_TYPE.equals(type)) {
      throw new IllegalArgumentException(
          prefix
              + " is of type ["
              + type
              + "] in index ["
              + index
              + "], expected a field of type ["
              + FIELD_TYPE
              + "]");
    }
    Object analyzer = field.get("analyzer");
    MainTextCharFilterFactory mainText =
        TargetAnalyzer.mainText(analyzer == null ? null : analyzer.toString(), analysis, prefix);
    Map<String, Object> cluster = mapped.apply(clusterField);
    MappingFields.checkType(cluster, WHO, CLUSTER_FIELD, clusterField, "keyword", index, true);
    if ("false".equals(String.valueOf(cluster.get("doc_values")))) {
      throw new IllegalArgumentException(
          WHO
              + " ["
              + CLUSTER_FIELD
              + "]: field ["
              + clusterField
              + "] requires [doc_values] in index ["
              + index
              + "]: the processor reads the cluster ids of near-duplicates from them");
    }
    MappingFields.checkType(
        mapped.apply(canonicalField),
        WHO,
        CANONICAL_FIELD,
        canonicalField,
        "boolean",
        index,
        false);
    if (boilerplateFractionField != null) {
      checkBoilerplateFractionField(
          mapped.apply(boilerplateFractionField),
          boilerplateFractionField,
          mainText != null,
          nearDupField,
          index);
    }
    return new TargetField(MappingFields.nearDupParameters(nearDupField, field), mainText);
  }

  /**
   * Checks that {@code boilerplate_fraction_field} has a page to measure (the {@code
   * neardup_field}'s analyzer extracts the main text) and, where the index maps it, a
   * floating-point type.
   */
  private static void checkBoilerplateFractionField(
      Map<String, Object> mapped,
      String target,
      boolean mainText,
      String nearDupField,
      String index) {
    String who = WHO + " [" + BOILERPLATE_FRACTION_FIELD + "]";
    if (!mainText) {
      throw new IllegalArgumentException(
          who
              + ": field ["
              + nearDupField
              + "] does not extract an HTML page's main text in index ["
              + index
              + "]: give it an analyzer with the ["
              + MainTextCharFilterFactory.ENGINE_TYPE
              + "] char filter");
    }
    Object type = mapped == null ? null : mapped.get("type");
    if (type != null && !FRACTION_TYPES.contains(type.toString())) {
      throw new IllegalArgumentException(
          who
              + ": field ["
              + target
              + "] must be mapped as a floating-point number "
              + FRACTION_TYPES
              + " in index ["
              + index
              + "], got ["
              + type
              + "]");
    }
  }

  private static final List<String> FRACTION_TYPES =
      List.of("float", "double", "half_float", "scaled_float");

  /**
   * What the processor needs of the target index's {@code neardup} field.
   *
   * @param parameters its settings and verification
   * @param mainText the main-text char filter of its analyzer, null for {@code neardup_standard}
   */
  public record TargetField(FieldParameters parameters, MainTextCharFilterFactory mainText) {}

  /**
   * {@link #targetParameters}, checked once per mapping: the result is kept under {@code
   * mappingKey} and the parameters (a failed check is not kept, so it is reported for every
   * document).
   *
   * @param mappingKey identifies the index and its mapping version
   */
  public TargetField cachedTargetParameters(
      String mappingKey,
      Function<String, Map<String, Object>> mapped,
      Function<String, List<String>> analysis,
      String index,
      String nearDupField,
      String clusterField,
      String canonicalField,
      String boilerplateFractionField) {
    String key =
        mappingKey
            + '/'
            + nearDupField
            + '/'
            + clusterField
            + '/'
            + canonicalField
            + '/'
            + boilerplateFractionField;
    TargetField parameters = checked.get(key);
    if (parameters == null) {
      parameters =
          targetParameters(
              mapped,
              analysis,
              index,
              nearDupField,
              clusterField,
              canonicalField,
              boilerplateFractionField);
      if (checked.size() >= MAX_BUILDERS) {
        checked.clear(); // mappings change rarely; a full map means many indexes or versions
      }
      checked.put(key, parameters);
    }
    return parameters;
  }

  /**
   * The text of a document's {@code field}.
   *
   * @param value the field's value, null if the field is null or missing
   * @param present whether the document has the field
   * @return the text, or null if the field is missing or null and {@code ignoreMissing}: the
   *     document then passes unchanged
   * @throws IllegalArgumentException naming the field if it is missing or null (without {@code
   *     ignoreMissing}) or not a string
   */
  public static String text(String field, Object value, boolean present, boolean ignoreMissing) {
    if (value == null) {
      if (ignoreMissing) {
        return null;
      }
      throw new IllegalArgumentException(
          WHO
              + " ["
              + FIELD
              + "]: field ["
              + field
              + "] is "
              + (present ? "null" : "missing")
              + " in the document; set ["
              + IGNORE_MISSING
              + "] to true to let such documents pass without a cluster");
    }
    if (!(value instanceof String text)) {
      throw new IllegalArgumentException(
          WHO
              + " ["
              + FIELD
              + "]: field ["
              + field
              + "] must be a string, got ["
              + value.getClass().getSimpleName()
              + "]");
    }
    return text;
  }

  /**
   * The sketch of {@code text} as the {@code neardup} field makes it at index time.
   *
   * @param mappingKey identifies the index and its mapping version (builders are cached by it)
   */
  public Sketch sketch(
      String mappingKey, String nearDupField, NearDupSettings settings, String text) {
    return analyse(
            mappingKey, nearDupField, new FieldParameters(settings, Verification.SKETCH), text)
        .sketch();
  }

  /**
   * The sketch of {@code text} as the {@code neardup} field makes it at index time and, when the
   * field has {@code verify: exact}, its shingle set as the field stores it.
   *
   * @param mappingKey identifies the index and its mapping version (builders are cached by it)
   */
  public SketchedText analyse(
      String mappingKey, String nearDupField, FieldParameters parameters, String text) {
    return sketched(analyze(mappingKey, nearDupField, parameters, text), parameters);
  }

  /**
   * The analysis of {@code text} as the {@code neardup} field makes it at index time: band tokens,
   * sketch and, when the field has {@code verify: exact}, the shingle set.
   *
   * @param mappingKey identifies the index and its mapping version (builders are cached by it)
   */
  public NearDupDocument analyze(
      String mappingKey, String nearDupField, FieldParameters parameters, String text) {
    boolean exact = parameters.verification() == Verification.EXACT;
    String key = mappingKey + '/' + nearDupField + '/' + exact;
    NearDupDocumentBuilder builder = builders.get(key);
    if (builder == null) {
      if (builders.size() >= MAX_BUILDERS) {
        builders.clear(); // mappings change rarely; a full map means many indexes or versions
      }
      builder =
          new NearDupDocumentBuilder(
              NearDupField.chain(
                  new NormalizedTextAnalyzer(), parameters.settings(), parameters.verification()),
              new NearDupFields(nearDupField));
      builders.put(key, builder);
    }
    return builder.analyze(text);
  }

  /** What the lookups need of an analysis: its sketch and, for {@code verify: exact}, its set. */
  public static SketchedText sketched(NearDupDocument analysed, FieldParameters parameters) {
    byte[] set =
        parameters.verification() == Verification.EXACT
            ? analysed.encodedSet(NearDupDocument.SetLayout.DELTA)
            : null;
    return new SketchedText(analysed.sketch(), set, analysed.encodedSketch());
  }

  /**
   * Assigns a document to a cluster: the cluster of a near-duplicate among the node's recent
   * sketches (waiting for that document's own assignment if it is still running), else the one
   * {@code lookup} finds in the index, else a new cluster {@code newCluster} of which the document
   * is the canonical member. A text without shingles is similar to nothing and starts a cluster.
   * Documents of one key that wait at the same time are looked up together, with the {@code lookup}
   * of the first of them.
   *
   * @param key the index, field and cluster field the sketch belongs to (e.g. index UUID + "/" +
   *     field + "/" + cluster field): the documents of one key must be looked up alike
   * @param newCluster the id of the cluster the document starts (its own {@code _id})
   * @param lookup the engine's search for the best near-duplicates of a batch of documents
   * @param done receives the assignment or the failure, on the thread that completes it
   */
  public void assign(
      String key,
      Sketch sketch,
      NearDupSettings settings,
      String newCluster,
      Lookup lookup,
      BiConsumer<Assigned, Exception> done) {
    assign(key, SketchedText.of(sketch), settings, newCluster, lookup, done);
  }

  /**
   * As {@link #assign(String, Sketch, NearDupSettings, String, Lookup, BiConsumer)}, for a text
   * that may carry its shingle set: pairs near the threshold are then decided by the sets, among
   * the recent sketches and in the index alike.
   */
  public void assign(
      String key,
      SketchedText text,
      NearDupSettings settings,
      String newCluster,
      Lookup lookup,
      BiConsumer<Assigned, Exception> done) {
    Sketch sketch = text.sketch();
    if (sketch.isEmpty()) {
      done.accept(new Assigned(newCluster, true), null);
      return;
    }
    CompletableFuture<String> fresh = new CompletableFuture<>();
    CompletableFuture<String> joined =
        recent.joinOrAdd(key, text, settings.banding(), settings.threshold(), fresh);
    CompletableFuture<String> cluster = joined != null ? joined : fresh;
    cluster.whenComplete((id, failure) -> {
      if (failure != null) {
        done.accept(null, failure instanceof Exception e ? e : new IllegalStateException(failure));
      } else {
        done.accept(new Assigned(id, joined == null && id.equals(newCluster)), null);
      }
    });
    if (joined != null) {
      return;
    }
    Waiting w = new Waiting(text, newCluster, fresh);
    searches.submit(
        key,
        w,
        (batch, answer) -> lookup.lookup(batch.stream().map(Waiting::text).toList(), answer),
        (found, failure) -> {
          if (failure != null) {
            recent.forget(key, fresh);
            fresh.completeExceptionally(failure);
          } else {
            fresh.complete(found != null ? found : newCluster);
          }
        });
  }

  /**
   * Assigns a document that may replace an indexed one (a write with an explicit {@code _id}) as
   * {@link #assign} does a new one, and keeps the clusters right when it replaces one: the document
   * keeps its canonical flag while it stays in its cluster; a cluster whose canonical leaves it
   * gets another canonical ({@link Lookup#handOn}); and a document that leaves the cluster named
   * after it (it was its first member) starts a new one under {@code freshCluster}, not its own id,
   * which the cluster's other members still carry.
   *
   * @param document the document's {@code _id} and routing
   * @param freshCluster an id no cluster has, for the case above
   */
  public void assignReplacing(
      String key,
      SketchedText text,
      NearDupSettings settings,
      Replaced document,
      String freshCluster,
      Lookup lookup,
      BiConsumer<Assigned, Exception> done) {
    reads.submit(
        key,
        document,
        lookup::previous,
        (previous, failure) -> {
          if (failure != null) {
            done.accept(null, failure);
            return;
          }
          String newCluster =
              previous != null && previous.cluster().equals(document.id())
                  ? freshCluster
                  : document.id();
          assign(
              key,
              text,
              settings,
              newCluster,
              lookup,
              (assigned, e) -> {
                if (e != null || previous == null) {
                  done.accept(assigned, e);
                } else if (!assigned.canonical() && assigned.cluster().equals(previous.cluster())) {
                  done.accept(new Assigned(previous.cluster(), previous.canonical()), null);
                } else if (previous.canonical()) {
                  lookup.handOn(
                      previous.cluster(),
                      document,
                      (member, handOnFailure) ->
                          done.accept(
                              handOnFailure == null ? assigned : null,
                              handOnFailure == null
                                  ? null
                                  : handOnFailed(previous, handOnFailure)));
                } else {
                  done.accept(assigned, null);
                }
              });
        });
  }

  private static Exception handOnFailed(Previous previous, Exception cause) {
    return new IllegalStateException(
        WHO
            + ": the document was the canonical of cluster ["
            + previous.cluster()
            + "], which it leaves, and no other member could be made its canonical: "
            + cause.getMessage(),
        cause);
  }

  /**
   * The parameters of the {@code neardup_lookup} aggregation that searches an index for a batch of
   * texts: their sketches, and their shingle sets where the field verifies exactly.
   */
  public static LookupParams lookupParams(
      String nearDupField, String clusterField, List<SketchedText> texts) {
    List<byte[]> sketches = texts.stream().map(SketchedText::encodedSketch).toList();
    boolean sets = texts.stream().anyMatch(t -> t.shingles() != null);
    return new LookupParams(
        nearDupField,
        clusterField,
        sketches,
        sets
            ? texts.stream().map(t -> t.shingles() != null ? t.shingles() : new byte[0]).toList()
            : List.of());
  }

  /**
   * Notes that the index called {@code name} has {@code uuid}; if an index of that name had another
   * UUID, it was deleted, and its recent sketches are forgotten now rather than when the node's
   * bounds reach them.
   */
  public void writing(String name, String uuid) {
    String before = uuidByName.get(name);
    if (uuid.equals(before)) {
      return;
    }
    if (uuidByName.size() >= MAX_NAMES) {
      uuidByName.clear(); // only a hint: a name not seen again has no sketches to forget
    }
    before = uuidByName.put(name, uuid);
    if (before != null && !before.equals(uuid)) {
      recent.forgetAll(before + "/");
    }
  }

  /** Searches running now (for tests and stats). */
  public int runningSearches() {
    return searches.running();
  }
}

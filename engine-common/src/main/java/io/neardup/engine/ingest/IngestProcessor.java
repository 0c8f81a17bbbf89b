package io.neardup.engine.ingest;

import io.neardup.document.NearDupDocument;
import io.neardup.engine.api.LookupParams;
import io.neardup.engine.param.NearDupMappings;
import io.neardup.web.boilerplate.MainText;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The {@code neardup} ingest processor whatever the engine: assigns each document to a
 * near-duplicate cluster when it is indexed.
 *
 * <pre>{@code
 * { "neardup": { "field": "body", "neardup_field": "body.dup",
 *                "cluster_field": "neardup_cluster", "canonical_field": "neardup_canonical" } }
 * }</pre>
 *
 * <p>For each document it sketches the text of {@code field} with the settings of the {@code
 * neardup} field {@code neardup_field} of the target index, then looks for near-duplicates: first
 * among the sketches this node processed recently (copies in the same bulk or not yet refreshed),
 * else with a search of the index (band candidates verified by sketch, as the {@code neardup} query
 * does; documents that wait for a search at the same time share one, whose shards run {@link
 * NearDupLookup}). A document with a near-duplicate joins its cluster ({@code cluster_field} = that
 * cluster's id, {@code canonical_field} = false); a document without one starts a cluster whose id
 * is its own {@code _id} (a fresh id when the request has none yet) and is its canonical. A
 * document that replaces one the index holds hands the old one's cluster on ({@link IndexWrites}).
 * The search runs asynchronously: the ingest thread never waits for it.
 *
 * <p>The analysis of the text is handed to the node's {@code neardup} field ({@link
 * AnalysedTexts}), which then does not analyse it again.
 *
 * <p>An engine's processor reads its {@link Config}, shows its ingest document as a {@link
 * Document}, its target index as a {@link Target} and calls {@link #execute}.
 */
public final class IngestProcessor {
  /** The name of the shard aggregation the lookup search runs. */
  public static final String LOOKUP_AGGREGATION = "neardup_lookup";

  /** The prefix of an index's analysis settings. */
  public static final String ANALYSIS = "index.analysis.";

  /**
   * A processor's parameters.
   *
   * @param field the document's text
   * @param nearDupField the {@code neardup} field of the target index
   * @param clusterField where the cluster id is written
   * @param canonicalField where the canonical flag is written
   * @param ignoreMissing whether a document without the text passes unchanged
   * @param boilerplateFractionField where an HTML page's boilerplate fraction is written, or null
   */
  public record Config(
      String field,
      String nearDupField,
      String clusterField,
      String canonicalField,
      boolean ignoreMissing,
      String boilerplateFractionField) {

    /**
     * Reads the parameters (and their defaults) from a pipeline definition through the engine's
     * readers of its properties, which refuse a missing or malformed one with the engine's
     * messages.
     *
     * @param required a required string property
     * @param optional an optional string property, given its default
     * @param bool an optional boolean property, given its default
     */
    public static Config read(
        Function<String, String> required,
        BinaryOperator<String> optional,
        BiFunction<String, Boolean, Boolean> bool) {
      return new Config(
          required.apply(NearDupIngest.FIELD),
          required.apply(NearDupIngest.NEARDUP_FIELD),
          optional.apply(NearDupIngest.CLUSTER_FIELD, NearDupIngest.DEFAULT_CLUSTER_FIELD),
          optional.apply(NearDupIngest.CANONICAL_FIELD, NearDupIngest.DEFAULT_CANONICAL_FIELD),
          bool.apply(NearDupIngest.IGNORE_MISSING, false),
          none(optional.apply(NearDupIngest.BOILERPLATE_FRACTION_FIELD, "")));
    }

    /** An optional property without a default: the engines' readers give "" for it. */
    private static String none(String value) {
      return value == null || value.isEmpty() ? null : value;
    }
  }

  /**
   * A document in an engine's ingest pipeline: its metadata, and its fields through the engine's
   * ingest document.
   *
   * @param index the target index's name
   * @param id the document's {@code _id}, or null when the request has none yet
   * @param routing the document's routing, or null
   * @param creates whether the write creates the document (it fails if the index has one of that
   *     id)
   * @param value the value at a field's path, or null
   * @param has whether the document has the field, even as null
   * @param set sets a field's value
   */
  public record Document(
      String index,
      String id,
      String routing,
      boolean creates,
      Function<String, Object> value,
      Predicate<String> has,
      BiConsumer<String, Object> set) {}

  /**
   * The target index as the engine's cluster state shows it, and its reads and writes.
   *
   * @param uuid the index's uuid
   * @param version its metadata's version, which changes with its mapping and its settings
   * @param mapped the mapping of a field's path, or null if the index does not map it
   * @param analysis the index's setting at a key below {@link #ANALYSIS} (e.g. {@code
   *     analyzer.html.filter}): its values, one for a single value, none if it is not set
   * @param writes the engine's lookup search, real-time reads and updates of the index
   */
  public record Target(
      String uuid,
      long version,
      Function<String, Map<String, Object>> mapped,
      Function<String, List<String>> analysis,
      IndexWrites writes) {}

  private final Config config;
  private final NearDupIngest ingest;
  private final AnalysedTexts analysedTexts;

  /**
   * @param config the processor's parameters
   * @param ingest the node's assignment state (recent sketches, waiting documents, builders)
   * @param analysedTexts where the node's {@code neardup} fields find the texts analysed here
   */
  public IngestProcessor(Config config, NearDupIngest ingest, AnalysedTexts analysedTexts) {
    this.config = config;
    this.ingest = ingest;
    this.analysedTexts = analysedTexts;
  }

  /** The processor's parameters. */
  public Config config() {
    return config;
  }

  /**
   * Assigns a document its cluster and writes it into the document, then calls {@code done} with
   * null, or with the failure (the document is then left as it was).
   *
   * @param target the target index by name; null if the index does not exist
   * @param freshIds a new cluster id, for a document without an {@code _id} and for a cluster whose
   *     canonical member leaves
   */
  public void execute(
      Document document,
      Function<String, Target> target,
      Supplier<String> freshIds,
      Consumer<Exception> done) {
    final Target index;
    final NearDupIngest.TargetField field;
    final NearDupMappings.FieldParameters parameters;
    final SketchedText sketched;
    final MainText page;
    try {
      String name = document.index();
      index = target.apply(name);
      if (index == null) {
        throw NearDupIngest.missingIndex(name, config.nearDupField());
      }
      ingest.writing(name, index.uuid());
      String mappingKey = index.uuid() + '/' + index.version();
      field =
          ingest.cachedTargetParameters(
              mappingKey,
              index.mapped(),
              index.analysis(),
              name,
              config.nearDupField(),
              config.clusterField(),
              config.canonicalField(),
              config.boilerplateFractionField());
      parameters = field.parameters();
      Object value = document.value().apply(config.field());
      String text =
          NearDupIngest.text(
              config.field(),
              value,
              value != null || document.has().test(config.field()),
              config.ignoreMissing());
      if (text == null) {
        done.accept(null);
        return;
      }
      // a page's main text is what the field's char filter gives, analysed by the default chain
      page = field.mainText() == null ? null : field.mainText().mainText(text);
      NearDupDocument analysed =
          ingest.analyze(
              mappingKey, config.nearDupField(), parameters, page == null ? text : page.text());
      analysedTexts.put(
          index.uuid(),
          config.nearDupField(),
          parameters.settings(),
          parameters.verification(),
          text,
          analysed);
      sketched = NearDupIngest.sketched(analysed, parameters);
    } catch (Exception e) {
      done.accept(e);
      return;
    }
    String key = index.uuid() + '/' + config.nearDupField() + '/' + config.clusterField();
    BiConsumer<NearDupIngest.Assigned, Exception> assigned =
        (a, e) -> {
          if (e == null) {
            document.set().accept(config.clusterField(), a.cluster());
            document.set().accept(config.canonicalField(), a.canonical());
            if (config.boilerplateFractionField() != null) {
              document.set().accept(config.boilerplateFractionField(), page.boilerplateFraction());
            }
          }
          done.accept(e);
        };
    String ownId = document.id();
    if (ownId == null || document.creates()) {
      // a new document: a create of an id the index has fails after the pipeline
      ingest.assign(
          key,
          sketched,
          parameters.settings(),
          ownId != null ? ownId : freshIds.get(),
          index.writes(),
          assigned);
    } else {
      ingest.assignReplacing(
          key,
          sketched,
          parameters.settings(),
          new NearDupIngest.Replaced(ownId, document.routing()),
          freshIds.get(),
          index.writes(),
          assigned);
    }
  }

  /** The lookup aggregation's parameters for a batch of texts. */
  public LookupParams lookupParams(List<SketchedText> texts) {
    return NearDupIngest.lookupParams(config.nearDupField(), config.clusterField(), texts);
  }

  /** A failed shard's failure, as the lookup reports it. */
  public static Exception shardFailure(Throwable cause, String reason) {
    return cause instanceof Exception e ? e : new IllegalStateException(reason, cause);
  }

  /**
   * Answers a lookup of {@code texts} texts from its search's result.
   *
   * @param shardFailure the first failed shard's cause, or null: a shard that did not answer may
   *     hold the near-duplicate, so the lookup fails
   * @param matches the aggregation's matches, or null when no shard holds the field yet
   */
  public static void answer(
      int texts,
      Exception shardFailure,
      List<NearDupLookup.Match> matches,
      BiConsumer<List<String>, Exception> answer) {
    if (shardFailure != null) {
      answer.accept(null, shardFailure);
    } else if (matches == null || matches.isEmpty()) {
      answer.accept(Collections.nCopies(texts, null), null);
    } else {
      answer.accept(LookupMatches.clusters(matches), null);
    }
  }
}

package io.neardup.engine.param;

import io.neardup.analysis.NearDupChainAnalyzer;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.engine.shard.HitSketchReader;
import io.neardup.search.NearDuplicateQuery;
import io.neardup.settings.NearDupSettings;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.Query;

/**
 * What a {@code neardup} field knows whatever the engine: its settings, how it decides pairs, its
 * analysis chain and Lucene fields, and the queries and readers built from them. Both engines'
 * field types hold one and add only what their mapper API asks for.
 */
public final class NearDupField {
  private final String name;
  private final NearDupSettings settings;
  private final Verification verification;
  private final Analyzer analyzer;
  private final NearDupFields fields;
  private final NearDupDocumentBuilder documentBuilder;

  /**
   * @param name the field's full name
   * @param settings the near-duplicate settings
   * @param verification how pairs are decided: with {@code exact}, the chain keeps each text's
   *     shingle set and documents store it
   * @param analyzer the whole chain ({@link #chain}), ending with the near-duplicate filter
   */
  public NearDupField(
      String name, NearDupSettings settings, Verification verification, Analyzer analyzer) {
    this.name = name;
    this.settings = settings;
    this.verification = verification;
    this.analyzer = analyzer;
    this.fields = new NearDupFields(name);
    this.documentBuilder =
        new NearDupDocumentBuilder(analyzer, fields, NearDupDocument.SetLayout.DELTA);
  }

  /**
   * The chain of a field: its analyzer followed by the near-duplicate filter, which keeps each
   * text's shingle set when the field verifies exactly.
   */
  public static NearDupChainAnalyzer chain(
      Analyzer base, NearDupSettings settings, Verification verification) {
    return new NearDupChainAnalyzer(base, settings, verification == Verification.EXACT);
  }

  /** The field's full name. */
  public String name() {
    return name;
  }

  /** The field's near-duplicate settings. */
  public NearDupSettings settings() {
    return settings;
  }

  /**
   * How the field decides pairs: {@code exact} stores each document's shingle set and decides pairs
   * whose estimate is near the threshold by it; documents indexed without one (before the field had
   * {@code verify}) are decided by the estimate.
   */
  public Verification verification() {
    return verification;
  }

  /** The field's analysis chain, ending with the near-duplicate filter. */
  public Analyzer analyzer() {
    return analyzer;
  }

  /** The Lucene field names written for this field. */
  public NearDupFields fields() {
    return fields;
  }

  /**
   * The Lucene field holding each document's {@code _id} as binary doc values, next to its sketch:
   * {@code <field>.id}.
   */
  public String idField() {
    return NearDupMappings.idField(name);
  }

  /** Analyses texts into the Lucene fields of this field. */
  public NearDupDocumentBuilder documentBuilder() {
    return documentBuilder;
  }

  /** Reads hits' sketches, ids and canonical values of this field. */
  public HitSketchReader hitReader(CanonicalPolicy canonical) {
    return hitReader(canonical, false);
  }

  /**
   * Reads hits' sketches, ids and canonical values of this field and, with {@code shingles}, their
   * shingle sets.
   */
  public HitSketchReader hitReader(CanonicalPolicy canonical, boolean shingles) {
    return new HitSketchReader(
        fields.sketchField(), idField(), shingles ? fields.shinglesField() : null, canonical);
  }

  /**
   * As {@link #hitReader(CanonicalPolicy, boolean)}; with {@code idsOnly}, hits carry their ids and
   * canonical values without their sketches.
   */
  public HitSketchReader hitReader(CanonicalPolicy canonical, boolean shingles, boolean idsOnly) {
    return new HitSketchReader(
        idsOnly ? null : fields.sketchField(),
        idField(),
        shingles ? fields.shinglesField() : null,
        canonical);
  }

  /**
   * The documents with a value in this field: every parsed value leaves a sketch, even a text
   * without tokens.
   */
  public Query existsQuery() {
    return new FieldExistsQuery(fields.sketchField());
  }

  /** A reader for a shard without this field: its hits have no sketches. */
  public static HitSketchReader noSketches(CanonicalPolicy canonical) {
    return new HitSketchReader(null, null, canonical);
  }

  /**
   * Near-duplicates of a text: documents whose Jaccard similarity with it is at least {@code
   * minSimilarity}, scored by it; with {@code verify: exact}, candidates near {@code minSimilarity}
   * are decided by their stored shingle sets.
   */
  public Query nearDuplicateQuery(String text, double minSimilarity) {
    return NearDuplicateQuery.forText(
        analyzer,
        settings,
        fields,
        text,
        minSimilarity,
        verification == Verification.EXACT && settings.sketch().scheme().comparison().setsDecide());
  }
}

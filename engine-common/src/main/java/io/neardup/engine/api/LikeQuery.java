package io.neardup.engine.api;

import io.neardup.engine.param.NearDupField;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import io.neardup.param.ParameterException;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.lucene.search.Query;

/**
 * The parameters of the {@code neardup} query whatever the engine: documents whose text in a {@code
 * neardup} field is a near-duplicate of a given text or of an indexed document.
 *
 * <pre>{@code
 * {"neardup": {"field": "body.dup", "like": "some text", "min_similarity": 0.8}}
 * {"neardup": {"field": "body.dup", "like": {"_id": "42"}}}
 * }</pre>
 *
 * <p>On every shard the text is analysed with the field's own chain; candidates come from the
 * postings of its band tokens and each is verified against its stored sketch. The score is the
 * estimated Jaccard similarity (times the boost). {@code min_similarity} defaults to the field's
 * {@code threshold}. On a field of {@code "scheme": "simhash"} the score is 1 − d/64 of the Hamming
 * distance d of the SimHash fingerprints, and {@code max_hamming} (at most the field's) may be
 * given instead of {@code min_similarity}.
 *
 * <p>{@code like: {"_id": ...}} is resolved once, on the coordinating node, by a real-time GET of
 * the document's {@code _source}; the text found at the field's path (or at its parent's, for a
 * multi-field) replaces the reference and is analysed on each shard like a given text. This costs
 * one GET per search and sends the text to every shard, but works for documents not yet refreshed
 * and needs no transport action of its own. It requires the text in {@code _source}; a field that
 * is only the target of {@code copy_to} cannot be referenced by id. Without {@code _index} the
 * document is looked up in the searched index, which must then be named alone.
 *
 * <p>Checks and messages are {@link LikeQueries}'; an engine's query builder holds one of these,
 * resolves the document and builds the Lucene query with {@link #toQuery}.
 */
public final class LikeQuery {
  private final String field;
  private final String text;
  private final LikeDocument document;
  private Double minSimilarity;
  private Integer maxHamming;

  private LikeQuery(String field, String text, LikeDocument document) {
    this.field = LikeQueries.checkField(field);
    this.text = text;
    this.document = document;
  }

  /** Near-duplicates of a text. */
  public static LikeQuery ofText(String field, String text) {
    return new LikeQuery(field, Objects.requireNonNull(text, "[like] must not be null"), null);
  }

  /** Near-duplicates of an indexed document. */
  public static LikeQuery ofDocument(String field, LikeDocument document) {
    return new LikeQuery(field, null, Objects.requireNonNull(document, "[like] must not be null"));
  }

  /** Near-duplicates of what a parser read for {@code like}: a text or a {@link LikeDocument}. */
  public static LikeQuery of(String field, Object like) {
    return like instanceof LikeDocument d ? ofDocument(field, d) : ofText(field, (String) like);
  }

  /** Reads what {@link #write} wrote. */
  public static LikeQuery read(WireInput in) throws IOException {
    LikeQuery q =
        new LikeQuery(
            in.readString(),
            in.readOptionalString(),
            in.readBoolean() ? LikeDocument.read(in) : null);
    q.minSimilarity = in.readOptionalDouble();
    q.maxHamming = in.readBoolean() ? in.readVInt() : null;
    return q;
  }

  public void write(WireOutput out) throws IOException {
    out.writeString(field);
    out.writeOptionalString(text);
    out.writeBoolean(document != null);
    if (document != null) {
      document.write(out);
    }
    out.writeOptionalDouble(minSimilarity);
    out.writeBoolean(maxHamming != null);
    if (maxHamming != null) {
      out.writeVInt(maxHamming);
    }
  }

  /**
   * Writes the query, which is not sent while the engine's rewrite still fetches its document.
   *
   * @param fetching whether the rewrite still fetches it
   * @throws IllegalStateException if so: the query is rewritten before it is sent
   */
  public void write(WireOutput out, boolean fetching) throws IOException {
    if (fetching) {
      throw new IllegalStateException(
          "the [like] document has not been fetched yet: rewrite the query before sending it");
    }
    write(out);
  }

  /** The {@code neardup} field searched. */
  public String field() {
    return field;
  }

  /** The text whose near-duplicates are wanted, or null when a document is referenced. */
  public String text() {
    return text;
  }

  /** The document whose near-duplicates are wanted, or null when a text is given. */
  public LikeDocument document() {
    return document;
  }

  /** The minimum estimated similarity, or null for the field's threshold. */
  public Double minSimilarity() {
    return minSimilarity;
  }

  /**
   * Sets the minimum estimated Jaccard similarity, in (0, 1].
   *
   * @throws IllegalArgumentException if out of range
   */
  public void minSimilarity(double minSimilarity) {
    this.minSimilarity = LikeQueries.checkMinSimilarity(minSimilarity);
  }

  /** The largest Hamming distance on a simhash field, or null. */
  public Integer maxHamming() {
    return maxHamming;
  }

  /**
   * Sets the largest Hamming distance of near-duplicates on a field of scheme simhash, in [0, 32]
   * and at most the field's {@code max_hamming}: the minimum similarity becomes 1 − h/64.
   *
   * @throws IllegalArgumentException if out of range
   */
  public void maxHamming(int maxHamming) {
    this.maxHamming = LikeQueries.checkMaxHamming(maxHamming);
  }

  /** This query with the document replaced by its text. */
  public LikeQuery withText(String text) {
    LikeQuery q = ofText(field, text);
    q.minSimilarity = minSimilarity;
    q.maxHamming = maxHamming;
    return q;
  }

  /** The source paths the document's text is read from, longest first. */
  public List<String> sourcePaths() {
    return LikeQueries.sourcePaths(field);
  }

  /**
   * The text of the document's field in its source.
   *
   * @param extract the value at a path of the source
   * @throws IllegalArgumentException if the source holds no text for the field
   */
  public String documentText(String index, Function<String, Object> extract) {
    return LikeQueries.text(document, index, field, extract);
  }

  /** The query's JSON fields (the engine adds boost and name). */
  public Map<String, Object> body() {
    return LikeQueries.body(field, text, document, minSimilarity, maxHamming);
  }

  /**
   * Checks that the document was resolved to its text before the query reaches a shard.
   *
   * @throws IllegalStateException if not
   */
  public void checkResolved() {
    if (document != null) {
      throw LikeQueries.notRewritten();
    }
  }

  /**
   * The Lucene query on a shard whose field is {@code nearDup}.
   *
   * @throws ParameterException if the field's settings refuse the minimum similarity or distance
   *     (report it with {@link LikeQueries#onField})
   */
  public Query toQuery(NearDupField nearDup) throws ParameterException {
    checkResolved();
    return nearDup.nearDuplicateQuery(
        text, nearDup.settings().minSimilarity(minSimilarity, maxHamming));
  }

  /**
   * The Lucene query on a shard, failing with the messages both engines give when the shard's
   * mapping has no such field, gives it another type, or its settings refuse the minimum similarity
   * or distance.
   *
   * @param typeName the type the shard's mapping gives the field, null if it maps none
   * @param nearDup the field where it is a {@code neardup} field, else null
   * @param error the engine's shard-level error from a message and its cause (or null)
   */
  public Query toQuery(
      String typeName,
      NearDupField nearDup,
      BiFunction<String, Exception, RuntimeException> error) {
    checkResolved();
    if (typeName == null) {
      throw error.apply(LikeQueries.noSuchField(field), null);
    }
    if (nearDup == null) {
      throw error.apply(LikeQueries.notNearDup(field, typeName), null);
    }
    try {
      return toQuery(nearDup);
    } catch (ParameterException e) {
      throw error.apply(LikeQueries.onField(field, e), e);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LikeQuery q
        && field.equals(q.field)
        && Objects.equals(text, q.text)
        && Objects.equals(document, q.document)
        && Objects.equals(minSimilarity, q.minSimilarity)
        && Objects.equals(maxHamming, q.maxHamming);
  }

  @Override
  public int hashCode() {
    return Objects.hash(field, text, document, minSimilarity, maxHamming);
  }

  /**
   * The optional parameters' setters on an engine's query builder (its Java API), written once:
   * each returns the builder.
   *
   * @param <R> the engine's query builder
   */
  public interface Setters<R extends Setters<R>> {
    /** The query's parameters. */
    LikeQuery like();

    /** Sets the minimum estimated Jaccard similarity, in (0, 1]. */
    @SuppressWarnings("unchecked")
    default R minSimilarity(double minSimilarity) {
      like().minSimilarity(minSimilarity);
      return (R) this;
    }

    /** Sets the largest Hamming distance on a field of scheme simhash. */
    @SuppressWarnings("unchecked")
    default R maxHamming(int maxHamming) {
      like().maxHamming(maxHamming);
      return (R) this;
    }
  }
}

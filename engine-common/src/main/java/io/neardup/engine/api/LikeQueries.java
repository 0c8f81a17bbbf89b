package io.neardup.engine.api;

import io.neardup.engine.shard.SourceText;
import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import io.neardup.signature.SimHash;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What both engines' {@code neardup} query shares: its keys, checks and messages, its JSON, and the
 * text of a {@code like} document read from its source.
 *
 * <pre>{@code
 * {"neardup": {"field": "body.dup", "like": "some text", "min_similarity": 0.8}}
 * {"neardup": {"field": "body.dup", "like": {"_id": "42"}}}
 * }</pre>
 */
public final class LikeQueries {
  private LikeQueries() {}

  /** The query's name. */
  public static final String NAME = "neardup";

  public static final String FIELD = "field";
  public static final String LIKE = "like";
  public static final String MIN_SIMILARITY = "min_similarity";
  public static final String MAX_HAMMING = Parameter.MAX_HAMMING.name(Parameter.Style.SNAKE);

  /**
   * Declares the query's optional keys, {@code min_similarity} and {@code max_hamming}, on an
   * engine's parser ({@code field} and {@code like} are its constructor's).
   */
  public static <T extends LikeQuery.Setters<T>> void declareOptional(BodyKeys<T> keys) {
    keys.number(MIN_SIMILARITY, T::minSimilarity);
    keys.integer(MAX_HAMMING, T::maxHamming);
  }

  /** Checks the field's name. */
  public static String checkField(String field) {
    if (field == null || field.isEmpty()) {
      throw new IllegalArgumentException("[" + NAME + "] requires a non-empty [field]");
    }
    return field;
  }

  /** Checks a minimum estimated Jaccard similarity, in (0, 1]. */
  public static double checkMinSimilarity(double minSimilarity) {
    if (!(minSimilarity > 0 && minSimilarity <= 1)) {
      throw new IllegalArgumentException(
          ParameterException.bracketed(MIN_SIMILARITY, "a number in (0, 1]", minSimilarity));
    }
    return minSimilarity;
  }

  /** Checks a largest Hamming distance on a simhash field, in [0, 32]. */
  public static int checkMaxHamming(int maxHamming) {
    if (maxHamming < 0 || maxHamming > SimHash.MAX_HAMMING) {
      throw new IllegalArgumentException(
          ParameterException.bracketed(
              MAX_HAMMING, "an integer between 0 and " + SimHash.MAX_HAMMING, maxHamming));
    }
    return maxHamming;
  }

  /** The message of a {@code like} that is neither a text nor an object. */
  public static String likeKind(Object token) {
    return "[" + NAME + "] [like] must be a text or a document {\"_id\": ...}, got [" + token + "]";
  }

  /** The error of a {@code like} document without {@code _index} in a search of many indexes. */
  public static IllegalArgumentException needsIndex(LikeDocument like) {
    return new IllegalArgumentException(
        "["
            + NAME
            + "] [like] document ["
            + like.id()
            + "] needs [_index] when the search targets several indices");
  }

  /**
   * The message of a {@code like} document that does not exist, with {@code {}} for id and index.
   */
  public static final String NOT_FOUND =
      "[" + NAME + "] [like] document [{}] not found in index [{}]";

  /** The error of a query that reaches a shard with its {@code like} document unresolved. */
  public static IllegalStateException notRewritten() {
    return new IllegalStateException(
        "[" + NAME + "] query must be rewritten before it is executed: the [like] document");
  }

  /** The message of a field that is not mapped. */
  public static String noSuchField(String field) {
    return "[" + NAME + "] query: field [" + field + "] does not exist in the mapping";
  }

  /** The message of a field of another type. */
  public static String notNearDup(String field, String type) {
    return "["
        + NAME
        + "] query: field ["
        + field
        + "] is of type ["
        + type
        + "], but the query needs a field of type [neardup]";
  }

  /** The message of a parameter the field's settings refuse. */
  public static String onField(String field, ParameterException e) {
    return "[" + NAME + "] query on field [" + field + "]: " + e.bracketed();
  }

  /**
   * The text of a {@code like} document's field in its source: at the field's path or, for a
   * multi-field, its parent's ({@link SourceText#sourcePaths}).
   *
   * @param extract the value at a path of the source
   * @throws IllegalArgumentException if the source holds no text for the field
   */
  public static String text(
      LikeDocument like, String index, String field, Function<String, Object> extract) {
    String what = "[" + NAME + "] [like] document [" + like.id() + "] in index [" + index + "]";
    for (String path : SourceText.sourcePaths(field)) {
      String text = SourceText.text(extract.apply(path), what, field);
      if (text != null) {
        return text;
      }
    }
    throw new IllegalArgumentException(
        what + " has no text for field [" + field + "] in its _source");
  }

  /** The source paths a {@code like} document's field is read from. */
  public static List<String> sourcePaths(String field) {
    return SourceText.sourcePaths(field);
  }

  /** The query's JSON fields (the engine adds boost and name). */
  public static Map<String, Object> body(
      String field,
      String likeText,
      LikeDocument likeDocument,
      Double minSimilarity,
      Integer maxHamming) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put(FIELD, field);
    out.put(LIKE, likeText != null ? likeText : likeDocument.body());
    if (minSimilarity != null) {
      out.put(MIN_SIMILARITY, minSimilarity);
    }
    if (maxHamming != null) {
      out.put(MAX_HAMMING, maxHamming);
    }
    return out;
  }
}

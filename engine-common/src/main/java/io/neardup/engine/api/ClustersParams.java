package io.neardup.engine.api;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import io.neardup.param.ParameterException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The parameters of the engines' clustering API, {@code POST /{index}/_neardup/clusters}, with
 * their defaults, checks and messages; the engine's request adds the indexes, the query and the
 * keep-alive in its own types, and its parser declares each key onto these setters.
 *
 * <pre>{@code
 * {"field": "body.dup",                                 // a neardup field (required)
 *  "min_similarity": 0.8,                               // default: the field's threshold
 *  "canonical": {"field": "published", "order": "asc"}, // default: the first in index order
 *  "query": {"term": {"lang": "en"}},                   // default: every document
 *  "from": 0, "size": 100,                              // page through the clusters
 *  "keep_alive": "10m"}                                 // keep the clusters for later pages
 * {"run": "...", "from": 100, "size": 100}               // a later page of a kept run
 * }</pre>
 */
public final class ClustersParams {
  /** The API's path, the prefix of its messages. */
  public static final String API = "_neardup/clusters";

  /** The API's routes: over every index or an index expression, with GET or POST. */
  public static final List<RestRoute> ROUTES =
      List.of(
          new RestRoute("GET", "/" + API),
          new RestRoute("POST", "/" + API),
          new RestRoute("GET", "/{index}/" + API),
          new RestRoute("POST", "/{index}/" + API));

  /** Default number of clusters returned. */
  public static final int DEFAULT_SIZE = 100;

  /** Most clusters returned by one request: page with {@code from} beyond. */
  public static final int MAX_SIZE = 10_000;

  /** Documents read per round trip while gathering the sketches. */
  public static final int DEFAULT_BATCH_SIZE = 5_000;

  /** Most documents read per round trip. */
  public static final int MAX_BATCH_SIZE = 10_000;

  /** Longest time a run's clusters are kept, in milliseconds. */
  public static final long MAX_KEEP_ALIVE_MILLIS = 24L * 60 * 60 * 1000;

  private String field;
  private Double minSimilarity;
  private CanonicalPolicy canonical = CanonicalPolicy.BEST_SCORE;
  private int from = 0;
  private int size = DEFAULT_SIZE;
  private int batchSize = DEFAULT_BATCH_SIZE;
  private String run;

  /** The {@code neardup} field. */
  public String field() {
    return field;
  }

  public ClustersParams field(String field) {
    this.field = field;
    return this;
  }

  /** The minimum similarity, or null for the field's threshold. */
  public Double minSimilarity() {
    return minSimilarity;
  }

  public ClustersParams minSimilarity(Double minSimilarity) {
    if (minSimilarity != null && !(minSimilarity > 0 && minSimilarity <= 1)) {
      throw new IllegalArgumentException(
          ParameterException.bracketed("min_similarity", "in (0, 1]", minSimilarity));
    }
    this.minSimilarity = minSimilarity;
    return this;
  }

  /**
   * {@code min_similarity} as a request body gives it: a number, or a string that holds one (as the
   * engines' parsers accept numbers).
   *
   * @throws IllegalArgumentException naming the parameter if it is not a number
   */
  public static double parseMinSimilarity(String text) {
    try {
      return Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          ParameterException.bracketed("min_similarity", "a number in (0, 1]", text));
    }
  }

  /** Which member of a cluster is canonical. */
  public CanonicalPolicy canonical() {
    return canonical;
  }

  public ClustersParams canonical(CanonicalPolicy canonical) {
    this.canonical = Objects.requireNonNull(canonical);
    return this;
  }

  /** Clusters skipped, in the order of the response (by first member in index order). */
  public int from() {
    return from;
  }

  public ClustersParams from(int from) {
    if (from < 0) {
      throw new IllegalArgumentException(ParameterException.bracketed("from", "at least 0", from));
    }
    this.from = from;
    return this;
  }

  /** Clusters returned. */
  public int size() {
    return size;
  }

  public ClustersParams size(int size) {
    if (size < 0 || size > MAX_SIZE) {
      throw new IllegalArgumentException(
          ParameterException.bracketed("size", "between 0 and " + MAX_SIZE, size));
    }
    this.size = size;
    return this;
  }

  /** Documents read per round trip while gathering sketches. */
  public int batchSize() {
    return batchSize;
  }

  public ClustersParams batchSize(int batchSize) {
    if (batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
      throw new IllegalArgumentException(
          ParameterException.bracketed("batch_size", "between 1 and " + MAX_BATCH_SIZE, batchSize));
    }
    this.batchSize = batchSize;
    return this;
  }

  /** The id of a kept run to page through, or null to compute the clusters. */
  public String run() {
    return run;
  }

  public ClustersParams run(String run) {
    this.run = run;
    return this;
  }

  /**
   * Checks a {@code keep_alive}: how long the run's clusters are kept for later pages.
   *
   * @param millis the duration
   * @param text the duration as the request gave it, for the message
   * @param max the longest duration as the engine writes it
   */
  public static void checkKeepAlive(long millis, String text, String max) {
    if (millis < 1 || millis > MAX_KEEP_ALIVE_MILLIS) {
      throw new IllegalArgumentException(
          ParameterException.bracketed("keep_alive", "between 1ms and " + max, text));
    }
  }

  /**
   * Declares the body's keys ({@code field}, {@code min_similarity}, {@code from}, {@code size},
   * {@code batch_size}, {@code run}, {@code canonical}) on an engine's parser; the engine adds
   * {@code query} and {@code keep_alive}.
   *
   * @param params the parameters of the request being parsed
   */
  public static <T> void declare(BodyKeys<T> keys, Function<T, ClustersParams> params) {
    keys.string("field", (t, v) -> params.apply(t).field(v));
    keys.similarity("min_similarity", (t, v) -> params.apply(t).minSimilarity(v));
    keys.integer("from", (t, v) -> params.apply(t).from(v));
    keys.integer("size", (t, v) -> params.apply(t).size(v));
    keys.integer("batch_size", (t, v) -> params.apply(t).batchSize(v));
    keys.string("run", (t, v) -> params.apply(t).run(v));
    keys.canonical((t, v) -> params.apply(t).canonical(v));
  }

  /** What is wrong with the request as a whole (each key was checked when set). */
  public List<String> errors(boolean hasQuery) {
    List<String> out = new ArrayList<>();
    if (run != null) {
      if (field != null || minSimilarity != null || hasQuery || !canonical.byScore()) {
        out.add(
            "[run] pages through a kept run, which has its own [field], [min_similarity],"
                + " [query] and [canonical]: give none of them");
      }
    } else if (field == null || field.isEmpty()) {
      out.add("[field] is required: the name of a field of type [neardup]");
    }
    return out;
  }

  /** The task's description. */
  public String description(String[] indices) {
    return "neardup clusters of "
        + String.join(",", indices)
        + " on ["
        + field
        + "]"
        + (minSimilarity == null ? "" : " at " + minSimilarity)
        + (run == null ? "" : ", page of run [" + run + "]");
  }

  /** Reads what {@link #write} wrote. */
  public static ClustersParams read(WireInput in) throws IOException {
    ClustersParams p = new ClustersParams();
    p.field = in.readOptionalString();
    p.minSimilarity = in.readOptionalDouble();
    p.canonical = CanonicalForms.read(in);
    p.from = in.readVInt();
    p.size = in.readVInt();
    p.batchSize = in.readVInt();
    p.run = in.readOptionalString();
    return p;
  }

  public void write(WireOutput out) throws IOException {
    out.writeOptionalString(field);
    out.writeOptionalDouble(minSimilarity);
    CanonicalForms.write(out, canonical);
    out.writeVInt(from);
    out.writeVInt(size);
    out.writeVInt(batchSize);
    out.writeOptionalString(run);
  }

  /**
   * The parameters' setters on an engine's request (its Java API), written once: each returns the
   * request.
   *
   * @param <R> the engine's request
   */
  public interface Setters<R extends Setters<R>> {
    /** The request's parameters. */
    ClustersParams params();

    @SuppressWarnings("unchecked")
    private R self() {
      return (R) this;
    }

    default R field(String field) {
      params().field(field);
      return self();
    }

    default R minSimilarity(Double minSimilarity) {
      params().minSimilarity(minSimilarity);
      return self();
    }

    default R canonical(CanonicalPolicy canonical) {
      params().canonical(canonical);
      return self();
    }

    default R from(int from) {
      params().from(from);
      return self();
    }

    default R size(int size) {
      params().size(size);
      return self();
    }

    default R batchSize(int batchSize) {
      params().batchSize(batchSize);
      return self();
    }

    default R run(String run) {
      params().run(run);
      return self();
    }
  }
}

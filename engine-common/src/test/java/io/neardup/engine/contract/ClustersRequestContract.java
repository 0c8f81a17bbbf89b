package io.neardup.engine.contract;

import static io.neardup.engine.contract.Check.cause;
import static io.neardup.engine.contract.Check.contains;
import static io.neardup.engine.contract.Check.same;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.api.ClustersParams;

/**
 * What the clusters API's request body means on every engine, written once: each engine's request
 * tests run these against its own parser ({@link Engine}), so that the two parsers cannot drift.
 * Plain assertions, no test framework: both engines' test runners report an {@link AssertionError}.
 */
public final class ClustersRequestContract {
  private ClustersRequestContract() {}

  /** An engine's parser of the request body. */
  public interface Engine {
    /** The parameters a body parses to. */
    ClustersParams parse(String json) throws Exception;

    /**
     * The failure of a body the parser refuses: the engine's parse exception, whose message names
     * the key, and whose cause (if any) holds the rule.
     */
    Exception refuse(String json);
  }

  /** Every key of the body reaches the parameters. */
  public static void parsesEveryKey(Engine engine) throws Exception {
    ClustersParams p =
        engine.parse(
            "{\"field\": \"body.dup\", \"min_similarity\": 0.85, \"from\": 5, \"size\": 20,"
                + " \"batch_size\": 300, \"canonical\": \"published:asc\", \"run\": \"n:r\"}");
    same("body.dup", p.field(), "field");
    same(0.85, p.minSimilarity(), "min_similarity");
    same(5, p.from(), "from");
    same(20, p.size(), "size");
    same(300, p.batchSize(), "batch_size");
    same(CanonicalPolicy.lowest("published"), p.canonical(), "canonical");
    same("n:r", p.run(), "run");
  }

  /** A value of the wrong kind or out of range is refused naming its key and the rule. */
  public static void valuesOfTheWrongKindNameTheParameter(Engine engine) {
    namesTheKey(
        engine,
        "{\"field\": \"d\", \"min_similarity\": \"x\"}",
        "min_similarity",
        "[min_similarity] must be a number in (0, 1], got [x]");
    namesTheKey(
        engine,
        "{\"min_similarity\": \"1.5\"}",
        "min_similarity",
        "[min_similarity] must be in (0, 1], got [1.5]");
    namesTheKey(
        engine,
        "{\"min_similarity\": 1.5}",
        "min_similarity",
        "[min_similarity] must be in (0, 1], got [1.5]");
    namesTheKey(engine, "{\"size\": \"ten\"}", "size", null);
    namesTheKey(
        engine,
        "{\"field\": \"d\", \"keep_alive\": \"2d\"}",
        "keep_alive",
        "[keep_alive] must be between 1ms and 1d, got [2d]");
    namesTheKey(engine, "{\"field\": \"d\", \"keep_alive\": \"soon\"}", "keep_alive", null);
    contains(
        engine.refuse("{\"windows\": 10}").getMessage(),
        "[_neardup/clusters] unknown field [windows]");
  }

  private static void namesTheKey(Engine engine, String json, String key, String rule) {
    Exception e = engine.refuse(json);
    contains(e.getMessage(), "[_neardup/clusters] failed to parse field [" + key + "]");
    if (rule != null) {
      same(rule, cause(e), "cause of " + json);
    }
  }
}

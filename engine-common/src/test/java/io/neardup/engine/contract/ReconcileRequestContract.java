package io.neardup.engine.contract;

import static io.neardup.engine.contract.Check.cause;
import static io.neardup.engine.contract.Check.contains;
import static io.neardup.engine.contract.Check.same;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.reconcile.ReconcileParams;
import java.util.List;

/**
 * What the reconcile API's request body means on every engine, written once: each engine's request
 * tests run these against its own parser ({@link Engine}). Plain assertions, no test framework.
 */
public final class ReconcileRequestContract {
  private ReconcileRequestContract() {}

  /** An engine's parser and validation of the request body. */
  public interface Engine {
    /** The parameters a body parses to. */
    ReconcileParams parse(String json) throws Exception;

    /** The failure of a body the parser refuses (its cause, if any, holds the rule). */
    Exception refuse(String json);

    /** The validation errors of a body that parses, empty when it is valid. */
    List<String> errors(String json) throws Exception;
  }

  /** The defaults of a body that names the field alone. */
  public static void defaults(Engine engine) throws Exception {
    ReconcileParams p = engine.parse("{\"field\": \"body.dup\"}");
    same("body.dup", p.clusters().field(), "field");
    same("neardup_cluster", p.clusterField(), "cluster_field");
    same("neardup_canonical", p.canonicalField(), "canonical_field");
    same(ReconcileParams.DEFAULT_BATCH_SIZE, p.clusters().batchSize(), "batch_size");
    same(false, p.canonicalGiven(), "canonical given");
    same(false, p.dryRun(), "dry_run");
    same(List.of(), engine.errors("{\"field\": \"body.dup\"}"), "errors");
  }

  /** Every key of the body reaches the parameters. */
  public static void parsesEveryKey(Engine engine) throws Exception {
    ReconcileParams p =
        engine.parse(
            "{\"field\": \"body.dup\", \"min_similarity\": 0.85, \"batch_size\": 300,"
                + " \"canonical\": \"published:asc\", \"cluster_field\": \"c\","
                + " \"canonical_field\": \"k\", \"dry_run\": true}");
    same(0.85, p.clusters().minSimilarity(), "min_similarity");
    same(300, p.clusters().batchSize(), "batch_size");
    same(CanonicalPolicy.lowest("published"), p.clusters().canonical(), "canonical");
    same(true, p.canonicalGiven(), "canonical given");
    same("c", p.clusterField(), "cluster_field");
    same("k", p.canonicalField(), "canonical_field");
    same(true, p.dryRun(), "dry_run");
    same(
        CanonicalPolicy.lowest("published").then(CanonicalPolicy.highest("inlinks")),
        engine
            .parse(
                "{\"canonical\": [\"published:asc\", {\"field\": \"inlinks\", \"order\":"
                    + " \"desc\"}, \"score\"]}")
            .clusters()
            .canonical(),
        "canonical chain, as for clusters and collapse");
  }

  /** Refused keys and values, and invalid requests, name the parameter. */
  public static void errorsNameTheParameter(Engine engine) throws Exception {
    contains(
        engine.refuse("{\"size\": 10}").getMessage(), "[_neardup/reconcile] unknown field [size]");
    same(
        "[min_similarity] must be in (0, 1], got [1.5]",
        cause(engine.refuse("{\"min_similarity\": 1.5}")),
        "min_similarity");
    same(
        "[min_similarity] must be a number in (0, 1], got [x]",
        cause(engine.refuse("{\"min_similarity\": \"x\"}")),
        "min_similarity, as for clusters");
    same(
        "[cluster_field] must be a field name, got [ ]",
        cause(engine.refuse("{\"cluster_field\": \" \"}")),
        "cluster_field");
    contains(String.join("; ", engine.errors("{}")), "[field] is required");
    contains(
        String.join(
            "; ",
            engine.errors(
                "{\"field\": \"d\", \"cluster_field\": \"x\", \"canonical_field\": \"x\"}")),
        "[cluster_field] and [canonical_field] must differ, got [x] for both");
  }
}

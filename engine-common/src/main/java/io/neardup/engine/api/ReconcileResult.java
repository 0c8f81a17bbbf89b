package io.neardup.engine.api;

import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a reconcile did: the response of the engines' reconcile API, its wire form and its JSON.
 *
 * <pre>{@code
 * {"took": 95, "dry_run": false, "min_similarity": 0.8, "documents": 430, "clusters": 67,
 *  "changed": 12, "updated": 12, "unchanged": 418, "failed": 0, "failures": []}
 * }</pre>
 *
 * {@code changed} documents had a cluster id or canonical flag that differs from the recomputed
 * one; {@code updated} of them were written (none in a dry run); {@code failures} lists the first
 * {@link #MAX_FAILURES} of the {@code failed} ones with the reason.
 *
 * @param documents documents read (those matching the request's query)
 * @param clusters clusters of two or more documents
 * @param changed documents whose cluster id or canonical flag differed from the recomputed ones
 * @param updated documents written
 * @param failed documents whose update failed
 * @param failures the first failures, with their reasons
 */
public record ReconcileResult(
    long tookMillis,
    boolean dryRun,
    double minSimilarity,
    long documents,
    long clusters,
    long changed,
    long updated,
    long failed,
    List<Failure> failures) {
  /** Most failures listed one by one. */
  public static final int MAX_FAILURES = 100;

  public ReconcileResult {
    failures = List.copyOf(failures);
  }

  /** A document whose update failed. */
  public record Failure(String index, String id, String reason) {}

  /** Documents read whose assignment was already right. */
  public long unchanged() {
    return documents - changed;
  }

  /** Reads what {@link #write} wrote. */
  public static ReconcileResult read(WireInput in) throws IOException {
    return new ReconcileResult(
        in.readVLong(),
        in.readBoolean(),
        in.readDouble(),
        in.readVLong(),
        in.readVLong(),
        in.readVLong(),
        in.readVLong(),
        in.readVLong(),
        in.readList(f -> new Failure(f.readString(), f.readString(), f.readString())));
  }

  public void write(WireOutput out) throws IOException {
    out.writeVLong(tookMillis);
    out.writeBoolean(dryRun);
    out.writeDouble(minSimilarity);
    out.writeVLong(documents);
    out.writeVLong(clusters);
    out.writeVLong(changed);
    out.writeVLong(updated);
    out.writeVLong(failed);
    out.writeList(
        failures,
        (f, o) -> {
          o.writeString(f.index());
          o.writeString(f.id());
          o.writeString(f.reason());
        });
  }

  /** The JSON object. */
  public Map<String, Object> body() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("took", tookMillis);
    out.put("dry_run", dryRun);
    out.put("min_similarity", minSimilarity);
    out.put("documents", documents);
    out.put("clusters", clusters);
    out.put("changed", changed);
    out.put("updated", updated);
    out.put("unchanged", unchanged());
    out.put("failed", failed);
    out.put(
        "failures",
        failures.stream()
            .map(f -> {
              Map<String, Object> one = new LinkedHashMap<>();
              one.put("_index", f.index());
              one.put("_id", f.id());
              one.put("reason", f.reason());
              return one;
            })
            .toList());
    return out;
  }
}

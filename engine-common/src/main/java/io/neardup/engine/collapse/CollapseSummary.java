package io.neardup.engine.collapse;

import io.neardup.engine.api.CollapseParams;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a collapse did: the {@code neardup_collapse} section both engines add to a collapsed search
 * response.
 *
 * <pre>{@code
 * "neardup_collapse": {"field": "body.dup", "mode": "demote", "min_similarity": 0.8,
 *                      "window": 100, "window_hits": 100, "canonical_hits": 87, "copies": 13}
 * }</pre>
 *
 * @param field the {@code neardup} field whose sketches were compared
 * @param mode what happened to copies, as the parameter value
 * @param minSimilarity the similarity that made two hits copies
 * @param window the window asked for
 * @param windowHits the hits the window held
 * @param canonicalHits the hits of the window kept as canonicals
 * @param copies the hits of the window found to be copies
 */
public record CollapseSummary(
    String field,
    String mode,
    double minSimilarity,
    int window,
    int windowHits,
    int canonicalHits,
    int copies) {
  /** The summary of a window of {@code windowHits} hits, {@code canonicalHits} of them kept. */
  public static CollapseSummary of(
      CollapseParams params, double minSimilarity, int windowHits, int canonicalHits) {
    return new CollapseSummary(
        params.field(),
        params.mode().parameterValue(),
        minSimilarity,
        params.window(),
        windowHits,
        canonicalHits,
        windowHits - canonicalHits);
  }

  /** The section's body, in the order the response shows its keys. */
  public Map<String, Object> body() {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("field", field);
    body.put("mode", mode);
    body.put("min_similarity", minSimilarity);
    body.put("window", window);
    body.put("window_hits", windowHits);
    body.put("canonical_hits", canonicalHits);
    body.put("copies", copies);
    return body;
  }
}

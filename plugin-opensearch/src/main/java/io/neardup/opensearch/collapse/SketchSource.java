package io.neardup.opensearch.collapse;

import io.neardup.cluster.CanonicalPolicy;

/**
 * A search extension that makes the fetch phase attach each hit's sketch and canonical value (see
 * {@link NearDupSketchFetchSubPhase}).
 */
public interface SketchSource {
  /** The {@code neardup} field whose sketches are attached. */
  String field();

  /** The policy whose field's value is attached too (none for a policy by score). */
  CanonicalPolicy canonical();
}

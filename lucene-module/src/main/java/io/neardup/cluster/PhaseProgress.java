package io.neardup.cluster;

/**
 * Reports how far a clusterer ({@code io.neardup.index.NearDupClusterer} or {@link
 * StreamingClusterer}) run is. Called from one thread at a time, but not always the same thread.
 * Phases come in this order: {@code load} (documents), {@code exact} (exact duplicate groups found
 * so far, total unknown), {@code bands} (bands scanned), {@code oversized} (oversized buckets),
 * {@code clusters} (documents assigned).
 */
@FunctionalInterface
public interface PhaseProgress {
  /** Reports nothing. */
  PhaseProgress NONE = (phase, done, total) -> {};

  /**
   * @param phase the phase name
   * @param done units done in this phase
   * @param total units in this phase, or -1 if unknown
   */
  void update(String phase, long done, long total);
}

package io.neardup.cluster.core;

/**
 * Reports how far a {@link Clusterer} run, or whatever feeds it, is. Called from one thread at a
 * time, but not always the same thread; phases come in the order {@link Clusterer#progress} names,
 * after the phases of the caller's own (such as {@code load} when an index is read).
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

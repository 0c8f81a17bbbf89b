package io.neardup.spark;

import org.apache.spark.api.java.JavaSparkContext;

/**
 * Names the stages of a run by the phase that made them ({@code neardup analysis}, {@code neardup
 * verify}, ...): Spark names a stage by the call site of its RDDs, which is set here while each
 * phase builds them, so the Spark UI and the event log tell where a run's time goes. The caller's
 * own call site is restored at the end.
 */
final class Phases implements AutoCloseable {
  private static final String SHORT = "callSite.short";
  private static final String LONG = "callSite.long";

  private final JavaSparkContext jsc;
  private final String previousShort;
  private final String previousLong;

  Phases(JavaSparkContext jsc) {
    this.jsc = jsc;
    this.previousShort = jsc.getLocalProperty(SHORT);
    this.previousLong = jsc.getLocalProperty(LONG);
  }

  /** The RDDs made from now on belong to {@code phase}. */
  void enter(String phase) {
    jsc.setCallSite("neardup " + phase);
  }

  @Override
  public void close() {
    jsc.setLocalProperty(SHORT, previousShort);
    jsc.setLocalProperty(LONG, previousLong);
  }
}

package io.neardup.engine.api;

/**
 * An engine's search extension that carries engine-common parameters ({@code neardup_collapse},
 * {@code neardup_sketches}).
 *
 * @param <P> the parameters
 */
public interface ExtParams<P> {
  /** The parameters. */
  P params();
}

package io.neardup.engine.api;

import io.neardup.canonical.CanonicalPolicy;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * A request body's keys as an engine's object parser declares them: each parameter set declares its
 * keys once ({@link ClustersParams#declare}, {@link
 * io.neardup.engine.reconcile.ReconcileParams#declare}, {@link CollapseParams.Spec#declare}, {@link
 * SketchesParams.Spec#declare}), and each engine adapts its parser to this interface in a few
 * lines, reading each {@link Kind} as its parsers read such values.
 *
 * @param <T> what the parser fills
 */
@FunctionalInterface
public interface BodyKeys<T> {
  /** The kinds of value a key takes. */
  enum Kind {
    STRING,
    /** An array of strings. */
    STRINGS,
    INT,
    DOUBLE,
    BOOLEAN,
    /**
     * A similarity in (0, 1]: a number, or a string holding one ({@link
     * ClustersParams#parseMinSimilarity}).
     */
    SIMILARITY,
    /** A canonical policy: a string, an object or an array of them ({@link CanonicalForms}). */
    CANONICAL
  }

  /** Declares {@code name}, whose value of {@code kind} is given to {@code set}. */
  void declare(String name, Kind kind, BiConsumer<T, Object> set);

  default void string(String name, BiConsumer<T, String> set) {
    declare(name, Kind.STRING, (t, v) -> set.accept(t, (String) v));
  }

  @SuppressWarnings("unchecked")
  default void strings(String name, BiConsumer<T, List<String>> set) {
    declare(name, Kind.STRINGS, (t, v) -> set.accept(t, (List<String>) v));
  }

  default void integer(String name, BiConsumer<T, Integer> set) {
    declare(name, Kind.INT, (t, v) -> set.accept(t, (Integer) v));
  }

  default void number(String name, BiConsumer<T, Double> set) {
    declare(name, Kind.DOUBLE, (t, v) -> set.accept(t, (Double) v));
  }

  default void bool(String name, BiConsumer<T, Boolean> set) {
    declare(name, Kind.BOOLEAN, (t, v) -> set.accept(t, (Boolean) v));
  }

  default void similarity(String name, BiConsumer<T, Double> set) {
    declare(name, Kind.SIMILARITY, (t, v) -> set.accept(t, (Double) v));
  }

  default void canonical(BiConsumer<T, CanonicalPolicy> set) {
    declare(CanonicalForms.NAME, Kind.CANONICAL, (t, v) -> set.accept(t, (CanonicalPolicy) v));
  }
}

package io.neardup.engine.collapse;

import io.neardup.collapse.core.WindowCollapse;
import io.neardup.engine.api.CollapseParams;
import io.neardup.engine.shard.HitSketchReader;
import java.util.List;

/**
 * The hits of a {@code neardup_collapse} window as the coordinating node gathers them from the
 * shards, in the search's order, and their collapse. Every collapse route of both engines fills one
 * (from the shards' windows, the window sort's values or the fetched hits' sketch field) and
 * collapses it with {@link WindowCollapse}, so that the routes agree hit for hit.
 */
public final class CollapseWindow {
  private final byte[][] sketches;
  private final byte[][] sets;
  private final Object[] keys;
  private final String[] index;
  private final String[] id;
  private final float[] score;

  /** A window of {@code hits} hits, each without a sketch until it is set. */
  public CollapseWindow(int hits) {
    sketches = new byte[hits][];
    sets = new byte[hits][];
    keys = new Object[hits];
    index = new String[hits];
    id = new String[hits];
    score = new float[hits];
  }

  /** Number of hits. */
  public int size() {
    return sketches.length;
  }

  /**
   * Sets hit i.
   *
   * @param index its index's name, or null
   * @param id its {@code _id}; null or "" if unknown (indexes written before the field kept it)
   * @param score its score, NaN if the search did not score
   * @param sketch its serialized sketch; null or empty for none
   * @param set its serialized shingle set; null or empty for none
   * @param key the value its canonical policy compares, or null
   */
  public void hit(
      int i, String index, String id, float score, byte[] sketch, byte[] set, Object key) {
    this.index[i] = index;
    this.id[i] = id == null || id.isEmpty() ? null : id;
    this.score[i] = score;
    this.sketches[i] = sketch == null || sketch.length == 0 ? null : sketch;
    this.sets[i] = set == null || set.length == 0 ? null : set;
    this.keys[i] = key;
  }

  /**
   * Sets hit i from the values the fetch phase attached to it ({@link HitSketchReader#hitValues}),
   * none if {@code values} is null or empty.
   */
  public void fetchedHit(int i, String index, String id, float score, List<Object> values) {
    List<Object> v = values == null ? List.of() : values;
    hit(
        i,
        index,
        id,
        score,
        HitSketchReader.sketchOf(v),
        HitSketchReader.shinglesOf(v),
        HitSketchReader.keyOf(v));
  }

  /** Collapses the window as the extension asks, at the resolved minimum similarity. */
  public WindowCollapse collapse(CollapseParams params, double minSimilarity) {
    return WindowCollapse.collapse(
        sketches, sets, keys, params.canonical(), minSimilarity, params.mode());
  }

  /** How the responses name the hits. */
  public WindowCollapse.HitNames names() {
    return new WindowCollapse.HitNames(index, id, score);
  }
}

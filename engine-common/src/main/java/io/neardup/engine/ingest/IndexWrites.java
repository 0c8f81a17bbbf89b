package io.neardup.engine.ingest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The engine-free part of the ingest processor's reads and writes of one index, beside its lookup:
 * what the index holds of the documents a batch of writes replaces, and the hand-on of a cluster's
 * canonical flag (refresh, find another member, set its flag). An engine supplies the four calls,
 * each answering asynchronously.
 */
public abstract class IndexWrites implements NearDupIngest.Lookup {
  private final String clusterField;
  private final String canonicalField;

  /**
   * @param clusterField where the processor writes the cluster id
   * @param canonicalField where it writes the canonical flag
   */
  protected IndexWrites(String clusterField, String canonicalField) {
    this.clusterField = clusterField;
    this.canonicalField = canonicalField;
  }

  /**
   * Reads the sources of {@code documents} in real time, only the given fields; null where the
   * index has no document of that id.
   */
  protected abstract void sources(
      List<NearDupIngest.Replaced> documents,
      String[] fields,
      BiConsumer<List<Map<String, Object>>, Exception> answer);

  /** Refreshes the index, so that a search sees every acknowledged document. */
  protected abstract void refresh(BiConsumer<Void, Exception> answer);

  /**
   * Finds the first document in the index's order whose {@code field} is {@code value}, other than
   * {@code except}; answers null if none.
   */
  protected abstract void first(
      String field,
      String value,
      NearDupIngest.Replaced except,
      BiConsumer<NearDupIngest.Replaced, Exception> answer);

  /** Updates a document with a partial document (no pipeline runs on it). */
  protected abstract void update(
      NearDupIngest.Replaced document,
      Map<String, Object> partial,
      BiConsumer<Void, Exception> answer);

  @Override
  public void previous(
      List<NearDupIngest.Replaced> documents,
      BiConsumer<List<NearDupIngest.Previous>, Exception> answer) {
    sources(
        documents,
        new String[] {clusterField, canonicalField},
        (sources, failure) -> {
          if (failure != null) {
            answer.accept(null, failure);
            return;
          }
          List<NearDupIngest.Previous> previous = new ArrayList<>(sources.size());
          for (Map<String, Object> source : sources) {
            previous.add(
                source == null
                    ? null
                    : NearDupIngest.previous(
                        value(source, clusterField), value(source, canonicalField)));
          }
          answer.accept(previous, null);
        });
  }

  @Override
  public void handOn(
      String cluster, NearDupIngest.Replaced leaving, BiConsumer<String, Exception> answer) {
    refresh((refreshed, refreshFailure) -> {
      if (refreshFailure != null) {
        answer.accept(null, refreshFailure);
        return;
      }
      first(
          clusterField,
          cluster,
          leaving,
          (member, searchFailure) -> {
            if (searchFailure != null || member == null) {
              answer.accept(null, searchFailure);
              return;
            }
            update(
                member,
                NearDupIngest.canonicalFlag(canonicalField),
                (updated, updateFailure) ->
                    answer.accept(updateFailure == null ? member.id() : null, updateFailure));
          });
    });
  }

  /** A member found by {@link #first}: its id and routing (any value, or null). */
  public static NearDupIngest.Replaced member(String id, Object routing) {
    return new NearDupIngest.Replaced(id, routing == null ? null : routing.toString());
  }

  /**
   * Answers {@link #sources} from a multi-get's items, in order: the first failed item's failure,
   * else each item's source, null for a document the index does not have.
   *
   * @param failure an item's failure, null if it succeeded
   * @param source a succeeded item's source, null if the document does not exist
   */
  public static <T> void answerSources(
      T[] items,
      Function<T, Exception> failure,
      Function<T, Map<String, Object>> source,
      BiConsumer<List<Map<String, Object>>, Exception> answer) {
    List<Map<String, Object>> sources = new ArrayList<>(items.length);
    for (T item : items) {
      Exception e = failure.apply(item);
      if (e != null) {
        answer.accept(null, e);
        return;
      }
      sources.add(source.apply(item));
    }
    answer.accept(sources, null);
  }

  /** The value at a dotted path of a source, or null. */
  static Object value(Map<String, Object> source, String path) {
    Object at = source;
    for (String part : path.split("\\.")) {
      if (!(at instanceof Map<?, ?> map)) {
        return null;
      }
      at = map.get(part);
    }
    return at;
  }
}

package io.neardup.engine.shard;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.apache.lucene.search.Query;

/**
 * What the engines' {@code neardup_shard_docs} query carries: per shard, the numbers of the
 * documents a distributed run reads back under its point in time (each ascending). Equal by
 * content; its JSON and each shard's Lucene query are the same on every engine.
 *
 * @param <S> the engine's shard id
 */
public final class ShardDocNumbers<S> {
  private final Map<S, int[]> shards;

  public ShardDocNumbers(Map<S, int[]> shards) {
    this.shards = Collections.unmodifiableMap(new LinkedHashMap<>(shards));
  }

  /** The documents per shard, in the order given. */
  public Map<S, int[]> shards() {
    return shards;
  }

  /** The query on shard {@code here}: its documents, or none ({@link DocNumbersQuery#of}). */
  public Query query(S here) {
    int[] docs = shards.get(here);
    return DocNumbersQuery.of(docs == null ? List.of() : List.<int[]>of(docs), here);
  }

  /** The query's JSON: each shard's index, number and count of documents. */
  public Map<String, Object> body(Function<S, String> index, ToIntFunction<S> number) {
    List<Map<String, Object>> out = new ArrayList<>(shards.size());
    shards.forEach((shard, docs) -> {
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("index", index.apply(shard));
      s.put("shard", number.applyAsInt(shard));
      s.put("documents", docs.length);
      out.add(s);
    });
    return Map.of("shards", out);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ShardDocNumbers<?> other) || other.shards.size() != shards.size()) {
      return false;
    }
    for (Map.Entry<S, int[]> e : shards.entrySet()) {
      Object docs = other.shards.get(e.getKey());
      if (!(docs instanceof int[] d) || !Arrays.equals(d, e.getValue())) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = 0;
    for (Map.Entry<S, int[]> e : shards.entrySet()) {
      h += e.getKey().hashCode() ^ Arrays.hashCode(e.getValue());
    }
    return h;
  }
}

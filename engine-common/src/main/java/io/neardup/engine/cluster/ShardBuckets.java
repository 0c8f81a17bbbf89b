package io.neardup.engine.cluster;

import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One shard's result of the {@code neardup_buckets} aggregation whatever the engine: what {@link
 * ShardBandCollector} read, with the shard's identity. The engine's aggregation result holds a list
 * of them (reducing concatenates the shards' lists) and writes its JSON with {@link #body}.
 *
 * @param shard the engine's shard id
 * @param maxDoc the shard's number of documents, deleted ones included
 * @param documents matching documents read
 * @param entries {@link ShardBandEntries#encode} of the partition's entries
 * @param <S> the engine's shard id
 */
public record ShardBuckets<S>(S shard, int maxDoc, long documents, byte[] entries) {
  /** Reads what {@link #write} wrote, the shard id by the engine's reader. */
  public static <S> ShardBuckets<S> read(S shard, WireInput in) throws IOException {
    return new ShardBuckets<>(shard, in.readVInt(), in.readVLong(), in.readByteArray());
  }

  /** Writes all but the shard id, which the engine writes first. */
  public void write(WireOutput out) throws IOException {
    out.writeVInt(maxDoc);
    out.writeVLong(documents);
    out.writeByteArray(entries);
  }

  /** The parts a distributed run merge-joins. */
  public static <S> List<ShardedRun.ShardPart<S>> parts(List<ShardBuckets<S>> shards) {
    List<ShardedRun.ShardPart<S>> parts = new ArrayList<>(shards.size());
    for (ShardBuckets<S> s : shards) {
      parts.add(new ShardedRun.ShardPart<>(s.shard, s.maxDoc, s.entries));
    }
    return parts;
  }

  /** The aggregation's JSON: how many shards, documents and entries it carries. */
  public static Map<String, Object> body(List<? extends ShardBuckets<?>> shards) {
    long entries = 0;
    long documents = 0;
    for (ShardBuckets<?> s : shards) {
      entries += ShardBandEntries.count(s.entries());
      documents += s.documents();
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("shards", shards.size());
    body.put("documents", documents);
    body.put("entries", entries);
    return body;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ShardBuckets<?> p
        && shard.equals(p.shard)
        && maxDoc == p.maxDoc
        && documents == p.documents
        && Arrays.equals(entries, p.entries);
  }

  @Override
  public int hashCode() {
    return Objects.hash(shard, maxDoc, documents, Arrays.hashCode(entries));
  }

  @Override
  public String toString() {
    return "ShardBuckets[" + shard + ", maxDoc=" + maxDoc + ", documents=" + documents + "]";
  }
}

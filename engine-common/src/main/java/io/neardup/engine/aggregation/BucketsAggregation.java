package io.neardup.engine.aggregation;

import io.neardup.engine.api.BodyKeys;
import io.neardup.engine.api.BucketsParams;
import io.neardup.engine.cluster.ShardBandCollector;
import io.neardup.engine.cluster.ShardBuckets;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.LeafReaderContext;

/**
 * The clusters API's {@code neardup_buckets} aggregation ({@link BucketsParams}): each shard's
 * encoded band entries of one partition ({@link ShardBandCollector}), with the shard's identity.
 * Reducing concatenates the shards' parts: the merge-join is the coordinating node's work ({@code
 * ShardedClusterer}).
 *
 * @param <S> the engine's shard id
 */
public final class BucketsAggregation<S>
    implements ShardAggregation<BucketsParams, List<ShardBuckets<S>>, S> {
  /** Reads the engine's shard id from its transport stream. */
  @FunctionalInterface
  public interface ShardReader<S> {
    S read(InputStream in) throws IOException;
  }

  /** Writes the engine's shard id to its transport stream. */
  @FunctionalInterface
  public interface ShardWriter<S> {
    void write(S shard, OutputStream out) throws IOException;
  }

  private final ShardReader<S> readShard;
  private final ShardWriter<S> writeShard;

  public BucketsAggregation(ShardReader<S> readShard, ShardWriter<S> writeShard) {
    this.readShard = readShard;
    this.writeShard = writeShard;
  }

  @Override
  public String name() {
    return BucketsParams.NAME;
  }

  @Override
  public void declare(BodyKeys<Map<String, Object>> keys) {
    keys.string("field", (m, v) -> m.put("field", v));
    keys.integer("partition", (m, v) -> m.put("partition", v));
    keys.integer("partitions", (m, v) -> m.put("partitions", v));
  }

  @Override
  public BucketsParams ofBody(Map<String, Object> body) {
    return BucketsParams.ofJson(
        (String) ShardAggregation.required(body, "field"),
        (Integer) body.get("partition"),
        (Integer) body.get("partitions"));
  }

  @Override
  public BucketsParams readParams(WireInput in) throws IOException {
    return BucketsParams.read(in);
  }

  @Override
  public void otherType(BucketsParams params) {
    // the coordinating node checked the mappings: such a shard has no entries
  }

  @Override
  public Run<List<ShardBuckets<S>>> start(BucketsParams params, Shard<S> shard) {
    ShardBandCollector entries =
        new ShardBandCollector(shard.field(), params, shard.reader(), shard.account());
    return new Run<>() {
      @Override
      public Leaf leaf(LeafReaderContext leaf) throws IOException {
        ShardBandCollector.Leaf l = entries.leaf(leaf);
        return l == null ? null : l::collect;
      }

      @Override
      public List<ShardBuckets<S>> result() {
        return shard.id() == null
            ? List.of()
            : List.of(
                new ShardBuckets<>(
                    shard.id(), entries.maxDoc(), entries.documents(), entries.encode()));
      }
    };
  }

  @Override
  public List<ShardBuckets<S>> empty(BucketsParams params) {
    return List.of();
  }

  @Override
  public List<ShardBuckets<S>> readResult(InputStream in) throws IOException {
    int n = WireInput.of(in).readVInt();
    List<ShardBuckets<S>> parts = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      parts.add(ShardBuckets.read(readShard.read(in), WireInput.of(in)));
    }
    return parts;
  }

  @Override
  public void writeResult(List<ShardBuckets<S>> parts, OutputStream out) throws IOException {
    WireOutput.of(out).writeVInt(parts.size());
    for (ShardBuckets<S> p : parts) {
      writeShard.write(p.shard(), out);
      p.write(WireOutput.of(out));
    }
  }

  @Override
  public Reduction<List<ShardBuckets<S>>> reduction() {
    List<ShardBuckets<S>> all = new ArrayList<>();
    return new Reduction<>() {
      @Override
      public void add(List<ShardBuckets<S>> part) {
        all.addAll(part);
      }

      @Override
      public List<ShardBuckets<S>> result() {
        return List.copyOf(all);
      }
    };
  }

  @Override
  public Map<String, Object> resultBody(List<ShardBuckets<S>> parts) {
    return ShardBuckets.body(parts);
  }
}

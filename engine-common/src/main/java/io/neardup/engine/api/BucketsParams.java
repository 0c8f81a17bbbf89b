package io.neardup.engine.api;

import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code neardup_buckets} aggregation's parameters, the shard half of the clusters API: the
 * band entries of one partition of the band-hash space.
 *
 * <pre>{@code
 * "aggs": {"b": {"neardup_buckets": {"field": "body.dup", "partition": 0, "partitions": 5}}}
 * }</pre>
 *
 * @param field a field of type {@code neardup}
 * @param partition which partition of the band-hash space, in [0, partitions)
 * @param partitions how many partitions
 */
public record BucketsParams(String field, int partition, int partitions) implements FieldParams {
  /** The aggregation's name. */
  public static final String NAME = "neardup_buckets";

  public BucketsParams {
    Objects.requireNonNull(field, "field");
    try {
      checkPartition(partition, partitions);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("[" + NAME + "] " + e.getMessage(), e);
    }
  }

  /**
   * Checks a partition of the band-hash space: {@code partitions >= 1}, {@code partition} in it.
   */
  public static void checkPartition(int partition, int partitions) {
    if (partitions < 1) {
      throw new IllegalArgumentException("partitions must be >= 1, got [" + partitions + "]");
    }
    if (partition < 0 || partition >= partitions) {
      throw new IllegalArgumentException(
          "partition must be in [0, " + partitions + "), got [" + partition + "]");
    }
  }

  /** The parameters of the JSON form: partition 0 of 1 unless given. */
  public static BucketsParams ofJson(String field, Integer partition, Integer partitions) {
    return new BucketsParams(
        field, partition == null ? 0 : partition, partitions == null ? 1 : partitions);
  }

  /** Reads what {@link #write} wrote. */
  public static BucketsParams read(WireInput in) throws IOException {
    return new BucketsParams(in.readString(), in.readVInt(), in.readVInt());
  }

  @Override
  public void write(WireOutput out) throws IOException {
    out.writeString(field);
    out.writeVInt(partition);
    out.writeVInt(partitions);
  }

  @Override
  public Map<String, Object> body() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("field", field);
    out.put("partition", partition);
    out.put("partitions", partitions);
    return out;
  }
}

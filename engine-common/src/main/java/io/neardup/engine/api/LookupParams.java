package io.neardup.engine.api;

import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code neardup_lookup} aggregation's parameters, the shard half of the ingest processor's
 * search: a batch of sketches whose best near-duplicates each shard finds.
 *
 * <pre>{@code
 * "aggs": {"l": {"neardup_lookup": {"field": "body.dup", "cluster_field": "neardup_cluster",
 *                                   "sketches": ["<base64 of a serialized sketch>", ...]}}}
 * }</pre>
 *
 * @param field a field of type {@code neardup}
 * @param clusterField the keyword field of the cluster ids
 * @param sketches serialized sketches ({@code SketchFormat.encode})
 */
public record LookupParams(String field, String clusterField, List<byte[]> sketches) {
  /** The aggregation's name. */
  public static final String NAME = "neardup_lookup";

  public LookupParams {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(clusterField, "cluster_field");
    sketches = List.copyOf(sketches);
  }

  /** The parameters of the JSON form, whose sketches are base64 text. */
  public static LookupParams ofJson(String field, String clusterField, List<String> sketches) {
    return new LookupParams(
        field, clusterField, sketches.stream().map(Base64.getDecoder()::decode).toList());
  }

  /** The error of a field of another type. */
  public IllegalArgumentException notNearDup() {
    return new IllegalArgumentException(
        "[" + NAME + "] field [" + field + "] is not of type [neardup]");
  }

  /** Reads what {@link #write} wrote. */
  public static LookupParams read(WireInput in) throws IOException {
    return new LookupParams(
        in.readString(), in.readString(), in.readList(WireInput::readByteArray));
  }

  public void write(WireOutput out) throws IOException {
    out.writeString(field);
    out.writeString(clusterField);
    out.writeList(sketches, (s, o) -> o.writeByteArray(s));
  }

  /** The JSON object. */
  public Map<String, Object> body() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("field", field);
    out.put("cluster_field", clusterField);
    out.put("sketches", sketches.stream().map(Base64.getEncoder()::encodeToString).toList());
    return out;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof LookupParams other)
        || !field.equals(other.field)
        || !clusterField.equals(other.clusterField)
        || sketches.size() != other.sketches.size()) {
      return false;
    }
    for (int i = 0; i < sketches.size(); i++) {
      if (!Arrays.equals(sketches.get(i), other.sketches.get(i))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = Objects.hash(field, clusterField);
    for (byte[] s : sketches) {
      h = 31 * h + Arrays.hashCode(s);
    }
    return h;
  }
}

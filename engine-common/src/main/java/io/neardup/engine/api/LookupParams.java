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
 * search: a batch of sketches whose best near-duplicates each shard finds, and, for a field with
 * {@code verify: exact}, the texts' shingle sets, by which candidates near the threshold are
 * decided.
 *
 * <pre>{@code
 * "aggs": {"l": {"neardup_lookup": {"field": "body.dup", "cluster_field": "neardup_cluster",
 *                                   "sketches": ["<base64 of a serialized sketch>", ...],
 *                                   "sets": ["<base64 of a serialized shingle set>", ...]}}}
 * }</pre>
 *
 * @param field a field of type {@code neardup}
 * @param clusterField the keyword field of the cluster ids
 * @param sketches serialized sketches ({@code SketchFormat.encode})
 * @param sets serialized shingle sets ({@code ShingleSetFormat}), one per sketch (empty where a
 *     text has none), or none at all: the sketches decide
 */
public record LookupParams(
    String field, String clusterField, List<byte[]> sketches, List<byte[]> sets)
    implements FieldParams {
  /** The aggregation's name. */
  public static final String NAME = "neardup_lookup";

  public LookupParams {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(clusterField, "cluster_field");
    sketches = List.copyOf(sketches);
    sets = sets == null ? List.of() : List.copyOf(sets);
    if (!sets.isEmpty() && sets.size() != sketches.size()) {
      throw new IllegalArgumentException(
          "["
              + NAME
              + "] [sets] must hold one set per sketch ("
              + sketches.size()
              + "), got ["
              + sets.size()
              + "]");
    }
  }

  /** Sketches alone. */
  public LookupParams(String field, String clusterField, List<byte[]> sketches) {
    this(field, clusterField, sketches, List.of());
  }

  /** The parameters of the JSON form, whose sketches and sets are base64 text. */
  public static LookupParams ofJson(
      String field, String clusterField, List<String> sketches, List<String> sets) {
    return new LookupParams(
        field,
        clusterField,
        sketches.stream().map(Base64.getDecoder()::decode).toList(),
        sets == null ? List.of() : sets.stream().map(Base64.getDecoder()::decode).toList());
  }

  /** The error of a field of another type. */
  public IllegalArgumentException notNearDup() {
    return new IllegalArgumentException(
        "[" + NAME + "] field [" + field + "] is not of type [neardup]");
  }

  /** Reads what {@link #write} wrote. */
  public static LookupParams read(WireInput in) throws IOException {
    return new LookupParams(
        in.readString(),
        in.readString(),
        in.readList(WireInput::readByteArray),
        in.readList(WireInput::readByteArray));
  }

  @Override
  public void write(WireOutput out) throws IOException {
    out.writeString(field);
    out.writeString(clusterField);
    out.writeList(sketches, (s, o) -> o.writeByteArray(s));
    out.writeList(sets, (s, o) -> o.writeByteArray(s));
  }

  @Override
  public Map<String, Object> body() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("field", field);
    out.put("cluster_field", clusterField);
    out.put("sketches", sketches.stream().map(Base64.getEncoder()::encodeToString).toList());
    if (!sets.isEmpty()) {
      out.put("sets", sets.stream().map(Base64.getEncoder()::encodeToString).toList());
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof LookupParams other)
        || !field.equals(other.field)
        || !clusterField.equals(other.clusterField)
        || !sameBytes(sketches, other.sketches)) {
      return false;
    }
    return sameBytes(sets, other.sets);
  }

  private static boolean sameBytes(List<byte[]> a, List<byte[]> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!Arrays.equals(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Hashes the texts by their lengths only: the engines hash a search's aggregations while building
   * and rewriting it, and a batch carries hundreds of sketches and sets, whose bytes {@link
   * #equals} compares when it must.
   */
  @Override
  public int hashCode() {
    int h = Objects.hash(field, clusterField);
    for (byte[] s : sketches) {
      h = 31 * h + s.length;
    }
    for (byte[] s : sets) {
      h = 31 * h + s.length;
    }
    return h;
  }
}

package io.neardup.engine.ingest;

import io.neardup.engine.ingest.NearDupLookup.Match;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of the {@code neardup_lookup} aggregation: per sketch of the batch, in order, its best
 * near-duplicate ({@link Match}) or null; its wire form, the reduce over shards and the JSON.
 */
public final class LookupMatches {
  private Match[] best;

  /** Adds one shard's matches: each sketch keeps the better ({@link Match#better}). */
  public void add(List<Match> shard) {
    if (best == null) {
      best = new Match[shard.size()];
    }
    for (int i = 0; i < best.length; i++) {
      best[i] = Match.better(best[i], shard.get(i));
    }
  }

  /** The best match of each sketch over the shards added, none if none was. */
  public List<Match> reduced() {
    return best == null ? List.of() : Arrays.asList(best);
  }

  /** Reads what {@link #write} wrote. */
  public static List<Match> read(WireInput in) throws IOException {
    return in.readList(
        i -> i.readBoolean() ? new Match(i.readFloat(), i.readString(), i.readVInt()) : null);
  }

  public static void write(WireOutput out, List<Match> matches) throws IOException {
    out.writeList(
        matches,
        (m, o) -> {
          o.writeBoolean(m != null);
          if (m != null) {
            o.writeFloat(m.similarity());
            o.writeString(m.cluster());
            o.writeVInt(m.shard());
          }
        });
  }

  /** Per sketch, the cluster id of its best match or null. */
  public static List<String> clusters(List<Match> matches) {
    return matches.stream().map(m -> m == null ? null : m.cluster()).toList();
  }

  /** The JSON array of the matches. */
  public static List<Object> body(List<Match> matches) {
    List<Object> out = new ArrayList<>(matches.size());
    for (Match m : matches) {
      if (m == null) {
        out.add(null);
      } else {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("cluster", m.cluster());
        one.put("similarity", m.similarity());
        one.put("shard", m.shard());
        out.add(one);
      }
    }
    return out;
  }
}

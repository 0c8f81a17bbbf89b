package io.neardup.engine.aggregation;

import io.neardup.engine.api.BodyKeys;
import io.neardup.engine.api.LookupParams;
import io.neardup.engine.ingest.LookupMatches;
import io.neardup.engine.ingest.NearDupLookup;
import io.neardup.engine.ingest.NearDupLookup.Match;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.LeafReaderContext;

/**
 * The ingest processor's {@code neardup_lookup} aggregation ({@link LookupParams}): each shard
 * looks the batch's sketches up once ({@link NearDupLookup}) and collects nothing; the result is
 * engine-common's {@link LookupMatches}, one per sketch, reduced to each sketch's best.
 *
 * @param <S> the engine's shard id
 */
public final class LookupAggregation<S> implements ShardAggregation<LookupParams, List<Match>, S> {
  @Override
  public String name() {
    return LookupParams.NAME;
  }

  @Override
  public void declare(BodyKeys<Map<String, Object>> keys) {
    keys.string("field", (m, v) -> m.put("field", v));
    keys.string("cluster_field", (m, v) -> m.put("cluster_field", v));
    keys.strings("sketches", (m, v) -> m.put("sketches", v));
    keys.strings("sets", (m, v) -> m.put("sets", v));
  }

  @Override
  @SuppressWarnings("unchecked")
  public LookupParams ofBody(Map<String, Object> body) {
    String field = (String) ShardAggregation.required(body, "field");
    String clusterField = (String) ShardAggregation.required(body, "cluster_field");
    return LookupParams.ofJson(
        field,
        clusterField,
        (List<String>) ShardAggregation.required(body, "sketches"),
        (List<String>) body.get("sets"));
  }

  @Override
  public LookupParams readParams(WireInput in) throws IOException {
    return LookupParams.read(in);
  }

  @Override
  public void otherType(LookupParams params) {
    throw params.notNearDup();
  }

  @Override
  public Run<List<Match>> start(LookupParams params, Shard<S> shard) {
    return new Run<>() {
      @Override
      public Leaf leaf(LeafReaderContext leaf) {
        return null; // one lookup per shard, over its reader
      }

      @Override
      public List<Match> result() throws IOException {
        if (shard.field() == null) {
          return empty(params); // an index without the field has no near-duplicates
        }
        return Arrays.asList(
            NearDupLookup.lookup(
                shard.reader(),
                shard.field().fields(),
                shard.field().settings(),
                params,
                shard.ids()::id,
                shard.number()));
      }
    };
  }

  @Override
  public List<Match> empty(LookupParams params) {
    return Collections.nCopies(params.sketches().size(), null);
  }

  @Override
  public List<Match> readResult(InputStream in) throws IOException {
    return LookupMatches.read(WireInput.of(in));
  }

  @Override
  public void writeResult(List<Match> matches, OutputStream out) throws IOException {
    LookupMatches.write(WireOutput.of(out), matches);
  }

  @Override
  public Reduction<List<Match>> reduction() {
    LookupMatches best = new LookupMatches();
    return new Reduction<>() {
      @Override
      public void add(List<Match> part) {
        best.add(part);
      }

      @Override
      public List<Match> result() {
        return best.reduced();
      }
    };
  }

  @Override
  public Map<String, Object> resultBody(List<Match> matches) {
    return Map.of("matches", LookupMatches.body(matches));
  }
}

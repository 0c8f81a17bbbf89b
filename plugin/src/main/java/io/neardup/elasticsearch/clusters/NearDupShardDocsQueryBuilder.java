package io.neardup.elasticsearch.clusters;

import io.neardup.engine.shard.DocNumbersQuery;
import io.neardup.engine.shard.ShardDocNumbers;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.search.Query;
import org.elasticsearch.TransportVersion;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.index.query.AbstractQueryBuilder;
import org.elasticsearch.index.query.SearchExecutionContext;
import org.elasticsearch.index.shard.ShardId;
import org.elasticsearch.search.internal.MaxClauseCountQueryVisitor;
import org.elasticsearch.xcontent.XContentBuilder;
import org.elasticsearch.xcontent.XContentParser;

/**
 * Matches documents by their numbers in their shard's reader, for the distributed clustering API:
 * under the run's point in time the numbers that the {@code neardup_buckets} aggregation reported
 * name the same documents, so the coordinating node reads back exactly the sketches a block of
 * candidate pairs needs, and the members of a page of clusters. Meaningless outside a point in
 * time, so the query cannot be written in a request body.
 */
public final class NearDupShardDocsQueryBuilder
    extends AbstractQueryBuilder<NearDupShardDocsQueryBuilder> {
  /** The query's name. */
  public static final String NAME = DocNumbersQuery.SHARD_DOCS;

  private final ShardDocNumbers<ShardId> shards;

  /** A query for the given documents (ascending) of the given shards. */
  public NearDupShardDocsQueryBuilder(Map<ShardId, int[]> shards) {
    this.shards = new ShardDocNumbers<>(shards);
  }

  /** Reads the query from the wire. */
  public NearDupShardDocsQueryBuilder(StreamInput in) throws IOException {
    super(in);
    this.shards = new ShardDocNumbers<>(in.readMap(ShardId::new, StreamInput::readVIntArray));
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    out.writeMap(shards.shards(), (o, shard) -> shard.writeTo(o), StreamOutput::writeVIntArray);
  }

  /** Always fails: the query names documents by number, which only a point in time keeps. */
  public static NearDupShardDocsQueryBuilder fromXContent(XContentParser parser) {
    throw DocNumbersQuery.internal();
  }

  @Override
  protected void doXContent(XContentBuilder builder, Params params) throws IOException {
    builder.startObject(NAME);
    builder.mapContents(shards.body(ShardId::getIndexName, ShardId::id));
    boostAndQueryNameToXContent(builder);
    builder.endObject();
  }

  @Override
  protected Query doToQuery(SearchExecutionContext context, MaxClauseCountQueryVisitor visitor) {
    ShardId here = new ShardId(context.index(), context.getShardId());
    Query query = shards.query(here);
    query.visit(visitor); // the engine checks the clauses it counts against the query
    return query;
  }

  @Override
  protected boolean doEquals(NearDupShardDocsQueryBuilder other) {
    return shards.equals(other.shards);
  }

  @Override
  protected int doHashCode() {
    return Objects.hash(shards);
  }

  @Override
  public String getWriteableName() {
    return NAME;
  }

  @Override
  public TransportVersion getMinimalSupportedVersion() {
    return TransportVersion.zero();
  }
}

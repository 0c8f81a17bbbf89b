package io.neardup.opensearch.clusters;

import io.neardup.engine.shard.DocNumbersQuery;
import io.neardup.engine.shard.ShardDocNumbers;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.search.Query;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.index.shard.ShardId;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.index.query.AbstractQueryBuilder;
import org.opensearch.index.query.QueryShardContext;

/**
 * Matches documents by their numbers in their shard's reader, for the distributed clustering API:
 * under the run's point in time the numbers that the {@code neardup_buckets} aggregation reported
 * name the same documents, so the coordinating node reads back exactly the sketches a block of
 * candidate pairs needs, and the members of a page of clusters. Meaningless outside a point in
 * time, so the query cannot be written in a request body. As on Elasticsearch.
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
    printBoostAndQueryName(builder);
    builder.endObject();
  }

  @Override
  protected Query doToQuery(QueryShardContext context) {
    ShardId here = new ShardId(context.index(), context.getShardId());
    return shards.query(here);
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
}

package io.neardup.elasticsearch.clusters;

import io.neardup.engine.shard.DocNumbersQuery;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.search.Query;
import org.elasticsearch.TransportVersion;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.common.io.stream.Writeable;
import org.elasticsearch.index.query.AbstractQueryBuilder;
import org.elasticsearch.index.query.SearchExecutionContext;
import org.elasticsearch.index.shard.ShardId;
import org.elasticsearch.search.internal.MaxClauseCountQueryVisitor;
import org.elasticsearch.xcontent.XContentBuilder;
import org.elasticsearch.xcontent.XContentParser;

/**
 * Matches documents by their numbers in their shard's reader, for the distributed clustering API:
 * under the run's point in time the numbers that {@link NearDupBucketsAggregationBuilder} reported
 * name the same documents, so the coordinating node reads back exactly the sketches a block of
 * candidate pairs needs, and the members of a page of clusters. Meaningless outside a point in
 * time, so the query cannot be written in a request body.
 */
public final class NearDupShardDocsQueryBuilder
    extends AbstractQueryBuilder<NearDupShardDocsQueryBuilder> {
  /** The query's name. */
  public static final String NAME = DocNumbersQuery.SHARD_DOCS;

  /** The documents of one shard, by number, ascending. */
  public record ShardDocs(ShardId shardId, int[] docs) implements Writeable {
    ShardDocs(StreamInput in) throws IOException {
      this(new ShardId(in), in.readVIntArray());
    }

    @Override
    public void writeTo(StreamOutput out) throws IOException {
      shardId.writeTo(out);
      out.writeVIntArray(docs);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ShardDocs s && shardId.equals(s.shardId) && Arrays.equals(docs, s.docs);
    }

    @Override
    public int hashCode() {
      return 31 * shardId.hashCode() + Arrays.hashCode(docs);
    }
  }

  private final List<ShardDocs> shards;

  /** A query for the given documents of the given shards. */
  public NearDupShardDocsQueryBuilder(List<ShardDocs> shards) {
    this.shards = List.copyOf(shards);
  }

  /** Reads the query from the wire. */
  public NearDupShardDocsQueryBuilder(StreamInput in) throws IOException {
    super(in);
    this.shards = in.readCollectionAsList(ShardDocs::new);
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    out.writeCollection(shards);
  }

  /** Always fails: the query names documents by number, which only a point in time keeps. */
  public static NearDupShardDocsQueryBuilder fromXContent(XContentParser parser) {
    throw DocNumbersQuery.internal();
  }

  @Override
  protected void doXContent(XContentBuilder builder, Params params) throws IOException {
    builder.startObject(NAME);
    builder.startArray("shards");
    for (ShardDocs s : shards) {
      builder.startObject();
      builder.field("index", s.shardId().getIndexName());
      builder.field("shard", s.shardId().id());
      builder.field("documents", s.docs().length);
      builder.endObject();
    }
    builder.endArray();
    boostAndQueryNameToXContent(builder);
    builder.endObject();
  }

  @Override
  protected Query doToQuery(SearchExecutionContext context, MaxClauseCountQueryVisitor visitor) {
    ShardId here = new ShardId(context.index(), context.getShardId());
    List<int[]> mine = new ArrayList<>(1);
    for (ShardDocs s : shards) {
      if (s.shardId().equals(here)) {
        mine.add(s.docs());
      }
    }
    Query query = DocNumbersQuery.of(mine, here);
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

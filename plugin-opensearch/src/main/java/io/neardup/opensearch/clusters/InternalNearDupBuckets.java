package io.neardup.opensearch.clusters;

import io.neardup.engine.cluster.ShardBandEntries;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.common.io.stream.Writeable;
import org.opensearch.core.index.shard.ShardId;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.search.aggregations.InternalAggregation;

/**
 * The result of {@link NearDupBucketsAggregationBuilder}: each shard's encoded band entries of one
 * partition, with the shard's identity, its number of documents (the range of its document numbers)
 * and how many matching documents it read. Reducing concatenates the shards' parts: the merge-join
 * is the coordinating node's work ({@code io.neardup.engine.cluster.ShardedClusterer}).
 */
public final class InternalNearDupBuckets extends InternalAggregation {
  /**
   * One shard's part.
   *
   * @param maxDoc the shard's number of documents, deleted ones included
   * @param documents matching documents read
   * @param entries {@link ShardBandEntries#encode} of the partition's entries
   */
  public record ShardPart(ShardId shardId, int maxDoc, long documents, byte[] entries)
      implements Writeable {
    ShardPart(StreamInput in) throws IOException {
      this(new ShardId(in), in.readVInt(), in.readVLong(), in.readByteArray());
    }

    @Override
    public void writeTo(StreamOutput out) throws IOException {
      shardId.writeTo(out);
      out.writeVInt(maxDoc);
      out.writeVLong(documents);
      out.writeByteArray(entries);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ShardPart p
          && shardId.equals(p.shardId)
          && maxDoc == p.maxDoc
          && documents == p.documents
          && Arrays.equals(entries, p.entries);
    }

    @Override
    public int hashCode() {
      return Objects.hash(shardId, maxDoc, documents, Arrays.hashCode(entries));
    }
  }

  private final List<ShardPart> parts;

  InternalNearDupBuckets(String name, Map<String, Object> metadata, List<ShardPart> parts) {
    super(name, metadata);
    this.parts = parts;
  }

  /** Reads the result from the wire. */
  public InternalNearDupBuckets(StreamInput in) throws IOException {
    super(in);
    this.parts = in.readList(ShardPart::new);
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    out.writeList(parts);
  }

  /** The shards' parts, in no particular order. */
  public List<ShardPart> parts() {
    return parts;
  }

  @Override
  public String getWriteableName() {
    return NearDupBucketsAggregationBuilder.NAME;
  }

  @Override
  public InternalAggregation reduce(List<InternalAggregation> aggregations, ReduceContext context) {
    List<ShardPart> all = new ArrayList<>();
    for (InternalAggregation a : aggregations) {
      all.addAll(((InternalNearDupBuckets) a).parts);
    }
    return new InternalNearDupBuckets(name, metadata, List.copyOf(all));
  }

  @Override
  protected boolean mustReduceOnSingleInternalAgg() {
    return false;
  }

  @Override
  public Object getProperty(List<String> path) {
    if (path.isEmpty()) {
      return this;
    }
    throw new IllegalArgumentException("path not supported for [" + getName() + "]: " + path);
  }

  @Override
  public XContentBuilder doXContentBody(XContentBuilder builder, Params params) throws IOException {
    long entries = 0;
    long documents = 0;
    for (ShardPart p : parts) {
      entries += ShardBandEntries.count(p.entries());
      documents += p.documents();
    }
    builder.field("shards", parts.size());
    builder.field("documents", documents);
    builder.field("entries", entries);
    return builder;
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && parts.equals(((InternalNearDupBuckets) o).parts);
  }

  @Override
  public int hashCode() {
    return Objects.hash(super.hashCode(), parts);
  }
}

package io.neardup.elasticsearch.support;

import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.elasticsearch.index.shard.ShardId;
import org.elasticsearch.index.shard.ShardUtils;
import org.elasticsearch.search.aggregations.AggregatorFactories;
import org.elasticsearch.search.aggregations.AggregatorFactory;

/**
 * What the plugin's shard-level aggregations share ({@code neardup_buckets} of the clustering API,
 * {@code neardup_lookup} of the ingest processor): they run once per shard, at the top level.
 */
public final class ShardAggregations {
  private ShardAggregations() {}

  /**
   * @throws IllegalArgumentException if the aggregation {@code name} is nested or has
   *     sub-aggregations
   */
  public static void checkTopLevel(
      String name, AggregatorFactory parent, AggregatorFactories.Builder subs) {
    if (parent != null) {
      throw new IllegalArgumentException("[" + name + "] must be a top-level aggregation");
    }
    if (subs.count() > 0) {
      throw new IllegalArgumentException("[" + name + "] takes no sub-aggregations");
    }
  }

  /** The shard a searcher's reader reads, or null for a shard without segments. */
  public static ShardId shardId(IndexReader reader) {
    if (reader instanceof DirectoryReader d) {
      return ShardUtils.extractShardId(d);
    }
    List<LeafReaderContext> leaves = reader.leaves();
    return leaves.isEmpty() ? null : ShardUtils.extractShardId(leaves.get(0).reader());
  }
}

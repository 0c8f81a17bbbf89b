package io.neardup.engine.cluster;

import io.neardup.engine.api.BucketsParams;
import io.neardup.engine.param.NearDupField;
import io.neardup.settings.NearDupSettings;
import java.io.IOException;
import java.util.function.LongConsumer;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.util.BytesRef;

/**
 * One shard's part of the {@code neardup_buckets} aggregation whatever the engine: the band entries
 * of the matching documents that fall in the request's partition of the band-hash space ({@link
 * ShardBandEntries}), read from the field's sketch doc values as the engine's collector visits the
 * documents, and accounted to the engine's request circuit breaker as they grow.
 */
public final class ShardBandCollector {
  /** How much the entries grow between two reports to the circuit breaker. */
  private static final long ACCOUNTING_STEP = 1 << 20;

  /** Collects one segment's documents. */
  @FunctionalInterface
  public interface Leaf {
    /** Adds a matching document of the segment, by its number in the segment. */
    void collect(int doc) throws IOException;
  }

  private final ShardBandEntries entries;
  private final String sketchField;
  private final int maxDoc;
  private final LongConsumer account;
  private long accounted;

  /**
   * @param field the shard's {@code neardup} field, or null when the shard does not map it as one
   *     (the coordinating node checked the mappings: the shard then has no entries)
   * @param reader the shard's reader, whose document numbers the entries hold
   * @param account reports bytes to the engine's request circuit breaker (it may throw)
   */
  public ShardBandCollector(
      NearDupField field, BucketsParams params, IndexReader reader, LongConsumer account) {
    this.sketchField = field == null ? null : field.fields().sketchField();
    this.entries =
        new ShardBandEntries(
            field == null ? NearDupSettings.DEFAULT : field.settings(),
            params.partition(),
            params.partitions());
    this.maxDoc = reader.maxDoc();
    this.account = account;
  }

  /** The collection of a segment, or null when it holds no sketches. */
  public Leaf leaf(LeafReaderContext leaf) throws IOException {
    BinaryDocValues sketches =
        sketchField == null ? null : leaf.reader().getBinaryDocValues(sketchField);
    if (sketches == null) {
      return null;
    }
    int base = leaf.docBase;
    return doc -> {
      if (sketches.advanceExact(doc)) {
        BytesRef b = sketches.binaryValue();
        entries.add(base + doc, b.bytes, b.offset, b.length);
        long used = entries.ramBytesUsed();
        if (used - accounted > ACCOUNTING_STEP) {
          account.accept(used - accounted);
          accounted = used;
        }
      }
    };
  }

  /** The shard's document count, the range of its document numbers. */
  public int maxDoc() {
    return maxDoc;
  }

  /** How many documents left entries. */
  public long documents() {
    return entries.documents();
  }

  /** The entries, sorted and encoded ({@link ShardBandEntries#encode}). */
  public byte[] encode() {
    return entries.encode();
  }
}

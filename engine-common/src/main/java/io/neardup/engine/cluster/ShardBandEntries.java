package io.neardup.engine.cluster;

import io.neardup.cluster.core.Clusterer;
import io.neardup.engine.api.BucketsParams;
import io.neardup.lsh.BandHasher;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import java.util.Arrays;

/**
 * What one shard contributes to a distributed clustering run ({@link ShardedClusterer}): the band
 * entries of its documents that fall in one partition of the band-hash space, sorted, in a compact
 * encoding for the wire. Built on the data node, one document at a time, from the sketches it
 * reads; decoded on the coordinating node.
 *
 * <p>An entry is the upper 32 bits of a band hash beside the shard's document number, as the {@link
 * Clusterer} keeps band entries. Partition {@code p} of {@code P} holds the hashes in the p-th of P
 * equal ranges of those 32 bits, so the partitions are disjoint, each about 1/P of the entries, and
 * a bucket never spans two of them.
 *
 * <pre>
 * encoding:  count (varint) │ per entry: hash delta (varint, unsigned 32 bits) │ doc (varint)
 * </pre>
 *
 * Entries are sorted by hash, then document, so hash deltas are small (about 2<sup>32</sup> /
 * entries) and an entry takes four to six bytes instead of eight.
 */
public final class ShardBandEntries {
  /** Bytes kept per entry while building. */
  public static final int BYTES_PER_ENTRY = Long.BYTES;

  private final NearDupSettings settings;
  private final BandHasher bandHasher;
  private final int partition;
  private final int partitions;
  private final long[] hashes;
  private long[] entries = new long[1024];
  private int size;
  private long documents;

  /**
   * @param settings the field's settings (every sketch added must have its sketch parameters)
   * @param partition which partition to keep, in [0, partitions)
   * @param partitions the number of partitions of the band-hash space, at least 1
   */
  public ShardBandEntries(NearDupSettings settings, int partition, int partitions) {
    BucketsParams.checkPartition(partition, partitions);
    this.settings = settings;
    this.bandHasher = new BandHasher(settings.banding());
    this.partition = partition;
    this.partitions = partitions;
    this.hashes = new long[settings.banding().bands()];
  }

  /** The partition of the upper 32 bits of a band hash. */
  static int partitionOf(int hash, int partitions) {
    return (int) (((hash & 0xFFFFFFFFL) * partitions) >>> 32);
  }

  /**
   * Adds the entries of a document's serialized sketch that fall in this partition; an empty sketch
   * adds none (an empty text is nobody's near-duplicate).
   *
   * @param doc the document's number in its shard, at least 0
   * @throws IllegalArgumentException if the sketch is corrupt or made with other parameters
   */
  public void add(int doc, byte[] sketch, int offset, int length) {
    if (doc < 0) {
      throw new IllegalArgumentException("doc must be >= 0, got [" + doc + "]");
    }
    documents++;
    if (length == 0) {
      return;
    }
    Sketch decoded = SketchFormat.decode(sketch, offset, length, settings.sketch());
    if (decoded.isEmpty()) {
      return;
    }
    bandHasher.bandHashes(decoded, hashes);
    for (long h : hashes) {
      int upper = (int) (h >>> 32);
      if (partitionOf(upper, partitions) == partition) {
        if (size == entries.length) {
          entries = Arrays.copyOf(entries, size * 2);
        }
        entries[size++] = (long) upper << 32 | doc;
      }
    }
  }

  /** Entries kept so far. */
  public int size() {
    return size;
  }

  /** Documents added so far, with or without entries in this partition. */
  public long documents() {
    return documents;
  }

  /** Bytes held, for a circuit breaker. */
  public long ramBytesUsed() {
    return (long) entries.length * BYTES_PER_ENTRY + 64;
  }

  /** The entries, sorted and encoded. */
  public byte[] encode() {
    long[] sorted = Arrays.copyOf(entries, size);
    // unsigned order of the hash keeps the deltas non-negative
    for (int i = 0; i < size; i++) {
      sorted[i] ^= Long.MIN_VALUE;
    }
    Arrays.sort(sorted);
    byte[] out = new byte[5 + size * 10];
    int pos = putVarInt(out, 0, size);
    long previous = 0;
    for (int i = 0; i < size; i++) {
      long e = sorted[i] ^ Long.MIN_VALUE;
      long hash = e >>> 32;
      pos = putVarInt(out, pos, (int) (hash - previous));
      pos = putVarInt(out, pos, (int) e);
      previous = hash;
    }
    return Arrays.copyOf(out, pos);
  }

  /**
   * Decodes entries {@link #encode encoded} by a shard.
   *
   * @param handler receives each entry's 32-bit hash and document, in the encoded order
   * @throws IllegalArgumentException if the bytes are not a valid encoding
   */
  public static void decode(byte[] bytes, EntryHandler handler) {
    int[] pos = {0};
    int count = getVarInt(bytes, pos);
    long hash = 0;
    for (int i = 0; i < count; i++) {
      hash += getVarInt(bytes, pos) & 0xFFFFFFFFL;
      int doc = getVarInt(bytes, pos);
      if (hash > 0xFFFFFFFFL || doc < 0) {
        throw new IllegalArgumentException("Corrupted band entries: entry " + i + " out of range");
      }
      handler.accept((int) hash, doc);
    }
    if (pos[0] != bytes.length) {
      throw new IllegalArgumentException(
          "Corrupted band entries: " + (bytes.length - pos[0]) + " bytes after the last entry");
    }
  }

  /** The number of entries in an encoding, without decoding them. */
  public static int count(byte[] bytes) {
    return getVarInt(bytes, new int[] {0});
  }

  /** Receives decoded entries. */
  @FunctionalInterface
  public interface EntryHandler {
    void accept(int hash, int doc);
  }

  private static int putVarInt(byte[] out, int pos, int v) {
    while ((v & ~0x7F) != 0) {
      out[pos++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out[pos++] = (byte) v;
    return pos;
  }

  private static int getVarInt(byte[] in, int[] pos) {
    int v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (pos[0] >= in.length) {
        throw new IllegalArgumentException("Corrupted band entries: truncated");
      }
      byte b = in[pos[0]++];
      v |= (b & 0x7F) << shift;
      if (b >= 0) {
        return v;
      }
    }
    throw new IllegalArgumentException("Corrupted band entries: varint too long");
  }
}

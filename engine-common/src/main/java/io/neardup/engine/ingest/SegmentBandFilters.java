package io.neardup.engine.ingest;

import io.neardup.token.TokenEncoding;
import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.util.BytesRef;

/**
 * Bloom filters of the band tokens of segments, so that {@link NearDupLookup} seeks a segment's
 * terms only for the band tokens it may hold: most documents an ingest processor looks up have no
 * near-duplicate, and without a filter every one of their band tokens costs a seek (a terms block
 * loaded and decompressed) in every segment.
 *
 * <p>A segment's filter is built by one pass over its band terms the first time a lookup reads the
 * segment, kept while the segment's core is open and dropped when it closes. About 8 bits per band
 * token (18 bytes per document with 18 bands), about 2 % false positives, which only cost the seek
 * the filter would have saved. Bounded: filters are built while all of them together stay within
 * the budget; a segment whose filter does not fit is read without one (no eviction, so no filter is
 * built twice for one segment). Thread-safe; one instance per node.
 */
public final class SegmentBandFilters {
  /** Default budget of all filters together: 64 MB. */
  public static final long DEFAULT_BUDGET_BYTES = 64L << 20;

  /** The node's filters, under the default budget. */
  public static final SegmentBandFilters SHARED = new SegmentBandFilters(DEFAULT_BUDGET_BYTES);

  private static final int HASHES = 5;
  private static final BytesRef BAND_PREFIX =
      new BytesRef(String.valueOf(TokenEncoding.BAND_PREFIX));

  private final long budget;
  private final AtomicLong used = new AtomicLong();
  private final ConcurrentHashMap<Key, Filter> filters = new ConcurrentHashMap<>();

  private record Key(IndexReader.CacheKey core, String field) {}

  /**
   * @param budget the most bytes all filters may take together
   */
  public SegmentBandFilters(long budget) {
    this.budget = budget;
  }

  /** Bytes the filters take now. */
  public long bytesUsed() {
    return used.get();
  }

  /**
   * The filter of a segment's band tokens in {@code field}, built now if needed; null when the
   * segment cannot be cached (no core cache key) or its filter does not fit the budget.
   */
  Filter get(LeafReader reader, String field, Terms terms) throws IOException {
    IndexReader.CacheHelper helper = reader.getCoreCacheHelper();
    if (helper == null) {
      return null;
    }
    Key key = new Key(helper.getKey(), field);
    Filter filter = filters.get(key);
    if (filter != null) {
      return filter.bits == null ? null : filter;
    }
    long size = terms.size();
    if (size < 0) {
      return null;
    }
    long bytes = Filter.bytesFor(size);
    if (used.addAndGet(bytes) > budget) {
      used.addAndGet(-bytes);
      filter = Filter.NONE; // remembered, so the budget is not asked again for this segment
    } else {
      filter = Filter.build(terms, bytes);
    }
    Filter raced = filters.putIfAbsent(key, filter);
    if (raced != null) {
      if (filter.bits != null) {
        used.addAndGet(-bytes);
      }
      return raced.bits == null ? null : raced;
    }
    helper.addClosedListener(core -> drop(core, field));
    return filter.bits == null ? null : filter;
  }

  private void drop(IndexReader.CacheKey core, String field) {
    Filter filter = filters.remove(new Key(core, field));
    if (filter != null && filter.bits != null) {
      used.addAndGet(-(long) filter.bits.length * Long.BYTES);
    }
  }

  /** A Bloom filter of band tokens, by band and band hash. */
  static final class Filter {
    static final Filter NONE = new Filter(null);

    private final long[] bits;

    private Filter(long[] bits) {
      this.bits = bits;
    }

    /** Bytes of the filter of {@code tokens} tokens: a power of two of at least 8 bits each. */
    static long bytesFor(long tokens) {
      long wanted = Math.max(64, tokens * 8);
      return Long.highestOneBit(wanted - 1) << 1 >>> 3;
    }

    static Filter build(Terms terms, long bytes) throws IOException {
      Filter filter = new Filter(new long[(int) (bytes / Long.BYTES)]);
      TermsEnum te = terms.iterator();
      if (te.seekCeil(BAND_PREFIX) == TermsEnum.SeekStatus.END) {
        return filter;
      }
      for (BytesRef t = te.term(); t != null; t = te.next()) {
        if (t.length == 0 || t.bytes[t.offset] != TokenEncoding.BAND_PREFIX) {
          break;
        }
        if (t.length == TokenEncoding.BAND_TOKEN_LENGTH) {
          filter.add((int) hex(t, 1, 3), hex(t, 4, 16));
        }
      }
      return filter;
    }

    private static long hex(BytesRef t, int from, int digits) {
      long v = 0;
      for (int i = 0; i < digits; i++) {
        int c = t.bytes[t.offset + from + i];
        v = (v << 4) | (c <= '9' ? c - '0' : c - 'a' + 10);
      }
      return v;
    }

    // the k bits of a token by double hashing (Kirsch and Mitzenmacher 2006): h1 + i * h2
    private void add(int band, long hash) {
      long h1 = mix(band, hash);
      long h2 = mix(band + 0x5bd1e995, ~hash) | 1;
      long mask = bits.length * 64L - 1;
      for (int i = 0; i < HASHES; i++) {
        long bit = (h1 + i * h2) & mask;
        bits[(int) (bit >>> 6)] |= 1L << bit;
      }
    }

    /** False if the segment has no token of this band and hash. */
    boolean mightContain(int band, long hash) {
      long h1 = mix(band, hash);
      long h2 = mix(band + 0x5bd1e995, ~hash) | 1;
      long mask = bits.length * 64L - 1;
      for (int i = 0; i < HASHES; i++) {
        long bit = (h1 + i * h2) & mask;
        if ((bits[(int) (bit >>> 6)] & (1L << bit)) == 0) {
          return false;
        }
      }
      return true;
    }

    private static long mix(int band, long hash) {
      long h = (hash ^ (band * 0xC2B2AE3D27D4EB4FL)) * 0xFF51AFD7ED558CCDL;
      h = (h ^ (h >>> 33)) * 0xC4CEB9FE1A85EC53L;
      return h ^ (h >>> 33);
    }
  }
}

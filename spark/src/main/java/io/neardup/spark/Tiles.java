package io.neardup.spark;

import com.esotericsoftware.kryo.DefaultSerializer;
import io.neardup.spark.NearDupSpark.Verified;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import scala.Tuple2;

/**
 * Pairs of large buckets and groups, tile by tile. A bucket or group of n documents holds n(n−1)/2
 * pairs, so none is handled whole: its ordered members are cut into chunks, and each pair of chunks
 * (a tile) is a task's unit of work, wherever the shuffle sends it: at most the chunk size squared
 * pairs, with the two chunks' sets. Verifying a bucket this way moves each member's set once per
 * tile of its chunk rather than once per candidate pair, which is what makes buckets of families
 * that share a template cheap (a bucket of 100 documents: 100 sets moved rather than 4,950). A pair
 * is compared once, in the first bucket (by key) of the tiled buckets its two documents share,
 * which each tile tells from the members' keys. Listing every pair of a group of identical texts
 * ({@code --all-pairs}) uses the same tiles, with ordinals only.
 */
final class Tiles {
  /** Documents per chunk: a tile holds up to twice this many sets and compares its square. */
  static final int DEFAULT_TILE = 512;

  /**
   * Buckets of more documents are compared in tiles, smaller ones as candidate pairs: a pair moves
   * one set, a tile one per member, and a family of near-duplicates shares a bucket in every band,
   * so tiles move fewer sets from about this size on.
   */
  static final int DEFAULT_FROM = 16;

  private Tiles() {}

  /** A similarity that reaches the threshold, or -1. */
  @FunctionalInterface
  interface Similarity extends Serializable {
    double of(int[] a, int[] b);
  }

  /** A member of a bucket in a tile: its chunk, its set and the keys of its tiled buckets. */
  @DefaultSerializer(NearDupKryo.TileMemberSerializer.class)
  record TileMember(int chunk, int[] set, int[] keys) implements Serializable {}

  /** A tile of a bucket (its key, its two chunks, row ≤ column) and a member's ordinal in it. */
  @DefaultSerializer(NearDupKryo.TileKeySerializer.class)
  record TileKey(int bucket, int row, int column, long ord)
      implements Serializable, Comparable<TileKey> {
    @Override
    public int compareTo(TileKey o) {
      int c = Integer.compare(bucket, o.bucket);
      if (c == 0) {
        c = Integer.compare(row, o.row);
      }
      if (c == 0) {
        c = Integer.compare(column, o.column);
      }
      return c != 0 ? c : Long.compare(ord, o.ord);
    }

    boolean sameTile(TileKey o) {
      return bucket == o.bucket && row == o.row && column == o.column;
    }
  }

  /**
   * The verified pairs of {@code buckets}: each member learns which of these buckets it is in (its
   * keys, sorted), meets its set once, and goes with both to every tile of its chunk in each (a
   * member of a bucket of n documents to ⌈n / tile⌉ tiles); the tiles are spread over {@code
   * partitions} tasks, and each task reads its tiles one at a time.
   *
   * @param buckets the buckets to compare in full: key and ordinals, ascending
   * @param sets each representative's set, by ordinal, partitioned by {@code byOrd}
   */
  static JavaRDD<Verified> verify(
      JavaPairRDD<Integer, long[]> buckets,
      JavaPairRDD<Long, int[]> sets,
      OrdinalRanges byOrd,
      int partitions,
      int tile,
      Similarity similarity) {
    JavaPairRDD<Long, Iterable<int[]>> memberSlots =
        buckets
            .flatMapToPair(b -> {
              long[] ords = b._2();
              int chunks = chunks(ords.length, tile);
              return new Iterator<Tuple2<Long, int[]>>() {
                int i;

                @Override
                public boolean hasNext() {
                  return i < ords.length;
                }

                @Override
                public Tuple2<Long, int[]> next() {
                  Tuple2<Long, int[]> t =
                      new Tuple2<>(ords[i], new int[] {b._1(), i / tile, chunks});
                  i++;
                  return t;
                }
              };
            })
            .groupByKey(byOrd);
    return byOrd
        .lookup(memberSlots, sets)
        .flatMapToPair(t -> {
          List<int[]> slots = new ArrayList<>();
          t._2()._1().forEach(slots::add);
          int[] keys = new int[slots.size()];
          for (int k = 0; k < keys.length; k++) {
            keys[k] = slots.get(k)[0];
          }
          Arrays.sort(keys);
          int[] set = t._2()._2();
          List<Tuple2<TileKey, TileMember>> out = new ArrayList<>();
          for (int[] slot : slots) {
            TileMember m = new TileMember(slot[1], set, keys);
            for (int other = 0; other < slot[2]; other++) {
              out.add(
                  new Tuple2<>(
                      new TileKey(
                          slot[0], Math.min(slot[1], other), Math.max(slot[1], other), t._1()),
                      m));
            }
          }
          return out.iterator();
        })
        .repartitionAndSortWithinPartitions(new ByTile(partitions))
        .mapPartitions(in -> new TileReader(in, similarity));
  }

  static int chunks(int n, int tile) {
    return (n + tile - 1) / tile;
  }

  /**
   * The least key two sorted key arrays share, or {@code Long.MAX_VALUE}: the bucket in which their
   * pair is compared.
   */
  static long firstShared(int[] a, int[] b) {
    int i = 0;
    int j = 0;
    while (i < a.length && j < b.length) {
      int c = Integer.compare(a[i], b[j]);
      if (c == 0) {
        return a[i];
      } else if (c < 0) {
        i++;
      } else {
        j++;
      }
    }
    return Long.MAX_VALUE;
  }

  /** Reads a task's sorted tile members one tile at a time and yields each tile's pairs. */
  private static final class TileReader implements Iterator<Verified> {
    private final Iterator<Tuple2<TileKey, TileMember>> in;
    private final Similarity similarity;
    private Tuple2<TileKey, TileMember> pending;
    private Iterator<Verified> current = Collections.emptyIterator();

    TileReader(Iterator<Tuple2<TileKey, TileMember>> in, Similarity similarity) {
      this.in = in;
      this.similarity = similarity;
      this.pending = in.hasNext() ? in.next() : null;
    }

    @Override
    public boolean hasNext() {
      while (!current.hasNext()) {
        if (pending == null) {
          return false;
        }
        current = nextTile();
      }
      return true;
    }

    @Override
    public Verified next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return current.next();
    }

    private Iterator<Verified> nextTile() {
      TileKey tile = pending._1();
      List<Long> rowOrds = new ArrayList<>();
      List<TileMember> rows = new ArrayList<>();
      List<TileMember> columns = new ArrayList<>();
      List<Long> columnOrds = new ArrayList<>();
      while (pending != null && pending._1().sameTile(tile)) {
        TileMember m = pending._2();
        if (m.chunk() == tile.row()) {
          rowOrds.add(pending._1().ord());
          rows.add(m);
        } else {
          columnOrds.add(pending._1().ord());
          columns.add(m);
        }
        pending = in.hasNext() ? in.next() : null;
      }
      List<Verified> out = new ArrayList<>();
      boolean triangle = tile.row() == tile.column();
      for (int i = 0; i < rows.size(); i++) {
        TileMember a = rows.get(i);
        long x = rowOrds.get(i);
        int from = triangle ? i + 1 : 0;
        int to = triangle ? rows.size() : columns.size();
        for (int j = from; j < to; j++) {
          TileMember b = triangle ? rows.get(j) : columns.get(j);
          if (firstShared(a.keys(), b.keys()) != tile.bucket()) {
            continue; // compared in the first bucket the two share
          }
          double s = similarity.of(a.set(), b.set());
          if (s >= 0) {
            long y = triangle ? rowOrds.get(j) : columnOrds.get(j);
            out.add(new Verified(Math.min(x, y), Math.max(x, y), s));
          }
        }
      }
      return out.iterator();
    }
  }

  /** Sends the members of a tile to one task. */
  static final class ByTile extends FixedPartitioner {
    private static final long serialVersionUID = 1L;

    ByTile(int partitions) {
      super(partitions);
    }

    @Override
    public int getPartition(Object key) {
      TileKey k = (TileKey) key;
      int h = (k.bucket() * 31 + k.row()) * 31 + k.column();
      return Math.floorMod(h, numPartitions());
    }
  }

  // ---------------------------------------------------------------- listing

  /**
   * Pairs to list, all with one similarity: every pair of {@code rows} with one of {@code columns},
   * or every pair within {@code rows} when {@code columns} is null; a tile's square at most, made
   * only as they are read.
   */
  @DefaultSerializer(NearDupKryo.PairBlockSerializer.class)
  record PairBlock(long[] rows, long[] columns, double similarity) implements Serializable {
    Iterator<Verified> pairs() {
      return new Iterator<>() {
        int i;
        int j = columns == null ? 1 : 0;

        @Override
        public boolean hasNext() {
          int width = columns == null ? rows.length : columns.length;
          while (i < rows.length && j >= width) {
            i++;
            j = columns == null ? i + 1 : 0;
          }
          return i < rows.length;
        }

        @Override
        public Verified next() {
          if (!hasNext()) {
            throw new NoSuchElementException();
          }
          long x = rows[i];
          long y = columns == null ? rows[j] : columns[j];
          j++;
          return new Verified(Math.min(x, y), Math.max(x, y), similarity);
        }
      };
    }
  }

  /** Every pair of a group of identical texts, in blocks made as they are read. */
  static Iterator<PairBlock> within(long[] members, double similarity, int tile) {
    return blocks(members, null, similarity, tile);
  }

  /** Every pair of a member of {@code xs} with one of {@code ys}, in blocks made as read. */
  static Iterator<PairBlock> across(long[] xs, long[] ys, double similarity, int tile) {
    return blocks(xs, ys, similarity, tile);
  }

  // the tiles (r, c) of xs by ys, or of xs by itself (c >= r) when ys is null
  private static Iterator<PairBlock> blocks(long[] xs, long[] ys, double similarity, int tile) {
    int rowChunks = chunks(xs.length, tile);
    int columnChunks = ys == null ? rowChunks : chunks(ys.length, tile);
    return new Iterator<>() {
      int r;
      int c;

      @Override
      public boolean hasNext() {
        return r < rowChunks && c < columnChunks;
      }

      @Override
      public PairBlock next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        PairBlock b =
            ys == null
                ? new PairBlock(chunk(xs, r, tile), r == c ? null : chunk(xs, c, tile), similarity)
                : new PairBlock(chunk(xs, r, tile), chunk(ys, c, tile), similarity);
        if (++c == columnChunks) {
          r++;
          c = ys == null ? r : 0;
        }
        return b;
      }
    };
  }

  private static long[] chunk(long[] ords, int k, int tile) {
    return Arrays.copyOfRange(ords, k * tile, Math.min(ords.length, (k + 1) * tile));
  }
}

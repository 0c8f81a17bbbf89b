package io.neardup.engine.ingest;

import io.neardup.document.NearDupFields;
import io.neardup.engine.api.LookupParams;
import io.neardup.lsh.BandHasher;
import io.neardup.search.SketchVerifier;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.ShingleSet;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import io.neardup.token.TokenEncoding;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntFunction;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * The best near-duplicate of each of many sketches in one index (one shard), with its cluster id:
 * the ingest processors' search of the index, for a batch of documents at once.
 *
 * <p>For every sketch it finds exactly the document a {@link io.neardup.search.NearDuplicateQuery}
 * with the same minimum similarity ranks first (band candidates verified by their stored sketches
 * with the same {@link SketchVerifier}, and by their stored shingle sets near the threshold when
 * the text's set is given, the highest similarity first, the lowest document number among equal
 * ones), but it reads each segment's band postings once for the whole batch, in term order, and
 * each candidate's sketch once, in document order, and builds no query, weight or collector per
 * sketch. The cluster id is the best document's value of the keyword field {@code clusterField}
 * (its sorted doc values), or, for a document indexed without one, its own id ({@link IdReader}).
 *
 * <pre>{@code
 * NearDupLookup.Match[] best =
 *     NearDupLookup.lookup(reader, fields, settings, 0.8, sketches, "neardup_cluster", ids, shard);
 * }</pre>
 */
public final class NearDupLookup {
  private NearDupLookup() {}

  /**
   * A sketch's best near-duplicate in one shard.
   *
   * @param similarity its estimated similarity, as the {@code neardup} query scores it
   * @param cluster its cluster id
   * @param shard the shard's number: the lower one wins a tie between shards, as it does when a
   *     search merges the shards' hits
   */
  public record Match(float similarity, String cluster, int shard) {
    /** The better of two matches, either of which may be null; {@code a} wins a full tie. */
    public static Match better(Match a, Match b) {
      if (a == null || b == null) {
        return a == null ? b : a;
      }
      if (a.similarity != b.similarity) {
        return a.similarity > b.similarity ? a : b;
      }
      return b.shard < a.shard ? b : a;
    }
  }

  /** Reads a document's id, for a best document without a cluster id. */
  @FunctionalInterface
  public interface IdReader {
    /**
     * @param doc the document's number in {@code leaf}
     */
    String id(LeafReaderContext leaf, int doc) throws IOException;
  }

  /** The band tokens of the batch's sketches: band, hash and sketch of each. */
  private static final class Probes {
    int[] band;
    long[] hash;
    int[] sketch;
    int size;

    Probes(int capacity) {
      band = new int[capacity];
      hash = new long[capacity];
      sketch = new int[capacity];
    }

    void add(int b, long h, int s) {
      band[size] = b;
      hash[size] = h;
      sketch[size] = s;
      size++;
    }

    /**
     * Puts the probes in the order of their tokens (by band, then by hash as unsigned: its
     * lower-case hex digits), so that each seek of a segment's terms goes forward. One sort of
     * primitive keys (band, the hash's high bits, the probe's place) rather than a comparison sort
     * of three arrays: probes whose hashes share those high bits may stay out of order, which costs
     * a backward seek, never a wrong answer.
     */
    void sort() {
      if (size < 2) {
        return;
      }
      int maxBand = 0;
      for (int p = 0; p < size; p++) {
        maxBand = Math.max(maxBand, band[p]);
      }
      int placeBits = 32 - Integer.numberOfLeadingZeros(size - 1);
      int bandBits = 32 - Integer.numberOfLeadingZeros(maxBand);
      int hashBits = 64 - bandBits - placeBits;
      long[] keys = new long[size];
      for (int p = 0; p < size; p++) {
        long key = (hash[p] >>> (64 - hashBits)) << placeBits | p;
        if (bandBits > 0) {
          key |= (long) band[p] << (64 - bandBits);
        }
        keys[p] = key ^ Long.MIN_VALUE; // unsigned order under a signed sort
      }
      Arrays.sort(keys);
      int[] sortedBand = new int[band.length];
      long[] sortedHash = new long[hash.length];
      int[] sortedSketch = new int[sketch.length];
      long placeMask = (1L << placeBits) - 1;
      for (int i = 0; i < size; i++) {
        int p = (int) (keys[i] & placeMask);
        sortedBand[i] = band[p];
        sortedHash[i] = hash[p];
        sortedSketch[i] = sketch[p];
      }
      band = sortedBand;
      hash = sortedHash;
      sketch = sortedSketch;
    }

    /** Writes probe {@code p}'s band token into {@code token} (ASCII: one byte per char). */
    void token(int p, char[] chars, BytesRef token) {
      TokenEncoding.writeBandToken(band[p], hash[p], chars);
      for (int c = 0; c < chars.length; c++) {
        token.bytes[c] = (byte) chars[c];
      }
    }
  }

  // candidates (document, sketch) held at once per segment: a band token that thousands of
  // documents share (boilerplate) is verified in rounds rather than held whole
  private static final int MAX_PAIRS = 1 << 20;

  /** Each sketch's best document so far: similarity, segment and document number. */
  private static final class Best {
    final float[] similarity;
    final int[] leaf;
    final int[] doc;

    Best(int n) {
      similarity = new float[n];
      Arrays.fill(similarity, -1);
      leaf = new int[n];
      doc = new int[n];
    }

    /** The lowest document number wins a tie, as in a search's top hits. */
    void offer(int i, float s, int leafOrd, int d) {
      if (s > similarity[i] || (s == similarity[i] && leafOrd == leaf[i] && d < doc[i])) {
        similarity[i] = s;
        leaf[i] = leafOrd;
        doc[i] = d;
      }
    }
  }

  /**
   * The stored set of a segment's current candidate, read at most once per candidate, when the
   * first sketch near the threshold needs it.
   */
  private static final class CandidateSets implements SketchVerifier.StoredSet {
    private final BinaryDocValues values;
    private final ShingleSet set = new ShingleSet();
    private int loaded = -1;
    private boolean has;
    int candidate;

    CandidateSets(BinaryDocValues values) {
      this.values = values;
    }

    @Override
    public ShingleSet read() throws IOException {
      if (loaded != candidate) {
        loaded = candidate;
        has = values != null && values.advanceExact(candidate);
        if (has) {
          BytesRef b = values.binaryValue();
          set.read(b.bytes, b.offset, b.length);
        }
      }
      return has ? set : null;
    }
  }

  /** Verifies candidates of one segment, in document order, so each sketch is read once. */
  private static void verify(
      LeafReaderContext leaf,
      NearDupFields fields,
      SketchVerifier[] verifiers,
      long[] pairs,
      int count,
      Best best)
      throws IOException {
    if (count == 0) {
      return;
    }
    BinaryDocValues stored = leaf.reader().getBinaryDocValues(fields.sketchField());
    CandidateSets sets =
        new CandidateSets(leaf.reader().getBinaryDocValues(fields.shinglesField()));
    Arrays.sort(pairs, 0, count);
    int current = -1;
    boolean has = false;
    for (int p = 0; p < count; p++) {
      if (p > 0 && pairs[p] == pairs[p - 1]) {
        continue; // the same candidate through another band
      }
      int doc = (int) (pairs[p] >>> 32);
      int i = (int) pairs[p];
      if (doc != current) {
        current = doc;
        has = stored.advanceExact(doc);
      }
      if (has) {
        BytesRef b = stored.binaryValue();
        sets.candidate = doc;
        double similarity =
            verifiers[i].similarity(leaf.docBase + doc, b.bytes, b.offset, b.length, sets);
        if (similarity >= 0) {
          best.offer(i, (float) similarity, leaf.ord, doc);
        }
      }
    }
  }

  /**
   * Finds each sketch's best near-duplicate.
   *
   * @param settings the settings of the {@code neardup} field, which the sketches were made with
   * @param minSimilarity the minimum estimated similarity, in (0, 1]
   * @param sketches the sketches; an empty one has no near-duplicate
   * @param clusterField the keyword field that holds documents' cluster ids
   * @param shard the shard's number, recorded in the matches
   * @return per sketch, in order, its best match or null
   */
  public static Match[] lookup(
      IndexReader reader,
      NearDupFields fields,
      NearDupSettings settings,
      double minSimilarity,
      List<Sketch> sketches,
      String clusterField,
      IdReader ids,
      int shard)
      throws IOException {
    return lookup(
        reader,
        fields,
        settings,
        sketches,
        verifiers(fields, settings, minSimilarity, sketches, null),
        clusterField,
        ids,
        shard,
        SegmentBandFilters.SHARED,
        MAX_PAIRS);
  }

  /**
   * The {@code neardup_lookup} aggregation on one shard: the best near-duplicate of each sketch of
   * {@code params} at the field's threshold, candidates near it decided by the texts' shingle sets
   * when {@code params} holds them.
   *
   * @param settings the settings of the {@code neardup} field
   * @throws IllegalArgumentException if a sketch or a set cannot be read
   */
  public static Match[] lookup(
      IndexReader reader,
      NearDupFields fields,
      NearDupSettings settings,
      LookupParams params,
      IdReader ids,
      int shard)
      throws IOException {
    List<Sketch> sketches = new ArrayList<>(params.sketches().size());
    for (byte[] s : params.sketches()) {
      sketches.add(SketchFormat.decode(s, settings.sketch()));
    }
    double minSimilarity = settings.minSimilarity(null, null);
    boolean exact =
        !params.sets().isEmpty() && settings.sketch().scheme().comparison().setsDecide();
    return lookup(
        reader,
        fields,
        settings,
        sketches,
        i -> {
          // the bytes received, not written again; a set is read only if a candidate needs it
          SketchVerifier v =
              new SketchVerifier(
                  fields, settings, sketches.get(i), params.sketches().get(i), minSimilarity);
          byte[] set = exact ? params.sets().get(i) : null;
          return set == null || set.length == 0 ? v : v.withShingles(set);
        },
        params.clusterField(),
        ids,
        shard,
        SegmentBandFilters.SHARED,
        MAX_PAIRS);
  }

  /** The verifier of each sketch, deciding by its set where {@code sets} has one. */
  static IntFunction<SketchVerifier> verifiers(
      NearDupFields fields,
      NearDupSettings settings,
      double minSimilarity,
      List<Sketch> sketches,
      List<ShingleSet> sets) {
    return i -> {
      SketchVerifier v = new SketchVerifier(fields, settings, sketches.get(i), minSimilarity);
      return sets == null || sets.get(i) == null ? v : v.withShingles(sets.get(i));
    };
  }

  /**
   * Finds each sketch's best near-duplicate with the segments' band filters of {@code filters},
   * verifying at most {@code maxPairs} candidates of a segment at a time.
   */
  static Match[] lookup(
      IndexReader reader,
      NearDupFields fields,
      NearDupSettings settings,
      List<Sketch> sketches,
      IntFunction<SketchVerifier> verifierOf,
      String clusterField,
      IdReader ids,
      int shard,
      SegmentBandFilters filters,
      int maxPairs)
      throws IOException {
    int n = sketches.size();
    SketchVerifier[] verifiers = new SketchVerifier[n];
    Probes probes = new Probes(n * settings.banding().bands());
    BandHasher hasher = new BandHasher(settings.banding());
    long[] bands = new long[settings.banding().bands()];
    for (int i = 0; i < n; i++) {
      Sketch sketch = sketches.get(i);
      if (sketch.isEmpty()) {
        continue;
      }
      verifiers[i] = verifierOf.apply(i);
      hasher.bandHashes(sketch, bands);
      for (int b = 0; b < bands.length; b++) {
        probes.add(b, bands[b], i);
      }
    }
    // in term order, so that each seek of a segment's terms goes forward
    probes.sort();
    char[] chars = new char[TokenEncoding.BAND_TOKEN_LENGTH];
    BytesRef token = new BytesRef(TokenEncoding.BAND_TOKEN_LENGTH);
    token.length = TokenEncoding.BAND_TOKEN_LENGTH;
    Best best = new Best(n);
    long[] pairs = new long[Math.min(64, maxPairs)];
    PostingsEnum postings = null;
    for (LeafReaderContext leaf : reader.leaves()) {
      Terms terms = leaf.reader().terms(fields.bandField());
      if (terms == null || leaf.reader().getBinaryDocValues(fields.sketchField()) == null) {
        continue;
      }
      TermsEnum termsEnum = terms.iterator();
      Bits live = leaf.reader().getLiveDocs();
      SegmentBandFilters.Filter filter = filters.get(leaf.reader(), fields.bandField(), terms);
      int count = 0;
      for (int p = 0; p < probes.size; p++) {
        if (filter != null && !filter.mightContain(probes.band[p], probes.hash[p])) {
          continue;
        }
        probes.token(p, chars, token);
        if (!termsEnum.seekExact(token)) {
          continue;
        }
        postings = termsEnum.postings(postings, PostingsEnum.NONE);
        for (int doc = postings.nextDoc();
            doc != DocIdSetIterator.NO_MORE_DOCS;
            doc = postings.nextDoc()) {
          if (live != null && !live.get(doc)) {
            continue;
          }
          if (count == pairs.length) {
            if (count >= maxPairs) {
              verify(leaf, fields, verifiers, pairs, count, best);
              count = 0;
            } else {
              pairs = Arrays.copyOf(pairs, count * 2);
            }
          }
          pairs[count++] = ((long) doc << 32) | probes.sketch[p];
        }
      }
      verify(leaf, fields, verifiers, pairs, count, best);
    }
    return matches(reader, best, clusterField, ids, shard);
  }

  /** Reads the cluster ids of the best documents, each leaf's in document order. */
  private static Match[] matches(
      IndexReader reader, Best best, String clusterField, IdReader ids, int shard)
      throws IOException {
    int n = best.similarity.length;
    float[] similarity = best.similarity;
    int[] bestLeaf = best.leaf;
    int[] bestDoc = best.doc;
    List<Integer> found = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (similarity[i] >= 0) {
        found.add(i);
      }
    }
    found.sort(
        Comparator.<Integer>comparingInt(i -> bestLeaf[i]).thenComparingInt(i -> bestDoc[i]));
    Match[] matches = new Match[n];
    SortedSetDocValues clusters = null;
    int leafOrd = -1;
    int doc = -1;
    String cluster = null;
    for (int i : found) {
      LeafReaderContext leaf = reader.leaves().get(bestLeaf[i]);
      if (bestLeaf[i] != leafOrd) {
        leafOrd = bestLeaf[i];
        clusters = DocValues.getSortedSet(leaf.reader(), clusterField);
        doc = -1;
      }
      if (bestDoc[i] != doc) {
        doc = bestDoc[i];
        cluster =
            clusters.advanceExact(doc)
                ? clusters.lookupOrd(clusters.nextOrd()).utf8ToString()
                : ids.id(leaf, doc);
      }
      matches[i] = new Match(similarity[i], cluster, shard);
    }
    return matches;
  }
}

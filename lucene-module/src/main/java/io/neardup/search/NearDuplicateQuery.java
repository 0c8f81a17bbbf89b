package io.neardup.search;

import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.lsh.BandHasher;
import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.shingle.ShingleSet;
import io.neardup.signature.SimHash;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.JaccardEstimate;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchComparison;
import io.neardup.sketch.SketchFormat;
import io.neardup.token.TokenEncoding;
import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BytesRef;

/**
 * Finds the near-duplicates of a text or of an indexed document: documents whose estimated Jaccard
 * similarity with the query sketch reaches {@code minSimilarity}, or, for a {@link
 * io.neardup.sketch.SketchScheme#SIMHASH} field, whose fingerprint is within Hamming distance d of
 * the query's with similarity 1 − d/64 ≥ {@code minSimilarity} (the field's threshold admits
 * exactly d ≤ max_hamming; see {@link SimHash#maxDistance}).
 *
 * <p>Candidates come from the postings of the query's band tokens (a document sharing at least one
 * band); each candidate is then verified in a second phase against its stored sketch, and its score
 * is the estimate (times the boost). It therefore returns exactly the documents a brute-force scan
 * of all sketches would return among those that share a band; a document with similarity s shares
 * none with probability (1 − s<sup>r</sup>)<sup>b</sup>, the price of not scanning the whole index
 * (see {@link io.neardup.lsh.Banding}).
 *
 * <p>Given the query text's shingle set (an analyser that keeps it, and {@code exact}), a candidate
 * whose estimate falls within the {@link io.neardup.sketch.ExactMargin} of {@code minSimilarity} is
 * decided by the exact Jaccard similarity of its stored set ({@link NearDupFields#shinglesField()})
 * instead, which is then its score: the query returns exactly the candidates whose exact similarity
 * reaches {@code minSimilarity}, but for an error probability of at most {@link
 * io.neardup.sketch.ExactMargin#ERROR} per candidate decided by its sketch. Documents without a
 * stored set are decided by the estimate.
 *
 * <pre>{@code
 * Query q = NearDuplicateQuery.forText(analyzer, NearDupFields.DEFAULT, text, 0.8);
 * TopDocs copies = searcher.search(q, 10); // scores are estimated Jaccard similarities
 * }</pre>
 */
public final class NearDuplicateQuery extends Query {
  private final NearDupFields fields;
  private final NearDupSettings settings;
  private final Sketch sketch;
  private final double minSimilarity;
  private final SketchVerifier verifier;
  private final long[] bandHashes;
  private final ShingleSet shingles;
  private final int hash;

  /**
   * @param fields where the band tokens and sketches are indexed
   * @param settings the settings the index was built with
   * @param sketch the sketch to find near-duplicates of; made with {@code settings.sketch()}
   * @param minSimilarity minimum estimated Jaccard similarity, in (0, 1]
   */
  public NearDuplicateQuery(
      NearDupFields fields, NearDupSettings settings, Sketch sketch, double minSimilarity) {
    this(fields, settings, sketch, null, minSimilarity);
  }

  /**
   * @param fields where the band tokens, sketches and shingle sets are indexed
   * @param settings the settings the index was built with
   * @param sketch the sketch to find near-duplicates of; made with {@code settings.sketch()}
   * @param shingles the query text's shingle set, to decide candidates near {@code minSimilarity}
   *     exactly; null to decide by the sketch alone
   * @param minSimilarity minimum Jaccard similarity, in (0, 1]
   */
  public NearDuplicateQuery(
      NearDupFields fields,
      NearDupSettings settings,
      Sketch sketch,
      ShingleSet shingles,
      double minSimilarity) {
    this.fields = Objects.requireNonNull(fields, "fields");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.sketch = Objects.requireNonNull(sketch, "sketch");
    if (!(minSimilarity > 0 && minSimilarity <= 1)) {
      throw new ParameterException(Parameter.MIN_SIMILARITY, "in (0, 1]", minSimilarity);
    }
    if (!sketch.parameters().equals(settings.sketch())) {
      throw new IllegalArgumentException(
          "Incompatible sketch: made with ["
              + sketch.parameters()
              + "], the field uses ["
              + settings.sketch()
              + "]");
    }
    this.minSimilarity = minSimilarity;
    SketchVerifier byEstimate = new SketchVerifier(fields, settings, sketch, minSimilarity);
    this.shingles = shingles;
    this.verifier = shingles == null ? byEstimate : byEstimate.withShingles(shingles);
    this.bandHashes = new long[settings.banding().bands()];
    new BandHasher(settings.banding()).bandHashes(sketch, bandHashes);
    this.hash =
        Objects.hash(
            classHash(),
            fields,
            settings,
            Double.hashCode(minSimilarity),
            sketch,
            shingles == null ? 0 : Arrays.hashCode(shingles.values()));
  }

  /** Near-duplicates of a text, analysed with the analyser the field was indexed with. */
  public static NearDuplicateQuery forText(
      Analyzer analyzer,
      NearDupSettings settings,
      NearDupFields fields,
      String text,
      double minSimilarity) {
    return forText(analyzer, settings, fields, text, minSimilarity, false);
  }

  /**
   * Near-duplicates of a text, analysed with the analyser the field was indexed with; with {@code
   * exact}, candidates near {@code minSimilarity} are decided by their stored shingle sets, for
   * which the analyser must keep the text's set (a {@link io.neardup.analysis.NearDupFilter} that
   * keeps shingles).
   *
   * @throws IllegalArgumentException with {@code exact}, if the analyser keeps no shingle set
   */
  public static NearDuplicateQuery forText(
      Analyzer analyzer,
      NearDupSettings settings,
      NearDupFields fields,
      String text,
      double minSimilarity,
      boolean exact) {
    NearDupDocument doc = new NearDupDocumentBuilder(analyzer, fields).analyze(text);
    ShingleSet set = null;
    if (exact) {
      long[] fingerprints = doc.shingles();
      if (fingerprints == null) {
        throw new IllegalArgumentException(
            "exact verification needs the text's shingle set: the analyzer keeps none");
      }
      int[] compact = new int[fingerprints.length];
      set =
          new ShingleSet()
              .setCompact(
                  compact, CompactShingleSet.compact(fingerprints, fingerprints.length, compact));
    }
    return new NearDuplicateQuery(fields, settings, doc.sketch(), set, minSimilarity);
  }

  /**
   * Near-duplicates of a text, with the default analysis chain of {@code analyzer}'s settings;
   * exact near {@code minSimilarity} when the analyzer {@linkplain
   * io.neardup.analysis.NearDupAnalyzer#keepsShingleSet keeps shingle sets}.
   */
  public static NearDuplicateQuery forText(
      io.neardup.analysis.NearDupAnalyzer analyzer,
      NearDupFields fields,
      String text,
      double minSimilarity) {
    return forText(
        analyzer, analyzer.settings(), fields, text, minSimilarity, analyzer.keepsShingleSet());
  }

  /**
   * Near-duplicates of an indexed document (which matches itself, with score 1 unless its text was
   * empty).
   *
   * @param docId the top-level document id
   * @throws IllegalArgumentException if the document has no sketch in this field
   */
  public static NearDuplicateQuery forDocument(
      IndexReader reader,
      NearDupFields fields,
      NearDupSettings settings,
      int docId,
      double minSimilarity)
      throws IOException {
    return forDocument(reader, fields, settings, docId, minSimilarity, false);
  }

  /**
   * Near-duplicates of an indexed document; with {@code exact}, candidates near {@code
   * minSimilarity} are decided by their stored shingle sets, when the document has one.
   *
   * @param docId the top-level document id
   * @throws IllegalArgumentException if the document has no sketch in this field
   */
  public static NearDuplicateQuery forDocument(
      IndexReader reader,
      NearDupFields fields,
      NearDupSettings settings,
      int docId,
      double minSimilarity,
      boolean exact)
      throws IOException {
    ShingleSet set = exact ? readShingles(reader, fields, docId) : null;
    return new NearDuplicateQuery(
        fields, settings, readSketch(reader, fields, settings, docId), set, minSimilarity);
  }

  /** The stored shingle set of a document, or null when it has none. */
  private static ShingleSet readShingles(IndexReader reader, NearDupFields fields, int docId)
      throws IOException {
    LeafReaderContext leaf = reader.leaves().get(ReaderUtil.subIndex(docId, reader.leaves()));
    BinaryDocValues values = leaf.reader().getBinaryDocValues(fields.shinglesField());
    if (values == null || !values.advanceExact(docId - leaf.docBase)) {
      return null;
    }
    BytesRef b = values.binaryValue();
    try {
      return new ShingleSet().read(b.bytes, b.offset, b.length);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "document " + docId + " in field [" + fields.shinglesField() + "]: " + e.getMessage(), e);
    }
  }

  /**
   * Reads the stored sketch of a document.
   *
   * @throws IllegalArgumentException if the document has no sketch in this field
   */
  public static Sketch readSketch(
      IndexReader reader, NearDupFields fields, NearDupSettings settings, int docId)
      throws IOException {
    LeafReaderContext leaf = reader.leaves().get(ReaderUtil.subIndex(docId, reader.leaves()));
    BinaryDocValues values = leaf.reader().getBinaryDocValues(fields.sketchField());
    if (values == null || !values.advanceExact(docId - leaf.docBase)) {
      throw new IllegalArgumentException(
          "document " + docId + " has no sketch in field [" + fields.sketchField() + "]");
    }
    BytesRef b = values.binaryValue();
    return SketchFormat.decode(b.bytes, b.offset, b.length, settings.sketch());
  }

  /** The sketch searched for. */
  public Sketch sketch() {
    return sketch;
  }

  /** The minimum estimated similarity. */
  public double minSimilarity() {
    return minSimilarity;
  }

  /** The field names. */
  public NearDupFields fields() {
    return fields;
  }

  /** The index settings. */
  public NearDupSettings settings() {
    return settings;
  }

  /** The band terms looked up, in band order. */
  public Term[] bandTerms() {
    Term[] terms = new Term[bandHashes.length];
    for (int b = 0; b < bandHashes.length; b++) {
      terms[b] = new Term(fields.bandField(), TokenEncoding.bandToken(b, bandHashes[b]));
    }
    return terms;
  }

  @Override
  public Query rewrite(IndexSearcher searcher) throws IOException {
    if (sketch.isEmpty()) {
      return new MatchNoDocsQuery("a text without shingles has no near-duplicates");
    }
    return super.rewrite(searcher);
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost)
      throws IOException {
    BooleanQuery.Builder candidates = new BooleanQuery.Builder();
    for (Term t : bandTerms()) {
      candidates.add(new TermQuery(t), BooleanClause.Occur.SHOULD);
    }
    Query candidateQuery = searcher.rewrite(new ConstantScoreQuery(candidates.build()));
    Weight candidateWeight =
        searcher.createWeight(candidateQuery, ScoreMode.COMPLETE_NO_SCORES, 1f);
    return new NearDuplicateWeight(candidateWeight, boost);
  }

  @Override
  public void visit(QueryVisitor visitor) {
    if (visitor.acceptField(fields.bandField())) {
      visitor.getSubVisitor(BooleanClause.Occur.SHOULD, this).consumeTerms(this, bandTerms());
    }
  }

  @Override
  public String toString(String field) {
    return String.format(
        Locale.ROOT,
        "NearDuplicateQuery(%s, minSimilarity=%s%s, %s, sketch=%08x)",
        fields.name(),
        minSimilarity,
        shingles == null ? "" : ", exact near it",
        settings.banding(),
        sketch.hashCode());
  }

  @Override
  public boolean equals(Object other) {
    return sameClassAs(other)
        && other instanceof NearDuplicateQuery q
        && minSimilarity == q.minSimilarity
        && fields.equals(q.fields)
        && settings.equals(q.settings)
        && sketch.equals(q.sketch)
        && (shingles == null
            ? q.shingles == null
            : q.shingles != null && shingles.sameAs(q.shingles));
  }

  @Override
  public int hashCode() {
    return hash;
  }

  private final class NearDuplicateWeight extends Weight {
    private final Weight candidates;
    private final float boost;

    NearDuplicateWeight(Weight candidates, float boost) {
      super(NearDuplicateQuery.this);
      this.candidates = candidates;
      this.boost = boost;
    }

    @Override
    public ScorerSupplier scorerSupplier(LeafReaderContext context) throws IOException {
      ScorerSupplier candidateSupplier = candidates.scorerSupplier(context);
      if (candidateSupplier == null) {
        return null;
      }
      BinaryDocValues sketches = context.reader().getBinaryDocValues(fields.sketchField());
      if (sketches == null) {
        return null;
      }
      BinaryDocValues sets =
          shingles == null ? null : context.reader().getBinaryDocValues(fields.shinglesField());
      return new ScorerSupplier() {
        @Override
        public Scorer get(long leadCost) throws IOException {
          DocIdSetIterator approximation = candidateSupplier.get(leadCost).iterator();
          return new VerifyingScorer(approximation, sketches, sets, context.docBase, boost);
        }

        @Override
        public long cost() {
          return candidateSupplier.cost();
        }
      };
    }

    @Override
    public Explanation explain(LeafReaderContext context, int doc) throws IOException {
      BinaryDocValues sketches = context.reader().getBinaryDocValues(fields.sketchField());
      if (sketches == null || !sketches.advanceExact(doc)) {
        return Explanation.noMatch("no sketch in field [" + fields.sketchField() + "]");
      }
      BytesRef b = sketches.binaryValue();
      Sketch other = SketchFormat.decode(b.bytes, b.offset, b.length, settings.sketch());
      if (settings.sketch().scheme().comparison() == SketchComparison.HAMMING) {
        return explainSimHash(other);
      }
      long[] otherBands = new long[bandHashes.length];
      int bands = 0;
      if (!other.isEmpty()) {
        new BandHasher(settings.banding()).bandHashes(other, otherBands);
        for (int i = 0; i < bandHashes.length; i++) {
          if (otherBands[i] == bandHashes[i]) {
            bands++;
          }
        }
      }
      JaccardEstimate e = Jaccard.estimate(sketch, other);
      String detail =
          String.format(
              Locale.ROOT,
              "%d of %d bands matched; estimated Jaccard %.4f [%.4f, %.4f at %.0f%%] (%d of %d values agree)",
              bands,
              bandHashes.length,
              e.estimate(),
              e.lower(),
              e.upper(),
              e.confidence() * 100,
              e.matches(),
              e.hashes());
      if (bands == 0) {
        return Explanation.noMatch("not a candidate: " + detail);
      }
      if (verifier.exact()) {
        BinaryDocValues sets = context.reader().getBinaryDocValues(fields.shinglesField());
        ShingleSet set = null;
        if (sets != null && sets.advanceExact(doc)) {
          BytesRef stored = sets.binaryValue();
          set = new ShingleSet().read(stored.bytes, stored.offset, stored.length);
        }
        ShingleSet candidate = set;
        double similarity =
            verifier.similarity(
                context.docBase + doc, b.bytes, b.offset, b.length, () -> candidate);
        String how;
        if (!verifier.margin().needsExact(e.matches())) {
          how = "the estimate is outside the margin of exact verification, so it decides";
        } else if (set == null) {
          how = "no stored shingle set, so the estimate decides";
        } else {
          how =
              String.format(
                  Locale.ROOT,
                  "exact Jaccard of the shingle sets %.4f",
                  verifier.shingles().jaccard(set));
        }
        return similarity < 0
            ? Explanation.noMatch(
                String.format(
                    Locale.ROOT, "%s; %s: < minSimilarity %s", detail, how, minSimilarity))
            : Explanation.match(
                (float) (similarity * boost),
                String.format(
                    Locale.ROOT,
                    "near-duplicate: %s; %s: >= minSimilarity %s",
                    detail,
                    how,
                    minSimilarity));
      }
      if (e.matches() < verifier.minMatches()) {
        return Explanation.noMatch(
            String.format(Locale.ROOT, "%s < minSimilarity %s", detail, minSimilarity));
      }
      return Explanation.match(
          (float) (e.estimate() * boost),
          String.format(
              Locale.ROOT, "near-duplicate: %s >= minSimilarity %s", detail, minSimilarity));
    }

    private Explanation explainSimHash(Sketch other) {
      if (other.isEmpty()) {
        return Explanation.noMatch("not a candidate: the document's text had no shingles");
      }
      long[] otherBlocks = new long[bandHashes.length];
      new BandHasher(settings.banding()).bandHashes(other, otherBlocks);
      int blocks = 0;
      for (int i = 0; i < bandHashes.length; i++) {
        blocks += otherBlocks[i] == bandHashes[i] ? 1 : 0;
      }
      int d = SimHash.distance(sketch.value(0), other.value(0));
      double similarity = SimHash.similarity(d);
      String detail =
          String.format(
              Locale.ROOT,
              "%d of %d SimHash blocks matched; Hamming distance %d of 64 bits, similarity 1 - %d/64"
                  + " = %.4f",
              blocks,
              bandHashes.length,
              d,
              d,
              similarity);
      if (blocks == 0) {
        return Explanation.noMatch("not a candidate: " + detail);
      }
      if (d > verifier.maxDistance()) {
        return Explanation.noMatch(
            String.format(
                Locale.ROOT,
                "%s: distance > %d (minSimilarity %s)",
                detail,
                verifier.maxDistance(),
                minSimilarity));
      }
      return Explanation.match(
          (float) (similarity * boost),
          String.format(
              Locale.ROOT,
              "near-duplicate: %s, distance <= %d (minSimilarity %s)",
              detail,
              verifier.maxDistance(),
              minSimilarity));
    }

    @Override
    public boolean isCacheable(LeafReaderContext ctx) {
      return DocValues.isCacheable(ctx, fields.sketchField()) && candidates.isCacheable(ctx);
    }
  }

  /**
   * Iterates candidates from the band postings and keeps those whose stored sketch is similar
   * enough.
   */
  private final class VerifyingScorer extends Scorer {
    private final TwoPhaseIterator twoPhase;
    private final DocIdSetIterator iterator;
    private final float boost;
    private float score;

    VerifyingScorer(
        DocIdSetIterator approximation,
        BinaryDocValues sketches,
        BinaryDocValues sets,
        int docBase,
        float boost) {
      this.boost = boost;
      int k = sketch.size();
      ShingleSet buffer = new ShingleSet();
      SketchVerifier.StoredSet storedSet =
          () -> {
            if (sets == null || !sets.advanceExact(approximation.docID())) {
              return null;
            }
            BytesRef b = sets.binaryValue();
            return buffer.read(b.bytes, b.offset, b.length);
          };
      this.twoPhase =
          new TwoPhaseIterator(approximation) {
            @Override
            public boolean matches() throws IOException {
              int doc = approximation.docID();
              if (!sketches.advanceExact(doc)) {
                return false;
              }
              BytesRef stored = sketches.binaryValue();
              double similarity =
                  verifier.similarity(
                      docBase + doc, stored.bytes, stored.offset, stored.length, storedSet);
              if (similarity < 0) {
                return false;
              }
              score = (float) (similarity * VerifyingScorer.this.boost);
              return true;
            }

            @Override
            public float matchCost() {
              return k;
            }
          };
      this.iterator = TwoPhaseIterator.asDocIdSetIterator(twoPhase);
    }

    @Override
    public int docID() {
      return iterator.docID();
    }

    @Override
    public DocIdSetIterator iterator() {
      return iterator;
    }

    @Override
    public TwoPhaseIterator twoPhaseIterator() {
      return twoPhase;
    }

    @Override
    public float score() {
      return score;
    }

    @Override
    public float getMaxScore(int upTo) {
      return boost;
    }
  }
}

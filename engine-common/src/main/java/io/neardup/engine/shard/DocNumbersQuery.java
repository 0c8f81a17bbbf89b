package io.neardup.engine.shard;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.Weight;

/**
 * Matches the documents of given numbers in one top-level reader: how a distributed run reads back,
 * from a point-in-time reader that keeps its document numbers, the documents it found by number
 * (their sketches for verification, their ids for a page of clusters). Document numbers mean
 * nothing in another reader, so the query is never cached. Constant score.
 *
 * <pre>{@code
 * searcher.search(new DocNumbersQuery(new int[] {3, 17, 42}), 3);
 * }</pre>
 */
public final class DocNumbersQuery extends Query {
  private final int[] docs;
  private final int hash;

  /**
   * @param docs top-level document numbers, ascending and distinct
   * @throws IllegalArgumentException if they are not
   */
  public DocNumbersQuery(int[] docs) {
    for (int i = 0; i < docs.length; i++) {
      if (docs[i] < 0 || (i > 0 && docs[i] <= docs[i - 1])) {
        throw new IllegalArgumentException(
            "docs must be ascending, distinct and >= 0, got [" + docs[i] + "] at " + i);
      }
    }
    this.docs = docs.clone();
    this.hash = classHash() * 31 + Arrays.hashCode(this.docs);
  }

  /** The name of the engines' query that carries document numbers to the shards. */
  public static final String SHARD_DOCS = "neardup_shard_docs";

  /** The error of a request body that names the internal query. */
  public static IllegalArgumentException internal() {
    return new IllegalArgumentException(
        "["
            + SHARD_DOCS
            + "] is internal to the _neardup/clusters API and cannot be used in a request body");
  }

  /**
   * The query of one shard: the documents some parts name for it (each ascending), or none.
   *
   * @param shard the shard, as the engine names it in the message of an empty query
   */
  public static Query of(List<int[]> parts, Object shard) {
    if (parts.isEmpty()) {
      return new MatchNoDocsQuery("no document of shard " + shard);
    }
    return new DocNumbersQuery(
        parts.size() == 1
            ? parts.get(0)
            : parts.stream().flatMapToInt(Arrays::stream).sorted().distinct().toArray());
  }

  /** The document numbers, ascending. */
  public int[] docs() {
    return docs.clone();
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
    return new ConstantScoreWeight(this, boost) {
      @Override
      public ScorerSupplier scorerSupplier(LeafReaderContext context) {
        int base = context.docBase;
        int maxDoc = context.reader().maxDoc();
        int from = lowerBound(base);
        int to = lowerBound(base + maxDoc);
        if (from == to) {
          return null;
        }
        return new DefaultScorerSupplier(
            new ConstantScoreScorer(score(), scoreMode, new Slice(docs, from, to, base, maxDoc)));
      }

      @Override
      public boolean isCacheable(LeafReaderContext ctx) {
        return false;
      }
    };
  }

  private int lowerBound(int doc) {
    int i = Arrays.binarySearch(docs, doc);
    return i >= 0 ? i : -i - 1;
  }

  /** The documents of one leaf, as leaf numbers. */
  private static final class Slice extends DocIdSetIterator {
    private final int[] docs;
    private final int from;
    private final int to;
    private final int base;
    private final int maxDoc;
    private int i;
    private int doc = -1;

    Slice(int[] docs, int from, int to, int base, int maxDoc) {
      this.docs = docs;
      this.from = from;
      this.to = to;
      this.base = base;
      this.maxDoc = maxDoc;
      this.i = from;
    }

    @Override
    public int docID() {
      return doc;
    }

    @Override
    public int nextDoc() {
      doc = i < to ? docs[i++] - base : NO_MORE_DOCS;
      return doc;
    }

    @Override
    public int advance(int target) throws IOException {
      int j = Arrays.binarySearch(docs, i, to, base + target);
      i = j >= 0 ? j : -j - 1;
      return nextDoc();
    }

    @Override
    public long cost() {
      return Math.min(to - from, maxDoc);
    }
  }

  @Override
  public void visit(QueryVisitor visitor) {
    visitor.visitLeaf(this);
  }

  @Override
  public String toString(String field) {
    return "DocNumbersQuery(" + docs.length + " documents)";
  }

  @Override
  public boolean equals(Object other) {
    return sameClassAs(other) && Arrays.equals(docs, ((DocNumbersQuery) other).docs);
  }

  @Override
  public int hashCode() {
    return hash;
  }
}

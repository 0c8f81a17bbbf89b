package io.neardup.collapse;

import io.neardup.collapse.core.CollapseMode;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.lucene.search.ScoreDoc;

/**
 * One hit of a {@link CollapsedHits} list: a canonical hit, with its copies in {@link
 * CollapseMode#GROUP} and {@link CollapseMode#DEMOTE} modes, or (in demote mode) a copy, with the
 * canonical it was folded into. Immutable.
 *
 * <pre>{@code
 * for (CollapsedHit hit : collapsed.page(0, 10)) {
 *   render(hit.doc(), hit.isCanonical() ? hit.copies().size() + " similar" : "similar to " + hit.canonicalDoc());
 * }
 * }</pre>
 */
public final class CollapsedHit {
  private final int doc;
  private final float score;
  private final int shardIndex;
  private final int rank;
  private final int canonicalDoc;
  private final int canonicalRank;
  private final double similarity;
  private final List<CollapsedHit> copies;

  CollapsedHit(
      ScoreDoc hit,
      int rank,
      int canonicalDoc,
      int canonicalRank,
      double similarity,
      List<CollapsedHit> copies) {
    this.doc = hit.doc;
    this.score = hit.score;
    this.shardIndex = hit.shardIndex;
    this.rank = rank;
    this.canonicalDoc = canonicalDoc;
    this.canonicalRank = canonicalRank;
    this.similarity = similarity;
    this.copies = List.copyOf(copies);
  }

  /** The top-level document id. */
  public int doc() {
    return doc;
  }

  /** The score the search gave the hit, unchanged (NaN when the search did not score). */
  public float score() {
    return score;
  }

  /** The shard index of the original {@link ScoreDoc}, unchanged. */
  public int shardIndex() {
    return shardIndex;
  }

  /** The hit's position (0-based) in the search's results, before collapsing. */
  public int rank() {
    return rank;
  }

  /** True for the canonical hit of a group (also a hit that has no near-duplicate at all). */
  public boolean isCanonical() {
    return rank == canonicalRank;
  }

  /** The document id of this hit's canonical: its own for a canonical. */
  public int canonicalDoc() {
    return canonicalDoc;
  }

  /** The {@linkplain #rank() rank} of this hit's canonical: its own for a canonical. */
  public int canonicalRank() {
    return canonicalRank;
  }

  /**
   * For a copy, its estimated Jaccard similarity with its canonical (at least the collapser's
   * minimum similarity); 1 for a canonical.
   */
  public double similarity() {
    return similarity;
  }

  /**
   * For a canonical, its copies in their original order (empty in {@link CollapseMode#REMOVE} mode,
   * where copies are dropped); empty for a copy.
   */
  public List<CollapsedHit> copies() {
    return copies;
  }

  /** The hit as a Lucene {@link ScoreDoc}, e.g. to fetch stored fields or highlight. */
  public ScoreDoc toScoreDoc() {
    return new ScoreDoc(doc, score, shardIndex);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CollapsedHit h
        && doc == h.doc
        && Float.compare(score, h.score) == 0
        && shardIndex == h.shardIndex
        && rank == h.rank
        && canonicalDoc == h.canonicalDoc
        && canonicalRank == h.canonicalRank
        && Double.compare(similarity, h.similarity) == 0
        && copies.equals(h.copies);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        doc, score, shardIndex, rank, canonicalDoc, canonicalRank, similarity, copies);
  }

  @Override
  public String toString() {
    if (isCanonical()) {
      return String.format(
          Locale.ROOT, "doc=%d score=%s rank=%d copies=%s", doc, score, rank, copies);
    }
    return String.format(
        Locale.ROOT,
        "doc=%d score=%s rank=%d copy of doc=%d (similarity %.4f)",
        doc,
        score,
        rank,
        canonicalDoc,
        similarity);
  }
}

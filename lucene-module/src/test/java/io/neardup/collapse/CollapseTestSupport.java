package io.neardup.collapse;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * Texts with known near-duplicates and queries with chosen scores, shared by the collapse tests.
 */
final class CollapseTestSupport {
  static final String ID = "id";

  private CollapseTestSupport() {}

  /** A word of letters only, so that digit normalisation can never merge two words. */
  static String word(int n) {
    StringBuilder sb = new StringBuilder("w");
    do {
      sb.append((char) ('a' + n % 26));
      n /= 26;
    } while (n > 0);
    return sb.toString();
  }

  /**
   * {@code length} random words from a vocabulary large enough that texts rarely share shingles.
   */
  static List<String> randomWords(Random random, int length) {
    List<String> words = new ArrayList<>(length);
    for (int i = 0; i < length; i++) {
      words.add(word(random.nextInt(50_000)));
    }
    return words;
  }

  /** The words with the word at each of {@code positions} replaced by a new one. */
  static List<String> edit(List<String> words, Random random, int... positions) {
    List<String> out = new ArrayList<>(words);
    for (int p : positions) {
      out.set(p, word(50_000 + random.nextInt(50_000)));
    }
    return out;
  }

  static String text(List<String> words) {
    return String.join(" ", words);
  }

  /**
   * A query matching exactly the documents whose id is a key, each scored exactly its value: the
   * tests choose the rank order, ties included.
   */
  static Query scored(Map<String, Float> scores) {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (Map.Entry<String, Float> e : scores.entrySet()) {
      b.add(
          new BoostQuery(
              new ConstantScoreQuery(new TermQuery(new Term(ID, e.getKey()))), e.getValue()),
          BooleanClause.Occur.SHOULD);
    }
    return b.build();
  }

  static String id(IndexSearcher searcher, int doc) throws IOException {
    return searcher.storedFields().document(doc).get(ID);
  }

  /** The ids of a list of hits, in order. */
  static List<String> ids(IndexSearcher searcher, List<CollapsedHit> hits) throws IOException {
    List<String> out = new ArrayList<>(hits.size());
    for (CollapsedHit h : hits) {
      out.add(id(searcher, h.doc()));
    }
    return out;
  }

  /**
   * The shape of a list: {@code canonical[copy,copy]} for a canonical and {@code copy<canonical}
   * for a copy.
   */
  static List<String> shape(IndexSearcher searcher, List<CollapsedHit> hits) throws IOException {
    List<String> out = new ArrayList<>(hits.size());
    for (CollapsedHit h : hits) {
      String id = id(searcher, h.doc());
      if (h.isCanonical()) {
        out.add(
            h.copies().isEmpty() ? id : id + ids(searcher, h.copies()).toString().replace(" ", ""));
      } else {
        out.add(id + "<" + id(searcher, h.canonicalDoc()));
      }
    }
    return out;
  }

  /**
   * The hits as ids, a copy written {@code copy<canonical(similarity)} and a canonical with its
   * copies {@code canonical[copy, copy]}: comparable across indexes with other doc ids.
   */
  static List<String> describe(IndexSearcher searcher, List<CollapsedHit> hits) throws IOException {
    List<String> out = new ArrayList<>(hits.size());
    for (CollapsedHit h : hits) {
      if (h.isCanonical()) {
        out.add(id(searcher, h.doc()) + describe(searcher, h.copies()) + "@" + h.score());
      } else {
        out.add(
            id(searcher, h.doc())
                + "<"
                + id(searcher, h.canonicalDoc())
                + "("
                + h.similarity()
                + ")@"
                + h.score());
      }
    }
    return out;
  }
}

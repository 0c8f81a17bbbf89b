package io.neardup.engine.shard;

import java.util.Arrays;
import java.util.Random;
import java.util.TreeSet;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.search.QueryUtils;
import org.apache.lucene.tests.util.LuceneTestCase;

public class TestDocNumbersQuery extends LuceneTestCase {
  public void testMatchesExactlyTheGivenNumbersAcrossSegments() throws Exception {
    try (Directory dir = newDirectory();
        RandomIndexWriter w = new RandomIndexWriter(random(), dir)) {
      int n = atLeast(300);
      for (int i = 0; i < n; i++) {
        Document d = new Document();
        d.add(new StringField("id", Integer.toString(i), Field.Store.YES));
        w.addDocument(d);
        if (random().nextInt(50) == 0) {
          w.commit(); // several segments
        }
      }
      try (IndexReader reader = w.getReader()) {
        IndexSearcher searcher = newSearcher(reader, false);
        Random r = random();
        for (int round = 0; round < 20; round++) {
          TreeSet<Integer> wanted = new TreeSet<>();
          int k = r.nextInt(Math.min(50, reader.maxDoc()) + 1);
          while (wanted.size() < k) {
            wanted.add(r.nextInt(reader.maxDoc()));
          }
          int[] docs = wanted.stream().mapToInt(Integer::intValue).toArray();
          DocNumbersQuery q = new DocNumbersQuery(docs);
          TopDocs top = searcher.search(q, reader.maxDoc());
          int[] found = Arrays.stream(top.scoreDocs).mapToInt(s -> s.doc).sorted().toArray();
          assertArrayEquals(docs, found);
          for (ScoreDoc s : top.scoreDocs) {
            assertEquals(1f, s.score, 0f);
          }
          // no QueryUtils.check: it re-runs queries on sub-readers, where numbers mean other docs
          assertEquals(
              docs.length == 0 ? 0 : Math.min(docs.length, 3),
              searcher.search(q, 3).scoreDocs.length);
        }
      }
    }
  }

  public void testEqualityAndValidation() {
    QueryUtils.checkEqual(
        new DocNumbersQuery(new int[] {1, 5}), new DocNumbersQuery(new int[] {1, 5}));
    QueryUtils.checkUnequal(
        new DocNumbersQuery(new int[] {1, 5}), new DocNumbersQuery(new int[] {1, 6}));
    IllegalArgumentException e =
        expectThrows(IllegalArgumentException.class, () -> new DocNumbersQuery(new int[] {3, 3}));
    assertEquals("docs must be ascending, distinct and >= 0, got [3] at 1", e.getMessage());
    expectThrows(IllegalArgumentException.class, () -> new DocNumbersQuery(new int[] {-1}));
  }
}

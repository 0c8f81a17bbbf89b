package io.neardup.index;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Cluster;
import io.neardup.cluster.Verification;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.settings.NearDupSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.LongField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.util.LuceneTestCase;

/** {@link StoredClusters} written by a whole-index clustering, then extended by appends. */
public class TestAppendClusters extends LuceneTestCase {
  private static final NearDupFields FIELDS = new NearDupFields("dup");
  private static final NearDupSettings SETTINGS =
      NearDupSettings.builder().threshold(0.8).shingles(true).build();
  private static final CanonicalPolicy EARLIEST = CanonicalPolicy.lowest("published");
  private static final StoredClusters.Recorded RECORDED =
      new StoredClusters.Recorded(0.8, Verification.EXACT, EARLIEST);

  private record Text(String id, long published, String text) {}

  private static IndexWriterConfig config(IndexWriterConfig.OpenMode mode) {
    // no merges: appended documents follow the indexed ones in doc id order
    return new IndexWriterConfig().setOpenMode(mode).setMergePolicy(NoMergePolicy.INSTANCE);
  }

  private static void add(IndexWriter writer, NearDupDocumentBuilder builder, List<Text> texts)
      throws IOException {
    for (Text t : texts) {
      Document doc = new Document();
      doc.add(new KeywordField("id", t.id(), Field.Store.NO));
      doc.add(new LongField("published", t.published(), Field.Store.NO));
      builder.addFields(doc, t.text());
      for (IndexableField f : StoredClusters.unassigned(FIELDS)) {
        doc.add(f);
      }
      writer.addDocument(doc);
    }
  }

  /** The recomputed clusters of a reader, canonical first, by the policy. */
  private static List<int[]> recompute(DirectoryReader reader) throws IOException {
    List<int[]> out = new ArrayList<>();
    for (Cluster c :
        new NearDupClusterer(reader, FIELDS, SETTINGS)
            .threshold(0.8)
            .verification(Verification.EXACT)
            .canonical(EARLIEST)
            .run((a, b, s) -> {})
            .clusters()) {
      int[] members = new int[c.size()];
      members[0] = c.canonical();
      for (int i = 0, j = 1; i < c.size(); i++) {
        if (c.member(i) != c.canonical()) {
          members[j++] = c.member(i);
        }
      }
      out.add(members);
    }
    return out;
  }

  /** Clusters as "canonical [sorted ids]", sorted. */
  private static Set<String> named(DirectoryReader reader, List<int[]> clusters)
      throws IOException {
    Set<String> out = new TreeSet<>();
    for (int[] members : clusters) {
      TreeSet<String> ids = new TreeSet<>();
      for (int d : members) {
        ids.add(StoredClusters.id(reader, "id", d));
      }
      out.add(StoredClusters.id(reader, "id", members[0]) + " " + ids);
    }
    return out;
  }

  private static String[] ids(DirectoryReader reader) throws IOException {
    String[] ids = new String[reader.maxDoc()];
    for (int d = 0; d < ids.length; d++) {
      ids[d] = StoredClusters.id(reader, "id", d);
    }
    return ids;
  }

  private static String words(Random random, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append('w').append(random.nextInt(5000)).append(' ');
    }
    return sb.toString();
  }

  public void testAppendTouchesOnlyTheNewDocumentsAndTheCanonicalsTheyChange() throws IOException {
    Random random = new Random(random().nextLong());
    String a = words(random, 80);
    String b = words(random, 80);
    String c = words(random, 80);
    List<Text> base = new ArrayList<>();
    base.add(new Text("a", 2000, a));
    base.add(new Text("a-copy", 2001, a + " tail"));
    base.add(new Text("b", 2000, b));
    for (int i = 0; i < 20; i++) {
      base.add(new Text("single-" + i, 2000, words(random, 60)));
    }
    try (Directory dir = newDirectory();
        NearDupAnalyzer analyzer = new NearDupAnalyzer(SETTINGS)) {
      NearDupDocumentBuilder builder = new NearDupDocumentBuilder(analyzer, FIELDS);
      try (IndexWriter writer = new IndexWriter(dir, config(IndexWriterConfig.OpenMode.CREATE))) {
        add(writer, builder, base);
        try (DirectoryReader reader = DirectoryReader.open(writer)) {
          StoredClusters.Reconcile fresh =
              StoredClusters.reconcile(reader, FIELDS, ids(reader), recompute(reader), false);
          assertEquals("a and its copy", 2, fresh.changes().size());
          assertTrue(fresh.pointers().isEmpty());
          StoredClusters.write(writer, "id", FIELDS, fresh.changes(), fresh.pointers());
        }
        StoredClusters.record(writer, RECORDED);
        writer.commit();
      }

      List<Text> more = new ArrayList<>();
      more.add(new Text("b-copy", 2005, b)); // joins b, which was alone
      more.add(new Text("a-earlier", 1999, a)); // joins a's cluster and takes the flag
      more.add(new Text("c", 2010, c)); // a new cluster with the next one
      more.add(new Text("c-copy", 2011, c + " more"));
      more.add(new Text("new-single", 2000, words(random, 60)));
      int firstNew = base.size();
      try (IndexWriter writer = new IndexWriter(dir, config(IndexWriterConfig.OpenMode.APPEND))) {
        add(writer, builder, more);
        try (DirectoryReader reader = DirectoryReader.open(writer)) {
          try (DirectoryReader committed = DirectoryReader.open(dir)) {
            assertEquals(RECORDED, StoredClusters.recorded(committed));
          }
          AppendClusters append =
              new AppendClusters(reader, FIELDS, SETTINGS, "id", RECORDED, firstNew);
          for (int d = firstNew; d < reader.maxDoc(); d++) {
            append.add(d);
          }
          assertEquals(3, append.joined());
          assertEquals(1, append.flips());
          assertEquals(0, append.bridges());
          Set<String> indexedWritten = new HashSet<>();
          Set<String> newWritten = new HashSet<>();
          for (StoredClusters.Change ch : append.changes()) {
            (ch.doc() < firstNew ? indexedWritten : newWritten).add(ch.id() + "/" + ch.canonical());
          }
          // O(new): of the indexed documents, only the one a copy joined while alone and the
          // canonical that lost its flag are written
          assertEquals(Set.of("b/true", "a/false"), indexedWritten);
          assertEquals(
              Set.of("b-copy/false", "a-earlier/true", "c/true", "c-copy/false"), newWritten);
          assertEquals(List.of(new StoredClusters.Pointer("a", "a-earlier")), append.pointers());
          StoredClusters.write(writer, "id", FIELDS, append.changes(), append.pointers());
        }
        writer.commit();
      }

      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        Set<String> stored = named(reader, StoredClusters.clusters(reader, FIELDS));
        assertEquals(
            Set.of("a-earlier [a, a-copy, a-earlier]", "b [b, b-copy]", "c [c, c-copy]"), stored);
        assertEquals(named(reader, recompute(reader)), stored);
        // nothing to repair: a reconcile writes nothing
        StoredClusters.Reconcile again =
            StoredClusters.reconcile(reader, FIELDS, ids(reader), recompute(reader), false);
        assertEquals(List.of(), again.changes());
        assertEquals(List.of(), again.pointers());
      }

      // the next append finds a's canonical through the pointer its id's document keeps
      try (IndexWriter writer = new IndexWriter(dir, config(IndexWriterConfig.OpenMode.APPEND))) {
        add(writer, builder, List.of(new Text("a-earliest", 1990, a)));
        try (DirectoryReader reader = DirectoryReader.open(writer)) {
          int firstNew2 = reader.maxDoc() - 1;
          AppendClusters append =
              new AppendClusters(reader, FIELDS, SETTINGS, "id", RECORDED, firstNew2);
          append.add(firstNew2);
          assertEquals(1, append.flips());
          List<String> written = new ArrayList<>();
          for (StoredClusters.Change ch : append.changes()) {
            written.add(ch.id() + "/" + ch.cluster() + "/" + ch.canonical());
          }
          assertEquals(List.of("a-earlier/a/false", "a-earliest/a/true"), written);
          assertEquals(List.of(new StoredClusters.Pointer("a", "a-earliest")), append.pointers());
        }
      }
    }
  }

  /** Indexes texts and stores their clusters, as a whole-index clustering names them. */
  private static void indexAndStore(
      Directory dir, NearDupDocumentBuilder builder, List<Text> texts, NearDupSettings settings)
      throws IOException {
    try (IndexWriter writer = new IndexWriter(dir, config(IndexWriterConfig.OpenMode.CREATE))) {
      add(writer, builder, texts);
      try (DirectoryReader reader = DirectoryReader.open(writer)) {
        List<int[]> clusters = new ArrayList<>();
        for (Cluster c :
            new NearDupClusterer(reader, FIELDS, settings)
                .verification(Verification.EXACT)
                .run((a, b, s) -> {})
                .clusters()) {
          clusters.add(c.members());
        }
        StoredClusters.Reconcile r =
            StoredClusters.reconcile(reader, FIELDS, ids(reader), clusters, false);
        StoredClusters.write(writer, "id", FIELDS, r.changes(), r.pointers());
      }
      writer.commit();
    }
  }

  private static List<String> assign(
      Directory dir,
      NearDupDocumentBuilder builder,
      NearDupSettings settings,
      StoredClusters.Recorded recorded,
      Text text,
      int[] bridges)
      throws IOException {
    try (IndexWriter writer = new IndexWriter(dir, config(IndexWriterConfig.OpenMode.APPEND))) {
      add(writer, builder, List.of(text));
      try (DirectoryReader reader = DirectoryReader.open(writer)) {
        int doc = reader.maxDoc() - 1;
        AppendClusters append = new AppendClusters(reader, FIELDS, settings, "id", recorded, doc);
        append.add(doc);
        bridges[0] = append.bridges();
        List<String> out = new ArrayList<>();
        for (StoredClusters.Change c : append.changes()) {
          out.add(c.id() + "/" + c.cluster() + "/" + c.canonical());
        }
        return out;
      }
    }
  }

  public void testABridgeOfStoredClustersJoinsTheMostSimilarAndMergesTheLoneDocuments()
      throws IOException {
    Random random = new Random(random().nextLong());
    String[] x = words(random, 60).split(" ");
    String[] y = words(random, 60).split(" ");
    // two parts of one text, unlike each other; the whole is like each, more like the left
    String left = String.join(" ", x) + " " + String.join(" ", Arrays.copyOfRange(y, 0, 20));
    String right = String.join(" ", Arrays.copyOfRange(x, 50, 60)) + " " + String.join(" ", y);
    String both = String.join(" ", x) + " " + String.join(" ", y);
    NearDupSettings loose = NearDupSettings.builder().threshold(0.5).shingles(true).build();
    StoredClusters.Recorded recorded =
        new StoredClusters.Recorded(0.5, Verification.EXACT, CanonicalPolicy.BEST_SCORE);
    int[] bridges = new int[1];
    try (NearDupAnalyzer analyzer = new NearDupAnalyzer(loose)) {
      NearDupDocumentBuilder builder = new NearDupDocumentBuilder(analyzer, FIELDS);
      try (Directory dir = newDirectory()) {
        indexAndStore(
            dir,
            builder,
            List.of(
                new Text("left", 1, left),
                new Text("left-copy", 1, left),
                new Text("right", 1, right),
                new Text("right-copy", 1, right)),
            loose);
        assertEquals(
            List.of("both/left/false"),
            assign(dir, builder, loose, recorded, new Text("both", 1, both), bridges));
        assertEquals(1, bridges[0]);
      }
      // the lone document on the right is not a stored cluster: it joins the left's, and as the
      // first indexed takes the flag, as a whole-index clustering would give it
      try (Directory dir = newDirectory()) {
        indexAndStore(
            dir,
            builder,
            List.of(
                new Text("right", 1, right),
                new Text("left", 1, left),
                new Text("left-copy", 1, left)),
            loose);
        assertEquals(
            List.of("right/left/true", "left/left/false", "both/left/false"),
            assign(dir, builder, loose, recorded, new Text("both", 1, both), bridges));
        assertEquals(0, bridges[0]);
      }
    }
  }

  public void testADocumentStandsForItsStoredClusterOrItself() {
    assertEquals("c1", StoredClusters.clusterOf("c1", "7"));
    assertEquals("7", StoredClusters.clusterOf(null, "7"));
  }
}

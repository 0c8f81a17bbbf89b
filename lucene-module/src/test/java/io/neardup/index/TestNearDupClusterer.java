package io.neardup.index;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Cluster;
import io.neardup.cluster.ClusterResult;
import io.neardup.cluster.ClusterStats;
import io.neardup.cluster.Verification;
import io.neardup.cluster.core.SpillDirectory;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.lsh.BandHasher;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.shingle.ShingleSetFormat;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.BiConsumer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiBits;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.util.LuceneTestCase;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

public class TestNearDupClusterer extends LuceneTestCase {
  private static final NearDupFields FIELDS = new NearDupFields("dup");
  private static final double T = 0.8;

  // ------------------------------------------------------------------ corpus

  /** A text of random words from a small vocabulary, so that unrelated texts share few shingles. */
  static String randomText(Random random, int words) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < words; i++) {
      sb.append("w").append(random.nextInt(2000)).append(' ');
    }
    return sb.toString().trim();
  }

  /** The text with {@code edits} random word substitutions, insertions or deletions. */
  static String edit(Random random, String text, int edits) {
    List<String> words = new ArrayList<>(List.of(text.split(" ")));
    for (int e = 0; e < edits && words.size() > 1; e++) {
      int at = random.nextInt(words.size());
      switch (random.nextInt(3)) {
        case 0 -> words.set(at, "e" + random.nextInt(100000));
        case 1 -> words.add(at, "i" + random.nextInt(100000));
        default -> words.remove(at);
      }
    }
    return String.join(" ", words);
  }

  /**
   * Families of near-duplicates, edited so that their similarities spread around the threshold,
   * some unrelated texts and a few texts without tokens.
   */
  static List<String> plantedFamilies(Random random, int families) {
    List<String> texts = new ArrayList<>();
    for (int f = 0; f < families; f++) {
      int length = 20 + random.nextInt(100);
      String base = randomText(random, length);
      int copies = 1 + random.nextInt(6);
      for (int c = 0; c < copies; c++) {
        texts.add(c == 0 ? base : edit(random, base, random.nextInt(1 + length / 20)));
      }
    }
    texts.add("");
    texts.add("");
    texts.add("...");
    texts.add("short");
    texts.add("short");
    return texts;
  }

  /** An index of texts; document i of the list has {@code idx = i}. */
  private static final class Fixture implements AutoCloseable {
    final Directory dir;
    final IndexReader reader;
    final NearDupSettings settings;
    final List<String> texts;
    final int[] indexOfDoc;

    Fixture(
        Random random,
        NearDupSettings settings,
        List<String> texts,
        BiConsumer<Integer, Document> extra,
        Set<Integer> deleted)
        throws IOException {
      this.settings = settings;
      this.texts = texts;
      dir = newDirectory();
      try (NearDupAnalyzer analyzer = new NearDupAnalyzer(settings)) {
        NearDupDocumentBuilder builder = new NearDupDocumentBuilder(analyzer, FIELDS);
        IndexWriterConfig config = newIndexWriterConfig(random, null);
        if (texts.size() > 1000) {
          // the randomised config may flush every few documents: fine for small indexes only
          config.setMaxBufferedDocs(500 + random.nextInt(500)).setRAMBufferSizeMB(64);
        }
        RandomIndexWriter writer = new RandomIndexWriter(random, dir, config);
        for (int i = 0; i < texts.size(); i++) {
          Document doc = new Document();
          doc.add(new KeywordField("id", Integer.toString(i), Field.Store.NO));
          doc.add(new NumericDocValuesField("idx", i));
          if (extra != null) {
            extra.accept(i, doc);
          }
          builder.addFields(doc, texts.get(i));
          writer.addDocument(doc);
          if (random.nextInt(Math.max(50, texts.size() / 4)) == 0) {
            writer.commit();
          }
        }
        for (int i : deleted) {
          writer.deleteDocuments(new Term("id", Integer.toString(i)));
        }
        reader = writer.getReader();
        writer.close();
      }
      indexOfDoc = new int[reader.maxDoc()];
      for (LeafReaderContext leaf : reader.leaves()) {
        NumericDocValues idx = DocValues.getNumeric(leaf.reader(), "idx");
        for (int d = idx.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = idx.nextDoc()) {
          indexOfDoc[leaf.docBase + d] = (int) idx.longValue();
        }
      }
    }

    Fixture(Random random, NearDupSettings settings, List<String> texts) throws IOException {
      this(random, settings, texts, null, Set.of());
    }

    NearDupClusterer clusterer() {
      return new NearDupClusterer(reader, FIELDS, settings).threads(1 + random().nextInt(2));
    }

    @Override
    public void close() throws IOException {
      reader.close();
      dir.close();
    }
  }

  /** A run's result and its reported pairs, keyed by (a, b). */
  private record Outcome(ClusterResult result, Map<Long, Double> pairs) {
    List<List<Integer>> clusters() {
      return members(result.clusters());
    }
  }

  private static Outcome run(NearDupClusterer clusterer) throws IOException {
    Map<Long, Double> pairs = new HashMap<>();
    ClusterResult result =
        clusterer.run((a, b, s) -> {
          assertTrue("pair (" + a + ", " + b + ") must be ordered", a < b);
          Double previous = pairs.put(key(a, b), s);
          assertNull("pair (" + a + ", " + b + ") reported twice", previous);
        });
    List<Cluster> clusters = result.clusters();
    for (int i = 0; i < clusters.size(); i++) {
      int[] m = clusters.get(i).members();
      assertTrue(m.length >= 2);
      if (i > 0) {
        assertTrue("clusters must be sorted by first member", clusters.get(i - 1).member(0) < m[0]);
      }
    }
    assertEquals(pairs.size(), result.stats().listedPairs());
    return new Outcome(result, pairs);
  }

  private static long key(int a, int b) {
    return ((long) a << 32) | b;
  }

  private static List<List<Integer>> members(List<Cluster> clusters) {
    List<List<Integer>> out = new ArrayList<>();
    for (Cluster c : clusters) {
      out.add(Arrays.stream(c.members()).boxed().toList());
    }
    return out;
  }

  // ------------------------------------------------------------------ brute force

  /** Every pair of live documents, compared without bands, postings or union-find. */
  private static final class BruteForce {
    final int maxDoc;
    final Sketch[] sketches;
    final long[][] bands;
    final int[][] shingles;
    final int minMatches;
    final double threshold;

    BruteForce(Fixture fx, double threshold) throws IOException {
      IndexReader reader = fx.reader;
      NearDupSettings settings = fx.settings;
      this.threshold = threshold;
      maxDoc = reader.maxDoc();
      sketches = new Sketch[maxDoc];
      bands = new long[maxDoc][];
      shingles = new int[maxDoc][];
      BandHasher hasher = new BandHasher(settings.banding());
      for (LeafReaderContext leaf : reader.leaves()) {
        Bits live = leaf.reader().getLiveDocs();
        BinaryDocValues values = DocValues.getBinary(leaf.reader(), FIELDS.sketchField());
        for (int d = values.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = values.nextDoc()) {
          if (live != null && !live.get(d)) {
            continue;
          }
          BytesRef b = values.binaryValue();
          Sketch s = SketchFormat.decode(b.bytes, b.offset, b.length, settings.sketch());
          sketches[leaf.docBase + d] = s;
          if (!s.isEmpty()) {
            long[] h = new long[settings.banding().bands()];
            hasher.bandHashes(s, h);
            bands[leaf.docBase + d] = h;
          }
        }
        if (settings.shingles()) {
          BinaryDocValues sets = leaf.reader().getBinaryDocValues(FIELDS.shinglesField());
          if (sets != null) {
            for (int d = sets.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = sets.nextDoc()) {
              BytesRef b = sets.binaryValue();
              shingles[leaf.docBase + d] =
                  ShingleSetFormat.decodeCompact(b.bytes, b.offset, b.length);
            }
          }
        }
      }
      minMatches =
          Math.max(
              1,
              Jaccard.minMatches(threshold, settings.sketch().hashes(), settings.sketch().bits()));
    }

    boolean live(int d) {
      return sketches[d] != null && !sketches[d].isEmpty();
    }

    boolean sharesBand(int a, int b) {
      if (bands[a] == null || bands[b] == null) {
        return false;
      }
      for (int i = 0; i < bands[a].length; i++) {
        if (bands[a][i] == bands[b][i]) {
          return true;
        }
      }
      return false;
    }

    /** Estimated similarity if the estimate reaches the threshold, else -1. */
    double estimateEdge(int a, int b) {
      var e = Jaccard.estimate(sketches[a], sketches[b]);
      return e.matches() >= minMatches ? e.estimate() : -1;
    }

    /** Exact similarity if it reaches the threshold, else -1. */
    double exactEdge(int a, int b) {
      double j =
          CompactShingleSet.jaccard(
              shingles[a], shingles[a].length, shingles[b], shingles[b].length);
      return j >= threshold ? j : -1;
    }

    /** All edges, by estimate or exactly; {@code bandsOnly} keeps the pairs that share a band. */
    Map<Long, Double> edges(boolean exact, boolean bandsOnly) {
      Map<Long, Double> out = new HashMap<>();
      for (int a = 0; a < maxDoc; a++) {
        if (!live(a)) {
          continue;
        }
        for (int b = a + 1; b < maxDoc; b++) {
          if (!live(b) || (bandsOnly && !sharesBand(a, b))) {
            continue;
          }
          double s = exact ? exactEdge(a, b) : estimateEdge(a, b);
          if (s >= 0) {
            out.put(key(a, b), s);
          }
        }
      }
      return out;
    }
  }

  /** Connected components of at least two documents, each ascending, ordered by first member. */
  private static List<List<Integer>> components(int maxDoc, Set<Long> edges) {
    List<List<Integer>> graph = new ArrayList<>();
    for (int i = 0; i < maxDoc; i++) {
      graph.add(new ArrayList<>());
    }
    for (long e : edges) {
      int a = (int) (e >>> 32);
      int b = (int) e;
      graph.get(a).add(b);
      graph.get(b).add(a);
    }
    boolean[] seen = new boolean[maxDoc];
    List<List<Integer>> out = new ArrayList<>();
    for (int start = 0; start < maxDoc; start++) {
      if (seen[start] || graph.get(start).isEmpty()) {
        continue;
      }
      List<Integer> component = new ArrayList<>();
      ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(start));
      seen[start] = true;
      while (!queue.isEmpty()) {
        int v = queue.poll();
        component.add(v);
        for (int w : graph.get(v)) {
          if (!seen[w]) {
            seen[w] = true;
            queue.add(w);
          }
        }
      }
      component.sort(null);
      out.add(component);
    }
    return out;
  }

  private static Map<Integer, Integer> clusterOf(List<List<Integer>> clusters) {
    Map<Integer, Integer> out = new HashMap<>();
    for (int c = 0; c < clusters.size(); c++) {
      for (int d : clusters.get(c)) {
        out.put(d, c);
      }
    }
    return out;
  }

  /**
   * Checks that every reported pair is a true edge that shares a band, that the clusters are the
   * components of the reported pairs and of all band-sharing edges, and the recall of all edges.
   */
  private static void checkAgainstBruteForce(
      Fixture fx, Outcome outcome, boolean exact, double threshold) throws IOException {
    BruteForce brute = new BruteForce(fx, threshold);
    Map<Long, Double> bandEdges = brute.edges(exact, true);
    for (Map.Entry<Long, Double> pair : outcome.pairs().entrySet()) {
      int a = (int) (pair.getKey() >>> 32);
      int b = (int) (long) pair.getKey();
      assertTrue("reported pair (" + a + ", " + b + ") shares no band", brute.sharesBand(a, b));
      Double expected = bandEdges.get(pair.getKey());
      assertNotNull(
          "reported pair (" + a + ", " + b + ") is below the threshold: " + pair.getValue(),
          expected);
      assertEquals(expected, pair.getValue(), 0.0);
    }
    List<List<Integer>> clusters = outcome.clusters();
    assertEquals(components(brute.maxDoc, outcome.pairs().keySet()), clusters);
    assertEquals(components(brute.maxDoc, bandEdges.keySet()), clusters);

    Map<Long, Double> allEdges = brute.edges(exact, false);
    Map<Integer, Integer> clusterOf = clusterOf(clusters);
    int found = 0;
    for (long e : allEdges.keySet()) {
      Integer ca = clusterOf.get((int) (e >>> 32));
      if (ca != null && ca.equals(clusterOf.get((int) e))) {
        found++;
      }
    }
    assertTrue("too few edges to measure recall: " + allEdges.size(), allEdges.size() >= 50);
    double recall = (double) found / allEdges.size();
    assertTrue(
        "recall " + recall + " of " + allEdges.size() + " edges at " + threshold, recall >= 0.97);
  }

  // ------------------------------------------------------------------ tests

  public void testAgreesWithBruteForceOnRandomIndexes() throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.builder().threshold(T).build();
    for (int round = 0; round < 2; round++) {
      try (Fixture fx = new Fixture(random, settings, plantedFamilies(random, 70))) {
        Outcome outcome = run(fx.clusterer());
        checkAgainstBruteForce(fx, outcome, false, T);
        for (Cluster c : outcome.result().clusters()) {
          assertEquals("canonical is the first indexed", c.member(0), c.canonical());
        }
        ClusterStats stats = outcome.result().stats();
        assertTrue(stats.candidatePairs() >= outcome.pairs().size());
        assertEquals(0, stats.oversizedBuckets());
        assertEquals(0, stats.identicalGroups());
      }
    }
  }

  public void testAllPairsReportsExactlyTheBandSharingEdges() throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.builder().threshold(T).build();
    try (Fixture fx = new Fixture(random, settings, plantedFamilies(random, 70))) {
      Outcome outcome = run(fx.clusterer().allPairs(true));
      BruteForce brute = new BruteForce(fx, T);
      assertEquals(brute.edges(false, true), outcome.pairs());
      checkAgainstBruteForce(fx, outcome, false, T);
      // a lower threshold than the bands were chosen for: still exactly the band-sharing edges
      Outcome lower = run(fx.clusterer().allPairs(true).threshold(0.6));
      assertEquals(new BruteForce(fx, 0.6).edges(false, true), lower.pairs());
    }
  }

  public void testExactVerificationAgreesWithExactJaccard() throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.builder().threshold(T).shingles(true).build();
    try (Fixture fx = new Fixture(random, settings, plantedFamilies(random, 70))) {
      Outcome all = run(fx.clusterer().verification(Verification.EXACT).allPairs(true));
      assertEquals(new BruteForce(fx, T).edges(true, true), all.pairs());

      Outcome outcome = run(fx.clusterer().verification(Verification.EXACT));
      checkAgainstBruteForce(fx, outcome, true, T);
      assertEquals(all.clusters(), outcome.clusters());
    }
  }

  public void testLengthRatioPrunesWithoutReadingSets() throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.builder().threshold(T).shingles(true).build();
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      // J = 96 / 126 = 0.76 = the size ratio: likely to share a band, never a near-duplicate
      String base = randomText(random, 100);
      texts.add(base);
      texts.add(base + " " + randomText(random, 30));
    }
    try (Fixture fx = new Fixture(random, settings, texts)) {
      Outcome outcome = run(fx.clusterer().verification(Verification.EXACT));
      assertEquals(List.of(), outcome.result().clusters());
      ClusterStats stats = outcome.result().stats();
      assertTrue(stats.prunedPairs() > 0);
      // every candidate was ruled out by its sizes, and a pruned pair reads no set
      assertEquals(stats.candidatePairs(), stats.prunedPairs());
    }
  }

  /**
   * An index written as the engines' {@code verify: exact} fields write it (sets of version 3, no
   * shingle tokens) is clustered exactly near the threshold: the clusters are the components of the
   * band-sharing pairs whose sets reach it, and on this corpus those of the CLI's layout (full
   * 32-bit compact sets, every candidate exact).
   */
  public void testExactVerificationOnTheEnginesLayout() throws IOException {
    Random r = new Random(7);
    NearDupSettings settings = NearDupSettings.builder().threshold(T).build();
    List<String> texts = new ArrayList<>();
    for (int f = 0; f < 40; f++) {
      int n = 60 + r.nextInt(120);
      StringBuilder base = new StringBuilder();
      for (int w = 0; w < n; w++) {
        base.append(w == 0 ? "" : " ").append("w").append(r.nextInt(100_000));
      }
      for (int c = 0; c < 4; c++) {
        String[] words = base.toString().split(" ");
        for (int e = c == 0 ? 0 : 1 + r.nextInt(1 + n / 30); e > 0; e--) {
          words[r.nextInt(words.length)] = "x" + r.nextInt(100_000);
        }
        texts.add(String.join(" ", words));
      }
    }
    List<List<Integer>> engines;
    List<List<Integer>> cli;
    try (NearDupAnalyzer analyzer = new NearDupAnalyzer(settings, true);
        Directory delta = newDirectory();
        Directory compact = newDirectory()) {
      write(
          delta,
          texts,
          new NearDupDocumentBuilder(analyzer, FIELDS, NearDupDocument.SetLayout.DELTA));
      write(
          compact,
          texts,
          new NearDupDocumentBuilder(analyzer, FIELDS, NearDupDocument.SetLayout.COMPACT));
      try (IndexReader d = DirectoryReader.open(delta);
          IndexReader c = DirectoryReader.open(compact)) {
        engines =
            run(new NearDupClusterer(d, FIELDS, settings).verification(Verification.EXACT))
                .clusters();
        cli =
            run(new NearDupClusterer(c, FIELDS, settings).verification(Verification.EXACT))
                .clusters();
        List<List<Integer>> bySketch = run(new NearDupClusterer(d, FIELDS, settings)).clusters();
        assertFalse("the sketches alone cluster otherwise", bySketch.equals(engines));
      }
    }
    assertEquals(cli, engines);
    assertFalse(engines.isEmpty());
  }

  private static void write(Directory dir, List<String> texts, NearDupDocumentBuilder builder)
      throws IOException {
    try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
      for (int i = 0; i < texts.size(); i++) {
        Document doc = new Document();
        doc.add(new KeywordField("id", Integer.toString(i), Field.Store.YES));
        builder.addFields(doc, texts.get(i));
        writer.addDocument(doc);
      }
    }
  }

  public void testExactVerificationNeedsShingleSets() throws IOException {
    try (Fixture fx =
        new Fixture(random(), NearDupSettings.DEFAULT, List.of("a b c d e f", "a b c d e f"))) {
      IllegalArgumentException e =
          expectThrows(
              IllegalArgumentException.class,
              () -> fx.clusterer().verification(Verification.EXACT).run(null));
      assertEquals(
          "verification [exact] needs the shingle sets in field [dup.shingles], but no document"
              + " has one: index with shingles=true (or keep the sets as a field with verify:"
              + " exact does)",
          e.getMessage());
      // settings that claim shingle sets the index does not have
      NearDupSettings claimed = NearDupSettings.builder().shingles(true).build();
      e =
          expectThrows(
              IllegalArgumentException.class,
              () ->
                  new NearDupClusterer(fx.reader, FIELDS, claimed)
                      .verification(Verification.EXACT)
                      .run(null));
      assertEquals(
          "verification [exact] needs the shingle sets in field [dup.shingles], but no document"
              + " has one: index with shingles=true (or keep the sets as a field with verify:"
              + " exact does)",
          e.getMessage());
    }
  }

  public void testExactDuplicatesAreJoinedFirst() throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.builder().threshold(T).exact(true).build();
    List<String> texts = new ArrayList<>();
    int groups = 5;
    for (int g = 0; g < groups; g++) {
      String base = randomText(random, 30 + random.nextInt(30));
      texts.add(base);
      texts.add(base.toUpperCase(java.util.Locale.ROOT)); // the same after normalisation
      texts.add(base.replace(" ", ", "));
    }
    for (int i = 0; i < 20; i++) {
      texts.add(randomText(random, 40));
    }
    for (int i = 0; i < 5; i++) {
      texts.add(i % 2 == 0 ? "" : "!!!"); // all share one exact token, yet are nobody's copies
    }
    try (Fixture fx = new Fixture(random, settings, texts)) {
      Outcome outcome = run(fx.clusterer());
      assertEquals(groups, outcome.result().stats().identicalGroups());
      List<List<Integer>> clusters = outcome.clusters();
      assertEquals(groups, clusters.size());
      for (List<Integer> c : clusters) {
        assertEquals(3, c.size());
        int g = fx.indexOfDoc[c.get(0)] / 3;
        for (int d : c) {
          assertEquals(g, fx.indexOfDoc[d] / 3);
        }
      }
      assertEquals(2 * groups, outcome.pairs().size());
      for (double s : outcome.pairs().values()) {
        assertEquals(1.0, s, 0.0);
      }
      // the same clusters without the exact phase
      NearDupSettings noExact = NearDupSettings.builder().threshold(T).build();
      Outcome bands = run(new NearDupClusterer(fx.reader, FIELDS, noExact));
      assertEquals(clusters, bands.clusters());
      assertEquals(0, bands.result().stats().identicalGroups());
    }
  }

  public void testOversizedBucketIsLinear() throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.builder().threshold(T).build();
    String base = randomText(random, 100);
    List<String> texts = new ArrayList<>();
    int copies = 3000;
    for (int i = 0; i < copies; i++) {
      // identical or one word changed: every pair is far above the threshold
      texts.add(random.nextInt(3) == 0 ? base : edit(random, base, 1));
    }
    for (int i = 0; i < 30; i++) {
      texts.add(randomText(random, 50));
    }
    try (Fixture fx = new Fixture(random, settings, texts)) {
      for (int threads = 1; threads <= 2; threads++) {
        long start = System.nanoTime();
        Outcome outcome = run(fx.clusterer().threads(threads));
        long millis = (System.nanoTime() - start) / 1_000_000;
        List<List<Integer>> clusters = outcome.clusters();
        assertEquals(1, clusters.size());
        assertEquals(copies, clusters.get(0).size());
        ClusterStats stats = outcome.result().stats();
        assertTrue(stats.oversizedBuckets() > 0);
        assertTrue(stats.largestBucket() > NearDupClusterer.DEFAULT_MAX_BUCKET_SIZE);
        // all pairs would be 4.5 million per band
        assertTrue(
            "candidate pairs " + stats.candidatePairs(), stats.candidatePairs() < 50L * copies);
        assertEquals(copies - 1, outcome.pairs().size());
        assertTrue("took " + millis + " ms", millis < 20_000);
      }
    }
  }

  public void testSpillingChangesNothing() throws IOException {
    Random random = random();
    for (Verification v : Verification.values()) {
      NearDupSettings settings = NearDupSettings.builder().threshold(T).shingles(true).build();
      List<String> texts = plantedFamilies(random, 40 + random.nextInt(40));
      try (Fixture fx = new Fixture(random, settings, texts, null, Set.of(0, 3));
          SpillDirectory spill = SpillDirectory.create(createTempDir("spill"))) {
        Outcome onHeap = run(fx.clusterer().verification(v).allPairs(true));
        Outcome spilled =
            run(fx.clusterer().verification(v).allPairs(true).spill(spill).memory(1 << 16));
        assertEquals(v.toString(), onHeap.pairs(), spilled.pairs());
        assertEquals(onHeap.clusters(), spilled.clusters());
        assertFalse(onHeap.clusters().isEmpty());
        assertEquals(0, onHeap.result().stats().spilledRuns());
      }
    }
  }

  public void testSmallMaxBucketSize() throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.builder().threshold(T).build();
    String base = randomText(random, 100);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      texts.add(random.nextInt(3) == 0 ? base : edit(random, base, 1));
    }
    for (int i = 0; i < 30; i++) {
      texts.add(randomText(random, 50));
    }
    try (Fixture fx = new Fixture(random, settings, texts)) {
      Outcome outcome = run(fx.clusterer().maxBucketSize(50));
      assertEquals(1, outcome.clusters().size());
      assertEquals(600, outcome.clusters().get(0).size());
      assertTrue(outcome.result().stats().oversizedBuckets() > 0);
    }
  }

  public void testCanonicalPolicies() throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.builder().threshold(T).build();
    List<String> texts = new ArrayList<>();
    for (int f = 0; f < 15; f++) {
      String base = randomText(random, 60);
      int copies = 2 + random.nextInt(5);
      for (int c = 0; c < copies; c++) {
        texts.add(c == 0 ? base : edit(random, base, random.nextInt(2)));
      }
    }
    int n = texts.size();
    long[] popularity = new long[n];
    String[] published = new String[n];
    for (int i = 0; i < n; i++) {
      popularity[i] = random.nextInt(4) == 0 ? Long.MIN_VALUE : random.nextInt(5); // ties happen
      published[i] =
          random.nextInt(4) == 0
              ? null
              : String.format(java.util.Locale.ROOT, "2024-%02d-01", 1 + random.nextInt(4));
    }
    BiConsumer<Integer, Document> extra =
        (i, doc) -> {
          if (popularity[i] != Long.MIN_VALUE) {
            doc.add(new NumericDocValuesField("popularity", popularity[i]));
          }
          if (published[i] != null) {
            doc.add(new KeywordField("published", published[i], Field.Store.NO));
          }
        };
    try (Fixture fx = new Fixture(random, settings, texts, extra, Set.of())) {
      Outcome byScore = run(fx.clusterer());
      Outcome byPopularity =
          run(fx.clusterer().canonical(CanonicalPolicy.parse("popularity:desc")));
      Outcome byDate = run(fx.clusterer().canonical(CanonicalPolicy.parse("published:asc")));
      assertTrue(byScore.result().clusters().size() >= 10);
      assertEquals(byScore.clusters(), byPopularity.clusters());
      assertEquals(byScore.clusters(), byDate.clusters());
      for (int c = 0; c < byScore.result().clusters().size(); c++) {
        int[] m = byScore.result().clusters().get(c).members();
        assertEquals(m[0], byScore.result().clusters().get(c).canonical());

        int best = m[0];
        for (int d : m) {
          long v = popularity[fx.indexOfDoc[d]];
          long bv = popularity[fx.indexOfDoc[best]];
          // a value beats no value; a higher value beats a lower; ties keep the lower doc id
          if (v != Long.MIN_VALUE && (bv == Long.MIN_VALUE || v > bv)) {
            best = d;
          }
        }
        assertEquals(best, byPopularity.result().clusters().get(c).canonical());

        best = m[0];
        for (int d : m) {
          String v = published[fx.indexOfDoc[d]];
          String bv = published[fx.indexOfDoc[best]];
          if (v != null && (bv == null || v.compareTo(bv) < 0)) {
            best = d;
          }
        }
        assertEquals(best, byDate.result().clusters().get(c).canonical());
      }
    }
  }

  public void testEmptyTextsNeverCluster() throws IOException {
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      texts.add(i % 3 == 0 ? "" : i % 3 == 1 ? "  -- ... " : "\t");
    }
    for (boolean exact : new boolean[] {false, true}) {
      NearDupSettings settings = NearDupSettings.builder().exact(exact).shingles(true).build();
      try (Fixture fx = new Fixture(random(), settings, texts)) {
        for (Verification v : Verification.values()) {
          Outcome outcome = run(fx.clusterer().verification(v).threshold(0.01));
          assertEquals(List.of(), outcome.result().clusters());
          assertEquals(Map.of(), outcome.pairs());
          assertEquals(50, outcome.result().stats().documents());
        }
      }
    }
  }

  public void testDeletedDocumentsAreIgnored() throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.builder().threshold(T).exact(true).build();
    List<String> texts = plantedFamilies(random, 40);
    // exact copies whose only partner is deleted must not cluster
    String lonely = randomText(random, 40);
    texts.add(lonely);
    texts.add(lonely);
    Set<Integer> deleted = new HashSet<>();
    deleted.add(texts.size() - 1);
    for (int i = 0; i < texts.size(); i++) {
      if (random.nextInt(5) == 0) {
        deleted.add(i);
      }
    }
    deleted.remove(texts.size() - 2);
    try (Fixture fx = new Fixture(random, settings, texts, null, deleted)) {
      Outcome outcome = run(fx.clusterer());
      Bits live = MultiBits.getLiveDocs(fx.reader);
      for (List<Integer> c : outcome.clusters()) {
        for (int d : c) {
          assertTrue("deleted document " + d + " in a cluster", live == null || live.get(d));
          assertFalse(deleted.contains(fx.indexOfDoc[d]));
        }
      }
      assertEquals(fx.reader.numDocs(), outcome.result().stats().documents());
      NearDupSettings noExact = NearDupSettings.builder().threshold(T).build();
      BruteForce brute = new BruteForce(fx, T);
      Set<Long> bandEdges = brute.edges(false, true).keySet();
      assertEquals(components(brute.maxDoc, bandEdges), outcome.clusters());
      assertEquals(
          outcome.clusters(), run(new NearDupClusterer(fx.reader, FIELDS, noExact)).clusters());
    }
  }

  public void testThreadsDoNotChangeTheResult() throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.builder().threshold(T).exact(true).build();
    List<String> texts = plantedFamilies(random, 60);
    // a few large families, so that a small bucket limit sends buckets to the oversized phase
    for (int f = 0; f < 3; f++) {
      String base = randomText(random, 80);
      for (int c = 0; c < 30; c++) {
        texts.add(edit(random, base, random.nextInt(4)));
      }
    }
    try (Fixture fx = new Fixture(random, settings, texts)) {
      for (int limit : new int[] {NearDupClusterer.DEFAULT_MAX_BUCKET_SIZE, 8}) {
        for (boolean allPairs : new boolean[] {false, true}) {
          Outcome one = run(fx.clusterer().threads(1).maxBucketSize(limit).allPairs(allPairs));
          Outcome two = run(fx.clusterer().threads(2).maxBucketSize(limit).allPairs(allPairs));
          Outcome three = run(fx.clusterer().threads(3).maxBucketSize(limit).allPairs(allPairs));
          assertEquals(one.result().clusters(), two.result().clusters());
          assertEquals(one.result().clusters(), three.result().clusters());
          if (allPairs) {
            assertEquals(one.pairs(), two.pairs());
            assertEquals(one.pairs(), three.pairs());
          }
          // whatever the limit, pairs are true edges and clusters are their components
          BruteForce brute = new BruteForce(fx, T);
          Map<Long, Double> bandEdges = brute.edges(false, true);
          for (Map.Entry<Long, Double> pair : two.pairs().entrySet()) {
            assertEquals(bandEdges.get(pair.getKey()), pair.getValue());
          }
          assertEquals(components(brute.maxDoc, two.pairs().keySet()), two.clusters());
          if (allPairs) {
            // every pair is compared, oversized buckets too
            assertEquals(bandEdges, two.pairs());
          } else if (limit == 8) {
            assertTrue(two.result().stats().oversizedBuckets() > 0);
          }
        }
      }
    }
  }

  public void testProgressIsReportedInPhaseOrder() throws IOException {
    Random random = random();
    NearDupSettings settings = NearDupSettings.builder().threshold(T).exact(true).build();
    try (Fixture fx = new Fixture(random, settings, plantedFamilies(random, 20))) {
      List<String> phases = new ArrayList<>();
      ClusterResult result =
          fx.clusterer()
              .progress((phase, done, total) -> {
                if (phases.isEmpty() || !phases.getLast().equals(phase)) {
                  phases.add(phase);
                }
                assertTrue(total == -1 || done <= total);
              })
              .run(null);
      List<String> order = List.of("load", "identical", "buckets", "oversized", "clusters");
      int last = -1;
      for (String p : phases) {
        int i = order.indexOf(p);
        assertTrue(phases.toString(), i >= last);
        last = i;
      }
      assertTrue(phases.toString(), phases.containsAll(List.of("load", "buckets", "clusters")));
      assertEquals(
          List.of("load", "identical", "buckets", "oversized", "clusters"),
          new ArrayList<>(result.stats().phaseTimes().keySet()));
    }
  }

  public void testRejectsBadArguments() throws IOException {
    try (Fixture fx = new Fixture(random(), NearDupSettings.DEFAULT, List.of("a b c"))) {
      NearDupClusterer c = fx.clusterer();
      assertEquals(
          "threshold must be in (0, 1], got [0.0]",
          expectThrows(IllegalArgumentException.class, () -> c.threshold(0)).getMessage());
      assertEquals(
          "threads must be >= 1, got 0",
          expectThrows(IllegalArgumentException.class, () -> c.threads(0)).getMessage());
      assertEquals(
          "maxBucketSize must be >= 2, got 1",
          expectThrows(IllegalArgumentException.class, () -> c.maxBucketSize(1)).getMessage());
      assertEquals(
          "representatives must be >= 1, got 0",
          expectThrows(IllegalArgumentException.class, () -> c.representatives(0)).getMessage());
      // sketches made with other settings are detected, naming the document and field
      NearDupSettings other = NearDupSettings.builder().seed(7).build();
      IllegalArgumentException e =
          expectThrows(
              IllegalArgumentException.class,
              () -> new NearDupClusterer(fx.reader, FIELDS, other).run(null));
      assertTrue(e.getMessage(), e.getMessage().contains("in field [dup.sketch]: Incompatible"));
      e =
          expectThrows(
              IllegalArgumentException.class,
              () -> new NearDupClusterer(fx.reader, new NearDupFields("body"), other).run(null));
      assertEquals(
          "no document has a sketch in field [body.sketch]: is [body] the name of the index's"
              + " neardup field?",
          e.getMessage());
    }
  }
}

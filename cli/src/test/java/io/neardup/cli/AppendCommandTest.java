package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.cli.index.OpenIndex;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.index.IndexMetadata;
import io.neardup.index.StoredClusters;
import io.neardup.settings.NearDupSettings;
import io.neardup.testkit.SampleCorpus;
import io.neardup.text.NormalizationOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code index --append} and {@code clusters} reading the clusters an index stores. */
class AppendCommandTest {
  @TempDir Path tmp;

  private static final List<SampleCorpus.Doc> DOCS = new SampleCorpus(11).generate(12, 20);

  /** The first documents of each family and of the singles, and the rest to append. */
  private static List<List<SampleCorpus.Doc>> halves() {
    List<SampleCorpus.Doc> first = new ArrayList<>();
    List<SampleCorpus.Doc> second = new ArrayList<>();
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < DOCS.size(); i++) {
      SampleCorpus.Doc d = DOCS.get(i);
      (seen.add(d.family()) || i % 3 == 0 ? first : second).add(d);
    }
    return List.of(first, second);
  }

  private Path index(List<SampleCorpus.Doc> docs, String name, String... options) throws Exception {
    Path input = tmp.resolve(name + ".jsonl");
    Cli.writeCorpus(input, docs);
    Path index = tmp.resolve(name);
    List<Object> args = new ArrayList<>(List.of("index", "--input", input, "--index", index));
    args.addAll(List.of(options));
    Cli.Result r = Cli.run(args.toArray());
    assertEquals(0, r.exit(), r.toString());
    return index;
  }

  private Cli.Result append(Path index, List<SampleCorpus.Doc> docs, String name, Object... more)
      throws Exception {
    Path input = tmp.resolve(name + ".jsonl");
    Cli.writeCorpus(input, docs);
    List<Object> args =
        new ArrayList<>(List.of("index", "--append", "--index", index, "--input", input));
    args.addAll(List.of(more));
    return Cli.run(args.toArray());
  }

  /** Every document's stored cluster id and canonical flag, by id. */
  private static Map<String, String> stored(Path index) throws Exception {
    Map<String, String> out = new HashMap<>();
    try (Directory dir = FSDirectory.open(index);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      for (int d = 0; d < reader.maxDoc(); d++) {
        out.put(
            StoredClusters.id(reader, OpenIndex.ID_FIELD, d),
            StoredClusters.cluster(reader, OpenIndex.NEARDUP_FIELDS, d)
                + "/"
                + StoredClusters.canonical(reader, OpenIndex.NEARDUP_FIELDS, d));
      }
    }
    return out;
  }

  @Test
  void storedClustersAfterAnAppendEqualARecomputationAndTouchOnlyTheNewAndTheJoined()
      throws Exception {
    List<List<SampleCorpus.Doc>> halves = halves();
    Path index = index(halves.get(0), "base");
    Map<String, String> before = stored(index);

    Cli.Result appended = append(index, halves.get(1), "more");
    assertEquals(0, appended.exit(), appended.toString());
    assertTrue(
        appended.err().contains("assigned " + halves.get(1).size() + " new documents"),
        appended.err());

    // an indexed document is rewritten only when a new one joined it while it was alone
    Map<String, String> after = stored(index);
    assertEquals(DOCS.size(), after.size());
    int rewritten = 0;
    for (Map.Entry<String, String> e : before.entrySet()) {
      String was = e.getValue();
      String now = after.get(e.getKey());
      if (!was.equals(now)) {
        rewritten++;
        assertEquals("null/null", was, e.getKey() + " was clustered, now " + now);
        assertEquals(e.getKey() + "/true", now, e.getKey());
      }
    }
    assertTrue(rewritten > 0, "some families' originals were alone in the first half");
    assertTrue(
        appended.err().contains("(" + rewritten + " of them indexed before)"), appended.err());

    Cli.Result read = Cli.run("clusters", "--index", index);
    assertEquals(0, read.exit(), read.toString());
    assertTrue(read.err().contains("stored at threshold 0.8"), read.err());
    assertFalse(read.err().contains("candidate pair"), "no clustering: " + read.err());
    Cli.Result recomputed = Cli.run("clusters", "--index", index, "--recompute");
    assertEquals(0, recomputed.exit(), recomputed.toString());
    assertTrue(recomputed.err().contains("candidate pair"), recomputed.err());
    assertEquals(recomputed.out(), read.out());

    // and both equal what an index of everything at once stores, but for the members' order
    // (input order, and the appended documents came after the indexed ones)
    Path whole = index(DOCS, "whole");
    assertEquals(normalized(read.out()), normalized(Cli.run("clusters", "--index", whole).out()));
  }

  /** Clusters as canonical and sorted members, sorted: the same partition and canonicals. */
  private static List<String> normalized(String clustersJsonl) throws Exception {
    List<String> out = new ArrayList<>();
    for (String line : clustersJsonl.split("\n")) {
      JsonNode c = new com.fasterxml.jackson.databind.ObjectMapper().readTree(line);
      List<String> members = new ArrayList<>();
      c.get("members").forEach(m -> members.add(m.asText()));
      members.sort(null);
      out.add(c.get("canonical").asText() + " " + members);
    }
    out.sort(null);
    return out;
  }

  @Test
  void theSampleCorpusIndexedInThreeAppendsStoresTheClustersOfARecomputation() throws Exception {
    List<SampleCorpus.Doc> all = SampleCorpus.committed();
    int third = all.size() / 3;
    Path index = index(all.subList(0, third), "part1");
    Cli.Result second = append(index, all.subList(third, 2 * third), "part2", "--threads", "2");
    assertEquals(0, second.exit(), second.toString());
    Cli.Result last = append(index, all.subList(2 * third, all.size()), "part3");
    assertEquals(0, last.exit(), last.toString());

    Cli.Result read = Cli.run("clusters", "--index", index);
    Cli.Result recomputed = Cli.run("clusters", "--index", index, "--recompute");
    assertEquals(0, recomputed.exit(), recomputed.toString());
    assertEquals(normalized(recomputed.out()), normalized(read.out()));
    // chains through documents that were alone merge as single linkage merges them
    Path whole = index(all, "whole");
    assertEquals(normalized(Cli.run("clusters", "--index", whole).out()), normalized(read.out()));
    assertTrue(normalized(read.out()).size() > 60, read.out());
  }

  @Test
  void appendedCopiesJoinTheirOriginalsClusters() throws Exception {
    List<SampleCorpus.Doc> base = DOCS.subList(0, 20);
    Path index = index(base, "base");
    List<SampleCorpus.Doc> copies = new ArrayList<>();
    for (SampleCorpus.Doc d : base) {
      copies.add(d.withId("copy-" + d.id()));
    }
    Cli.Result r = append(index, copies, "copies");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.err().contains(copies.size() + " joined a cluster"), r.err());

    Path clusters = tmp.resolve("clusters.jsonl");
    assertEquals(0, Cli.run("clusters", "--index", index, "--clusters", clusters).exit());
    Map<String, JsonNode> byMember = new HashMap<>();
    for (JsonNode c : Cli.clusters(clusters)) {
      for (JsonNode m : c.get("members")) {
        byMember.put(m.asText(), c);
      }
    }
    for (SampleCorpus.Doc d : base) {
      JsonNode c = byMember.get("copy-" + d.id());
      assertEquals(c, byMember.get(d.id()), d.id() + " and its copy");
      assertFalse(c.get("canonical").asText().startsWith("copy-"), "earlier in input order");
    }
  }

  @Test
  void aNewBetterCanonicalTakesTheFlag() throws Exception {
    SampleCorpus.Doc original = DOCS.get(0);
    List<SampleCorpus.Doc> base = new ArrayList<>(DOCS.subList(0, 10));
    Path index = index(base, "base", "--fields", "published", "--canonical", "published:asc");
    SampleCorpus.Doc earlier = original.withId("earliest").withPublished("1990-01-01");
    Cli.Result r = append(index, List.of(earlier), "earlier");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.err().contains("1 canonical changed"), r.err());

    Map<String, String> after = stored(index);
    String cluster = after.get("earliest").split("/")[0];
    assertEquals(cluster + "/true", after.get("earliest"));
    long flagged = after.values().stream().filter(v -> v.equals(cluster + "/true")).count();
    assertEquals(1, flagged, "one canonical per cluster: " + after);
    assertEquals(cluster + "/false", after.get(cluster), "the former canonical: " + after);

    Cli.Result read = Cli.run("clusters", "--index", index);
    assertTrue(read.out().contains("{\"canonical\": \"earliest\""), read.toString());
    assertEquals(read.out(), Cli.run("clusters", "--index", index, "--recompute").out());
    // another policy: chosen among the stored members, or recomputed and stored for later appends
    Cli.Result latest = Cli.run("clusters", "--index", index, "--canonical", "published:desc");
    assertTrue(latest.err().contains("canonical by published:desc"), latest.err());
    assertFalse(latest.out().contains("{\"canonical\": \"earliest\""), latest.out());
    Cli.Result rewrite =
        Cli.run(
            "clusters",
            "--index",
            index,
            "--recompute",
            "--write",
            "--canonical",
            "published:desc");
    assertEquals(0, rewrite.exit(), rewrite.toString());
    assertEquals(latest.out(), rewrite.out());
    Cli.Result stored = Cli.run("clusters", "--index", index);
    assertTrue(stored.err().contains("as stored (published:desc)"), stored.err());
    assertEquals(latest.out(), stored.out());
    assertEquals(
        0,
        append(index, List.of(earlier.withId("earlier-still")), "again").exit(),
        "appends now apply published:desc");
    assertEquals("false", stored(index).get("earlier-still").split("/")[1]);
  }

  @Test
  void appendChecksTheIndexAndItsSettings() throws Exception {
    Path index = index(DOCS.subList(0, 10), "base");
    List<SampleCorpus.Doc> more = DOCS.subList(10, 15);

    Cli.Result size = append(index, more, "size", "--shingle-size", "4");
    assertEquals(2, size.exit(), size.toString());
    assertTrue(size.err().contains("--shingle-size"), size.err());
    assertTrue(size.err().contains("must match the setting the index was built with (5)"));

    Cli.Result threshold = append(index, more, "threshold", "--threshold", "0.9");
    assertEquals(2, threshold.exit(), threshold.toString());
    assertTrue(threshold.err().contains("--threshold"), threshold.err());

    Cli.Result noText = append(index, more, "text", "--no-text");
    assertEquals(2, noText.exit(), noText.toString());
    assertTrue(noText.err().contains("--no-text"), noText.err());

    Cli.Result missing = append(tmp.resolve("nowhere"), more, "missing");
    assertEquals(1, missing.exit(), missing.toString());
    assertTrue(missing.err().contains("no index at"), missing.err());

    Cli.Result policy = append(index, more, "policy", "--canonical", "views:desc");
    assertEquals(2, policy.exit(), policy.toString());
    assertTrue(policy.err().contains("--canonical"), policy.err());

    // the same settings spelt out are fine; an id the index has is a bad record
    Cli.Result same = append(index, DOCS.subList(9, 12), "same", "--shingle-size", "5");
    assertEquals(1, same.exit(), same.toString());
    assertTrue(same.err().contains("is already in the index"), same.err());
    assertEquals(10, stored(index).size(), "nothing committed");

    Cli.Result skip =
        append(index, DOCS.subList(9, 12), "skip", "--shingle-size", "5", "--on-error", "skip");
    assertEquals(0, skip.exit(), skip.toString());
    assertEquals(12, stored(index).size());
  }

  @Test
  void anIndexOfAnEarlierVersionIsClusteredAnewAndNamesWhatToDo() throws Exception {
    // the layout of an index written before clusters were stored: no cluster fields at all
    Path index = tmp.resolve("old");
    NearDupSettings settings = NearDupSettings.builder().shingles(true).exact(true).build();
    try (Directory dir = FSDirectory.open(index);
        IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig());
        NearDupAnalyzer analyzer = new NearDupAnalyzer(settings)) {
      NearDupDocumentBuilder builder =
          new NearDupDocumentBuilder(analyzer, OpenIndex.NEARDUP_FIELDS);
      for (SampleCorpus.Doc d : DOCS.subList(0, 20)) {
        Document doc = new Document();
        doc.add(new KeywordField(OpenIndex.ID_FIELD, d.id(), Field.Store.YES));
        builder.addFields(doc, d.text());
        writer.addDocument(doc);
      }
      IndexMetadata.write(writer, settings, NormalizationOptions.DEFAULT, OpenIndex.NEARDUP_FIELDS);
      writer.commit();
    }
    Cli.Result read = Cli.run("clusters", "--index", index);
    assertEquals(0, read.exit(), read.toString());
    assertTrue(read.err().contains("stores no clusters"), read.err());
    assertFalse(read.out().isEmpty(), read.toString());

    Cli.Result write = Cli.run("clusters", "--index", index, "--recompute", "--write");
    assertEquals(1, write.exit(), write.toString());
    assertTrue(write.err().contains("build it again with neardup index"), write.err());

    Cli.Result refused = append(index, DOCS.subList(20, 22), "old-more");
    assertEquals(2, refused.exit(), refused.toString());
    assertTrue(refused.err().contains("--append"), refused.err());
  }

  @Test
  void indexesWithoutStoredClustersAreClusteredAndCanBeUpgraded() throws Exception {
    Path input = tmp.resolve("all.jsonl");
    Cli.writeCorpus(input, DOCS.subList(0, 20));
    Path index = tmp.resolve("dedup-index");
    Cli.Result dedup =
        Cli.run("dedup", "--input", input, "--index", index, "--clusters", tmp.resolve("c.jsonl"));
    assertEquals(0, dedup.exit(), dedup.toString());

    Cli.Result read = Cli.run("clusters", "--index", index);
    assertEquals(0, read.exit(), read.toString());
    assertTrue(read.err().contains("stores no clusters"), read.err());

    Cli.Result refused = append(index, DOCS.subList(20, 25), "more");
    assertEquals(2, refused.exit(), refused.toString());
    assertTrue(refused.err().contains("--append"), refused.err());
    assertTrue(refused.err().contains("--recompute --write"), refused.err());

    Cli.Result upgrade = Cli.run("clusters", "--index", index, "--recompute", "--write");
    assertEquals(0, upgrade.exit(), upgrade.toString());
    assertTrue(upgrade.err().contains("stored the clusters"), upgrade.err());
    assertEquals(read.out(), upgrade.out(), upgrade.toString());
    Cli.Result stored = Cli.run("clusters", "--index", index);
    assertTrue(stored.err().contains("stored at threshold"), stored.err());
    assertEquals(read.out(), stored.out());

    Cli.Result appended = append(index, DOCS.subList(20, 25), "more2");
    assertEquals(0, appended.exit(), appended.toString());

    Cli.Result writeAlone = Cli.run("clusters", "--index", index, "--write");
    assertEquals(2, writeAlone.exit(), writeAlone.toString());
    assertTrue(writeAlone.err().contains("--write"), writeAlone.err());
    assertTrue(Files.isDirectory(index));
  }
}

package io.neardup.testkit;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.cluster.Cluster;
import io.neardup.cluster.ClusterResult;
import io.neardup.cluster.ClusterStats;
import io.neardup.cluster.Verification;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.index.NearDupClusterer;
import io.neardup.settings.NearDupSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;

/**
 * The library's answer the engines' tests compare with: texts written to a Lucene index as the
 * library writes a near-duplicate field (shingle sets kept, as an engine field with {@code verify:
 * exact} keeps them), and their clusters by the library's clusterer (exact verification, the CLI's
 * {@code dedup} defaults).
 */
public final class LibraryClusters {
  private LibraryClusters() {}

  /**
   * A run's clusters.
   *
   * @param clusters each with its first member as canonical, listed by first member in input order
   * @param stats what the run did (buckets above the maximum size among it)
   */
  public record Run(List<CliClusters.Cluster> clusters, ClusterStats stats) {
    /** The clusters as sets of ids. */
    public Set<Set<String>> sets() {
      Set<Set<String>> out = new HashSet<>();
      for (CliClusters.Cluster c : clusters) {
        out.add(new HashSet<>(c.members()));
      }
      return out;
    }
  }

  /** Writes {@code docs} (id, stored as {@code id}, and text) in input order. */
  public static void index(
      Directory dir, NearDupAnalyzer analyzer, NearDupFields fields, Map<String, String> docs)
      throws IOException {
    NearDupDocumentBuilder builder =
        new NearDupDocumentBuilder(analyzer, fields, NearDupDocument.SetLayout.DELTA);
    try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
      for (Map.Entry<String, String> doc : docs.entrySet()) {
        Document d = new Document();
        d.add(new StringField("id", doc.getKey(), Field.Store.YES));
        builder.addFields(d, doc.getValue());
        writer.addDocument(d);
      }
    }
  }

  /** The library's clusters of {@code docs} (id to text, in input order) at {@code threshold}. */
  public static Run of(Map<String, String> docs, NearDupSettings settings, double threshold)
      throws IOException {
    NearDupFields fields = NearDupFields.DEFAULT;
    try (Directory dir = new ByteBuffersDirectory();
        NearDupAnalyzer analyzer = new NearDupAnalyzer(settings, true)) {
      index(dir, analyzer, fields, docs);
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        ClusterResult result =
            new NearDupClusterer(reader, fields, settings)
                .threshold(threshold)
                .verification(Verification.EXACT)
                .run(null);
        List<CliClusters.Cluster> out = new ArrayList<>();
        for (Cluster c : result.clusters()) {
          List<String> members = new ArrayList<>();
          for (int doc : c.members()) {
            members.add(reader.storedFields().document(doc).get("id"));
          }
          out.add(
              new CliClusters.Cluster(
                  reader.storedFields().document(c.canonical()).get("id"), members));
        }
        return new Run(out, result.stats());
      }
    }
  }
}

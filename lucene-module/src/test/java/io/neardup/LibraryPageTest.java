package io.neardup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.search.NearDuplicateQuery;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.SketchScheme;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.custom.CustomAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;

/**
 * The Java snippets of {@code docs/library.md} compile and run here: each lies in this file between
 * a {@code // docs/library.md: begin} and a {@code // docs/library.md: end} line, and {@link
 * #thePageShowsExactlyTheseSnippets} checks that the page's {@code ```java} blocks are these
 * regions, in order and word for word (indentation aside), so that the two cannot drift apart.
 */
class LibraryPageTest {
  private static final Path PAGE = Path.of("../docs/library.md");
  private static final Path SOURCE = Path.of("src/test/java/io/neardup/LibraryPageTest.java");

  private static final String TEXT =
      "Acme Robotics today announced the Model T4 warehouse robot, which moves up to four hundred"
          + " kilograms and charges itself between shifts. The company said the first units ship to"
          + " logistics customers in Europe next spring, at forty thousand euros each.";

  @Test
  void anyAnalysisChainBySpiName() throws IOException {
    // docs/library.md: begin
    Analyzer analyzer =
        CustomAnalyzer.builder()
            .withTokenizer("standard")
            .addTokenFilter("nearDupNormalize") // lowercase, NFKC, punctuation, digits
            .addTokenFilter("nearDup", "threshold", "0.8", "exact", "true")
            .build();
    // docs/library.md: end
    // 18 band tokens at 0.8 and the exact token
    assertEquals(19, tokens(analyzer, TEXT));
  }

  @Test
  void standaloneDocumentsAndTheQuery() throws IOException {
    Directory dir = new ByteBuffersDirectory();
    String text = TEXT;
    String otherText = TEXT.toUpperCase(java.util.Locale.ROOT).replace(",", " --");
    // docs/library.md: begin
    NearDupSettings settings = NearDupSettings.builder().threshold(0.8).exact(true).build();
    // the standard tokenizer, normalisation and nearDup
    NearDupAnalyzer analyzer = new NearDupAnalyzer(settings);
    NearDupDocumentBuilder builder = new NearDupDocumentBuilder(analyzer, NearDupFields.DEFAULT);
    try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
      Document doc = new Document();
      doc.add(new KeywordField("id", "42", Field.Store.YES));
      builder.addFields(doc, text); // band tokens, sketch doc values, exact token
      writer.addDocument(doc);
    }
    IndexSearcher searcher = new IndexSearcher(DirectoryReader.open(dir));
    Query copies = NearDuplicateQuery.forText(analyzer, NearDupFields.DEFAULT, otherText, 0.8);
    TopDocs hits = searcher.search(copies, 10); // score = estimated Jaccard similarity
    // docs/library.md: end
    assertEquals(1, hits.scoreDocs.length);
    assertEquals("42", searcher.storedFields().document(hits.scoreDocs[0].doc).get("id"));
    assertEquals(1.0f, hits.scoreDocs[0].score, 1e-6f);
    searcher.getIndexReader().close();
  }

  @Test
  void simHash() throws IOException {
    // docs/library.md: begin
    NearDupSettings s =
        NearDupSettings.builder().scheme(SketchScheme.SIMHASH).maxHamming(3).build();
    Analyzer analyzer = new NearDupAnalyzer(s); // 4 block tokens and an 8-byte sketch per text
    // docs/library.md: end
    assertEquals(4, tokens(analyzer, TEXT));
  }

  @Test
  void thePageShowsExactlyTheseSnippets() throws IOException {
    List<String> page = new ArrayList<>();
    Matcher block =
        Pattern.compile("```java\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(PAGE));
    while (block.find()) {
      page.add(block.group(1).strip());
    }
    List<String> source = new ArrayList<>();
    Matcher region =
        Pattern.compile(
                "// docs/library\\.md: begin\n(.*?)\n *// docs/library\\.md: end", Pattern.DOTALL)
            .matcher(Files.readString(SOURCE));
    while (region.find()) {
      source.add(region.group(1).replaceAll("(?m)^    ", "").strip());
    }
    assertEquals(3, source.size());
    assertEquals(source, page);
  }

  private static int tokens(Analyzer analyzer, String text) throws IOException {
    int n = 0;
    try (TokenStream ts = analyzer.tokenStream("f", text)) {
      ts.reset();
      while (ts.incrementToken()) {
        n++;
      }
      ts.end();
    }
    assertTrue(n > 0);
    return n;
  }
}

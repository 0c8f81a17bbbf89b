package io.neardup.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.engine.param.MappingFields;
import io.neardup.engine.param.NearDupField;
import io.neardup.engine.param.NearDupMappings;
import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.MainTextExtractor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Field;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

class IngestProcessorTest {
  private static final Map<String, Object> MAPPING =
      Map.of(
          "properties",
          Map.of(
              "body",
              Map.of(
                  "type",
                  "text",
                  "fields",
                  Map.of("dup", Map.of("type", "neardup", "threshold", 0.9))),
              "neardup_cluster",
              Map.of("type", "keyword"),
              "neardup_canonical",
              Map.of("type", "boolean")));

  private static final String TEXT =
      "the warehouse robot picks orders from tall shelves and carries them to packing stations";

  /** Reads a pipeline definition's properties from a map, as both engines' readers do. */
  private static IngestProcessor.Config read(Map<String, Object> config) {
    return IngestProcessor.Config.read(
        key -> {
          Object v = config.get(key);
          if (v == null) {
            throw new IllegalArgumentException("[" + key + "] required property is missing");
          }
          return v.toString();
        },
        (key, defaultValue) -> config.containsKey(key) ? config.get(key).toString() : defaultValue,
        (key, defaultValue) -> config.containsKey(key) ? (Boolean) config.get(key) : defaultValue);
  }

  private static final class Doc {
    final Map<String, Object> fields = new HashMap<>();
    final String id;

    Doc(String id, String body) {
      this.id = id;
      if (body != null) {
        fields.put("body", body);
      }
    }

    IngestProcessor.Document document() {
      return new IngestProcessor.Document(
          "articles", id, null, true, fields::get, fields::containsKey, fields::put);
    }
  }

  /** An index that holds no near-duplicate: every lookup answers none. */
  private static IngestProcessor.Target emptyIndex(List<Integer> searches) {
    return emptyIndex(searches, MAPPING, Map.of());
  }

  /**
   * @param analysis the index's analysis settings, flat keys below {@code index.analysis.}
   */
  private static IngestProcessor.Target emptyIndex(
      List<Integer> searches, Map<String, Object> mapping, Map<String, List<String>> analysis) {
    return new IngestProcessor.Target(
        "uuid-1",
        3,
        path -> MappingFields.find(mapping, path),
        key -> analysis.getOrDefault(key, List.of()),
        new IndexWrites("neardup_cluster", "neardup_canonical") {
          @Override
          public void lookup(List<SketchedText> texts, BiConsumer<List<String>, Exception> answer) {
            searches.add(texts.size());
            IngestProcessor.answer(texts.size(), null, null, answer);
          }

          @Override
          protected void sources(
              List<NearDupIngest.Replaced> documents,
              String[] fields,
              BiConsumer<List<Map<String, Object>>, Exception> answer) {
            answer.accept(Arrays.asList(new Map[documents.size()]), null);
          }

          @Override
          protected void refresh(BiConsumer<Void, Exception> answer) {
            answer.accept(null, null);
          }

          @Override
          protected void first(
              String field,
              String value,
              NearDupIngest.Replaced except,
              BiConsumer<NearDupIngest.Replaced, Exception> answer) {
            answer.accept(null, null);
          }

          @Override
          protected void update(
              NearDupIngest.Replaced document,
              Map<String, Object> partial,
              BiConsumer<Void, Exception> answer) {
            answer.accept(null, null);
          }
        });
  }

  private static IngestProcessor processor(boolean ignoreMissing) {
    return processor(ignoreMissing, new AnalysedTexts());
  }

  private static IngestProcessor processor(boolean ignoreMissing, AnalysedTexts analysedTexts) {
    return new IngestProcessor(
        read(Map.of("field", "body", "neardup_field", "body.dup", "ignore_missing", ignoreMissing)),
        new NearDupIngest(),
        analysedTexts);
  }

  private static Exception run(IngestProcessor processor, Doc doc, IngestProcessor.Target target) {
    AtomicReference<Exception> failure = new AtomicReference<>();
    AtomicReference<Boolean> called = new AtomicReference<>(false);
    processor.execute(
        doc.document(),
        name -> target,
        () -> "fresh",
        e -> {
          called.set(true);
          failure.set(e);
        });
    assertTrue(called.get(), "the processor answers");
    return failure.get();
  }

  @Test
  void configTakesTheDefaults() {
    IngestProcessor.Config config = read(Map.of("field", "body", "neardup_field", "body.dup"));
    assertEquals(
        new IngestProcessor.Config(
            "body", "body.dup", "neardup_cluster", "neardup_canonical", false, null),
        config);
  }

  @Test
  void aPagesBoilerplateFractionIsWrittenWhereAsked() {
    Map<String, Object> mapping =
        Map.of(
            "properties",
            Map.of(
                "body",
                Map.of(
                    "type",
                    "text",
                    "fields",
                    Map.of("dup", Map.of("type", "neardup", "analyzer", "html"))),
                "neardup_cluster",
                Map.of("type", "keyword"),
                "label",
                Map.of("type", "keyword")));
    Map<String, List<String>> html =
        NearDupIngestTest.htmlAnalyzer("neardup_main_text", "neardup_normalize");
    String page =
        "<html><body><nav><a href=/a>Home</a> <a href=/b>News</a> <a href=/c>Contact us</a></nav>"
            + "<main><p>"
            + TEXT
            + ".</p></main><footer>All rights reserved by the warehouse company</footer></body>"
            + "</html>";
    Doc doc = new Doc("p", page);
    assertNull(
        run(
            fractionProcessor("boilerplate_fraction"),
            doc,
            emptyIndex(new ArrayList<>(), mapping, html)));
    double fraction = (Double) doc.fields.get("boilerplate_fraction");
    assertEquals(
        new MainTextExtractor(Boilerplate.LOCAL).extract(page, null).boilerplateFraction(),
        fraction);
    assertTrue(fraction > 0 && fraction < 1, "the page has a template: " + fraction);

    assertEquals(
        "[neardup] processor [boilerplate_fraction_field]: field [body.dup] does not extract an"
            + " HTML page's main text in index [articles]: give it an analyzer with the"
            + " [neardup_main_text] char filter",
        run(
                fractionProcessor("boilerplate_fraction"),
                new Doc("q", TEXT),
                emptyIndex(new ArrayList<>()))
            .getMessage());
    assertEquals(
        "[neardup] processor [boilerplate_fraction_field]: field [label] must be mapped as a"
            + " floating-point number [float, double, half_float, scaled_float] in index [articles],"
            + " got [keyword]",
        run(
                fractionProcessor("label"),
                new Doc("r", page),
                emptyIndex(new ArrayList<>(), mapping, html))
            .getMessage());
  }

  private static IngestProcessor fractionProcessor(String field) {
    return new IngestProcessor(
        read(
            Map.of(
                "field", "body", "neardup_field", "body.dup", "boilerplate_fraction_field", field)),
        new NearDupIngest(),
        new AnalysedTexts());
  }

  @Test
  void aDocumentWithoutCopiesStartsItsCluster() {
    List<Integer> searches = new ArrayList<>();
    IngestProcessor processor = processor(false);
    Doc first = new Doc("a", TEXT);
    assertNull(run(processor, first, emptyIndex(searches)));
    assertEquals("a", first.fields.get("neardup_cluster"));
    assertEquals(true, first.fields.get("neardup_canonical"));
    // the second copy is found among the node's recent sketches, without a search
    Doc copy = new Doc(null, TEXT);
    assertNull(run(processor, copy, emptyIndex(searches)));
    assertEquals("a", copy.fields.get("neardup_cluster"));
    assertEquals(false, copy.fields.get("neardup_canonical"));
    assertEquals(List.of(1), searches);
  }

  @Test
  void theFieldOfTheSameIndexTakesTheAnalysisInsteadOfMakingItAgain() throws IOException {
    AnalysedTexts analysedTexts = new AnalysedTexts();
    IngestProcessor processor = processor(false, analysedTexts);
    assertNull(run(processor, new Doc("a", TEXT), emptyIndex(new ArrayList<>())));
    assertEquals(1, analysedTexts.size());
    NearDupMappings.FieldParameters parameters =
        NearDupMappings.parameters("dup", Map.of("threshold", 0.9));
    NearDupField field =
        new NearDupField(
            "body.dup",
            parameters.settings(),
            parameters.verification(),
            NearDupField.chain(
                new NormalizedTextAnalyzer(), parameters.settings(), parameters.verification()));
    // another index, another field, another text: analysed by the field itself
    assertEquals(
        fieldsOf(field.documentBuilder().fields(TEXT)),
        fieldsOf(analysedTexts.fields("uuid-2", field, TEXT)));
    assertEquals(0, analysedTexts.handedOver());
    NearDupField other =
        new NearDupField(
            "title.dup",
            parameters.settings(),
            parameters.verification(),
            NearDupField.chain(
                new NormalizedTextAnalyzer(), parameters.settings(), parameters.verification()));
    analysedTexts.fields("uuid-1", other, TEXT);
    analysedTexts.fields("uuid-1", field, TEXT + " again");
    assertEquals(0, analysedTexts.handedOver());
    assertEquals(
        fieldsOf(field.documentBuilder().fields(TEXT)),
        fieldsOf(analysedTexts.fields("uuid-1", field, new String(TEXT.toCharArray()))));
    assertEquals(1, analysedTexts.handedOver());
    assertEquals(0, analysedTexts.size(), "taken once");
    assertEquals(0, analysedTexts.bytes());
  }

  /** Fields by name and value, as the index would hold them. */
  private static List<String> fieldsOf(List<IndexableField> fields) throws IOException {
    List<String> out = new ArrayList<>();
    for (IndexableField f : fields) {
      BytesRef binary = f.binaryValue();
      String value;
      if (binary != null) {
        value = binary.toString();
      } else if (f instanceof Field indexed && indexed.tokenStreamValue() != null) {
        List<String> tokens = new ArrayList<>();
        try (TokenStream ts = indexed.tokenStreamValue()) {
          CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
          ts.reset();
          while (ts.incrementToken()) {
            tokens.add(term.toString());
          }
          ts.end();
        }
        value = tokens.toString();
      } else {
        value = f.stringValue();
      }
      out.add(
          f.name()
              + '='
              + value
              + '/'
              + f.fieldType().indexOptions()
              + '/'
              + f.fieldType().docValuesType());
    }
    return out;
  }

  @Test
  void missingTextAndMissingIndexFailOrPassAsConfigured() {
    IngestProcessor strict = processor(false);
    Doc without = new Doc("a", null);
    Exception e = run(strict, without, emptyIndex(new ArrayList<>()));
    assertEquals(
        "[neardup] processor [field]: field [body] is missing in the document; set"
            + " [ignore_missing] to true to let such documents pass without a cluster",
        e.getMessage());
    e = run(strict, without, null);
    assertEquals(NearDupIngest.missingIndex("articles", "body.dup").getMessage(), e.getMessage());
    IngestProcessor lenient = processor(true);
    assertNull(run(lenient, without, emptyIndex(new ArrayList<>())));
    assertNull(without.fields.get("neardup_cluster"), "passes without a cluster");
  }

  @Test
  void aShardFailureFailsTheLookup() {
    IllegalStateException cause = new IllegalStateException("shard gone");
    assertSame(cause, IngestProcessor.shardFailure(cause, "ignored"));
    Exception wrapped = IngestProcessor.shardFailure(new Error("oom"), "reason");
    assertEquals("reason", wrapped.getMessage());
    AtomicReference<Object> answered = new AtomicReference<>();
    IngestProcessor.answer(2, null, null, (ids, f) -> answered.set(ids));
    assertEquals(Arrays.asList(null, null), answered.get());
    IngestProcessor.answer(2, cause, null, (ids, f) -> answered.set(f));
    assertSame(cause, answered.get());
  }
}

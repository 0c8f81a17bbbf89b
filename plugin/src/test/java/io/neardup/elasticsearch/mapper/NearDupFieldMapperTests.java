package io.neardup.elasticsearch.mapper;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.instanceOf;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupChainAnalyzer;
import io.neardup.analysis.NearDupFilter;
import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.cluster.Verification;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.elasticsearch.NearDupPlugin;
import io.neardup.elasticsearch.mapper.NearDupFieldMapper.NearDupFieldType;
import io.neardup.search.NearDuplicateQuery;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.shingle.ShingleSetFormat;
import io.neardup.sketch.SketchFormat;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.core.WhitespaceAnalyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Field;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.BytesRef;
import org.elasticsearch.index.IndexSettings;
import org.elasticsearch.index.analysis.AnalyzerScope;
import org.elasticsearch.index.analysis.IndexAnalyzers;
import org.elasticsearch.index.analysis.NamedAnalyzer;
import org.elasticsearch.index.mapper.DocumentMapper;
import org.elasticsearch.index.mapper.DocumentParsingException;
import org.elasticsearch.index.mapper.LuceneDocument;
import org.elasticsearch.index.mapper.MappedFieldType;
import org.elasticsearch.index.mapper.MapperParsingException;
import org.elasticsearch.index.mapper.MapperService;
import org.elasticsearch.index.mapper.MapperTestCase;
import org.elasticsearch.index.mapper.ParsedDocument;
import org.elasticsearch.index.mapper.TextSearchInfo;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.xcontent.XContentBuilder;
import org.junit.AssumptionViolatedException;

/** The {@code neardup} field type, through Elasticsearch's mapper test suite. */
public class NearDupFieldMapperTests extends MapperTestCase {

  private static final String TEXT =
      "The quick brown fox jumps over the lazy dog while the farmer watches from the porch.";

  @Override
  protected Collection<? extends Plugin> getPlugins() {
    return List.of(new NearDupPlugin());
  }

  @Override
  protected IndexAnalyzers createIndexAnalyzers(IndexSettings indexSettings) {
    return IndexAnalyzers.of(
        Map.of(
            "default",
            new NamedAnalyzer("default", AnalyzerScope.INDEX, new StandardAnalyzer()),
            NormalizedTextAnalyzer.NAME,
            new NamedAnalyzer(
                NormalizedTextAnalyzer.NAME, AnalyzerScope.GLOBAL, new NormalizedTextAnalyzer()),
            "whitespace",
            new NamedAnalyzer("whitespace", AnalyzerScope.INDEX, new WhitespaceAnalyzer())));
  }

  @Override
  protected void minimalMapping(XContentBuilder b) throws IOException {
    b.field("type", "neardup");
  }

  @Override
  protected Object getSampleValueForDocument() {
    return TEXT;
  }

  @Override
  protected boolean supportsIgnoreMalformed() {
    return false;
  }

  @Override
  protected boolean supportsDocValuesSkippers() {
    return false;
  }

  @Override
  protected void assertSearchable(MappedFieldType fieldType) {
    // searchable through the neardup query only: the band tokens are not text to match
    assertTrue(fieldType.isSearchable());
    assertSame(TextSearchInfo.NONE, fieldType.getTextSearchInfo());
  }

  @Override
  protected boolean supportsStoredFields() {
    return false;
  }

  @Override
  protected void registerParameters(ParameterChecker checker) throws IOException {
    checker.registerConflictCheck("analyzer", b -> b.field("analyzer", "whitespace"));
    checker.registerConflictCheck("shingle_unit", b -> b.field("shingle_unit", "char"));
    checker.registerConflictCheck("shingle_size", b -> b.field("shingle_size", 3));
    checker.registerConflictCheck("hashes", b -> b.field("hashes", 64));
    checker.registerConflictCheck("bits", b -> b.field("bits", 16));
    checker.registerConflictCheck("scheme", b -> b.field("scheme", "minhash"));
    checker.registerConflictCheck("seed", b -> b.field("seed", 42));
    checker.registerConflictCheck("bands", b -> b.field("bands", 16));
    checker.registerConflictCheck("rows", b -> b.field("rows", 4));
    checker.registerConflictCheck("threshold", b -> b.field("threshold", 0.5));
    checker.registerConflictCheck("exact", b -> b.field("exact", true));
    checker.registerConflictCheck("verify", b -> b.field("verify", "sketch"));
    checker.registerConflictCheck(
        "max_hamming",
        fieldMapping(b -> b.field("type", "neardup").field("scheme", "simhash")),
        fieldMapping(
            b -> b.field("type", "neardup").field("scheme", "simhash").field("max_hamming", 5)));
  }

  @Override
  protected Object generateRandomInputValue(MappedFieldType ft) {
    return randomAlphaOfLengthBetween(1, 10) + " " + randomAlphaOfLengthBetween(1, 10);
  }

  @Override
  protected void assertFetchMany(
      MapperService mapperService, String field, Object value, String format, int count) {
    throw new AssumptionViolatedException("a neardup field holds one text per document");
  }

  @Override
  protected void assertFetch(MapperService mapperService, String field, Object value, String format)
      throws IOException {
    // no doc values to compare with: the field fetches its text from _source
    MappedFieldType ft = mapperService.fieldType(field);
    assertThat(
        ft.valueFetcher(createSearchExecutionContext(mapperService), format),
        instanceOf(org.elasticsearch.index.mapper.SourceValueFetcher.class));
  }

  @Override
  protected void assertExistsQuery(MappedFieldType fieldType, Query query, LuceneDocument fields) {
    assertThat(query, equalTo(new FieldExistsQuery("field.sketch")));
    assertNotNull(fields.getField("field.sketch"));
    assertNoFieldNamesField(fields);
  }

  @Override
  protected SyntheticSourceSupport syntheticSourceSupport(boolean ignoreMalformed) {
    throw new AssumptionViolatedException("a neardup field keeps no copy of its text");
  }

  @Override
  protected IngestScriptSupport ingestScriptSupport() {
    throw new AssumptionViolatedException("a neardup field has no script support");
  }

  @Override
  protected List<SortShortcutSupport> getSortShortcutSupport() {
    return List.of();
  }

  private static List<String> terms(IndexableField field) throws IOException {
    List<String> terms = new ArrayList<>();
    try (TokenStream ts = ((Field) field).tokenStreamValue()) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        terms.add(term.toString());
      }
      ts.end();
    }
    return terms;
  }

  private static NearDupDocument library(NearDupSettings settings, String field, String text) {
    return new NearDupDocumentBuilder(new NearDupAnalyzer(settings), new NearDupFields(field))
        .analyze(text);
  }

  public void testDefaultFieldsEqualTheLibrarys() throws IOException {
    DocumentMapper mapper = createDocumentMapper(fieldMapping(this::minimalMapping));
    LuceneDocument doc = mapper.parse(source(b -> b.field("field", TEXT))).rootDoc();
    NearDupDocument expected = library(NearDupSettings.DEFAULT, "field", TEXT);

    assertThat(terms(doc.getField("field")), equalTo(expected.bandTokens()));
    assertThat(expected.bandTokens().size(), equalTo(18));
    assertThat(
        doc.getField("field.sketch").binaryValue(),
        equalTo(new BytesRef(SketchFormat.encode(expected.sketch()))));
    assertNull(doc.getField("field.exact"));
    // verify: exact by default: the set, under two bytes per shingle, and no term per shingle
    long[] fingerprints = libraryShingles(NearDupSettings.DEFAULT, TEXT);
    int[] compact = new int[fingerprints.length];
    int size = CompactShingleSet.compact(fingerprints, fingerprints.length, compact);
    assertThat(
        doc.getField("field.shingles").binaryValue(),
        equalTo(new BytesRef(ShingleSetFormat.encodeDelta(compact, size))));
  }

  /** The text's shingle fingerprints as the library's chain keeps them. */
  private static long[] libraryShingles(NearDupSettings settings, String text) {
    try (NearDupChainAnalyzer chain =
        new NearDupChainAnalyzer(new NormalizedTextAnalyzer(), settings, true)) {
      return new NearDupDocumentBuilder(chain, new NearDupFields("field")).analyze(text).shingles();
    }
  }

  public void testVerifySketchStoresNoSetAndSimHashTakesNoExact() throws IOException {
    DocumentMapper sketchOnly =
        createDocumentMapper(
            fieldMapping(b -> b.field("type", "neardup").field("verify", "sketch")));
    LuceneDocument doc = sketchOnly.parse(source(b -> b.field("field", TEXT))).rootDoc();
    assertNotNull(doc.getField("field.sketch"));
    assertNull(doc.getField("field.shingles"));
    MapperService simhash =
        createMapperService(
            fieldMapping(b -> b.field("type", "neardup").field("scheme", "simhash")));
    assertThat(
        ((NearDupFieldType) simhash.fieldType("field")).nearDup().verification(),
        equalTo(Verification.SKETCH));
    assertNull(
        simhash
            .documentMapper()
            .parse(source(b -> b.field("field", TEXT)))
            .rootDoc()
            .getField("field.shingles"));
    assertInvalid(
        b -> b.field("verify", "always"), "[verify] must be one of [sketch, exact], got [always]");
    assertInvalid(
        b -> b.field("scheme", "simhash").field("verify", "exact"),
        "[verify] must be [sketch] with [scheme] [simhash], whose fingerprints are not compared by"
            + " Jaccard similarity, got [exact]");
  }

  public void testParametersReachTheFilter() throws IOException {
    DocumentMapper mapper =
        createDocumentMapper(
            fieldMapping(b ->
                b.field("type", "neardup")
                    .field("shingle_size", 3)
                    .field("hashes", 64)
                    .field("threshold", 0.6)
                    .field("seed", 7)
                    .field("exact", true)));
    LuceneDocument doc = mapper.parse(source(b -> b.field("field", TEXT))).rootDoc();
    NearDupSettings settings =
        NearDupSettings.builder()
            .shingleSize(3)
            .hashes(64)
            .threshold(0.6)
            .seed(7)
            .exact(true)
            .build();
    NearDupDocument expected = library(settings, "field", TEXT);

    assertThat(terms(doc.getField("field")), equalTo(expected.bandTokens()));
    assertThat(
        doc.getField("field.sketch").binaryValue(),
        equalTo(new BytesRef(SketchFormat.encode(expected.sketch()))));
    assertThat(
        doc.getField("field.exact").binaryValue().utf8ToString(), equalTo(expected.exactToken()));

    MapperService service =
        createMapperService(fieldMapping(b -> b.field("type", "neardup").field("bands", 16)));
    NearDupFieldType type = (NearDupFieldType) service.fieldType("field");
    assertThat(type.nearDup().settings(), equalTo(NearDupSettings.builder().bands(16).build()));
    assertThat(type.nearDup().settings().banding().rows(), equalTo(8));
  }

  public void testSimHashFieldEqualsTheLibrarys() throws IOException {
    MapperService service =
        createMapperService(
            fieldMapping(b ->
                b.field("type", "neardup").field("scheme", "simhash").field("max_hamming", 5)));
    NearDupSettings settings =
        NearDupSettings.builder()
            .scheme(io.neardup.sketch.SketchScheme.SIMHASH)
            .maxHamming(5)
            .build();
    assertThat(
        ((NearDupFieldType) service.fieldType("field")).nearDup().settings(), equalTo(settings));
    LuceneDocument doc =
        service.documentMapper().parse(source(b -> b.field("field", TEXT))).rootDoc();
    NearDupDocument expected = library(settings, "field", TEXT);
    assertThat(terms(doc.getField("field")), equalTo(expected.bandTokens()));
    assertThat(expected.bandTokens().size(), equalTo(6));
    assertThat(
        doc.getField("field.sketch").binaryValue(),
        equalTo(new BytesRef(SketchFormat.encode(expected.sketch()))));
  }

  public void testCustomAnalyzerIsFollowedByTheFilter() throws IOException {
    DocumentMapper mapper =
        createDocumentMapper(
            fieldMapping(b -> b.field("type", "neardup").field("analyzer", "whitespace")));
    LuceneDocument doc = mapper.parse(source(b -> b.field("field", TEXT))).rootDoc();
    // whitespace keeps "dog," and capitals: a different shingle set from the default chain
    NearDupDocument standard = library(NearDupSettings.DEFAULT, "field", TEXT);
    assertNotEquals(standard.bandTokens(), terms(doc.getField("field")));

    NearDupFieldType type =
        (NearDupFieldType)
            createMapperService(
                    fieldMapping(b -> b.field("type", "neardup").field("analyzer", "whitespace")))
                .fieldType("field");
    assertThat(type.analyzer().name(), equalTo("whitespace"));
    NearDupDocument viaChain =
        new NearDupDocumentBuilder(type.analyzer(), new NearDupFields("field")).analyze(TEXT);
    assertThat(terms(doc.getField("field")), equalTo(viaChain.bandTokens()));
    try (TokenStream ts = type.analyzer().tokenStream("field", TEXT)) {
      ts.reset();
      assertTrue(ts.incrementToken());
      assertThat(
          ts.getAttribute(org.apache.lucene.analysis.tokenattributes.TypeAttribute.class).type(),
          equalTo(NearDupFilter.TYPE_BAND));
      while (ts.incrementToken()) {}
      ts.end();
    }
  }

  public void testMultiField() throws IOException {
    DocumentMapper mapper =
        createDocumentMapper(
            mapping(b ->
                b.startObject("body")
                    .field("type", "text")
                    .startObject("fields")
                    .startObject("dup")
                    .field("type", "neardup")
                    .endObject()
                    .endObject()
                    .endObject()));
    ParsedDocument parsed = mapper.parse(source(b -> b.field("body", TEXT)));
    LuceneDocument doc = parsed.rootDoc();
    NearDupDocument expected = library(NearDupSettings.DEFAULT, "body.dup", TEXT);
    assertThat(terms(doc.getField("body.dup")), equalTo(expected.bandTokens()));
    assertNotNull(doc.getField("body.dup.sketch"));
  }

  public void testTextWithoutTokensHasNoBands() throws IOException {
    DocumentMapper mapper = createDocumentMapper(fieldMapping(this::minimalMapping));
    LuceneDocument doc = mapper.parse(source(b -> b.field("field", " ... --- "))).rootDoc();
    assertThat(terms(doc.getField("field")), equalTo(List.of()));
    assertNotNull(doc.getField("field.sketch"));
  }

  public void testSeveralTextsAreRejected() throws IOException {
    DocumentMapper mapper = createDocumentMapper(fieldMapping(this::minimalMapping));
    DocumentParsingException e =
        expectThrows(
            DocumentParsingException.class,
            () -> mapper.parse(source(b -> b.array("field", "one text", "another text"))));
    assertThat(
        e.getCause().getMessage(),
        containsString("field [field] of type [neardup] takes one text per document, got several"));
  }

  public void testInvalidParametersNameTheParameterAndTheRule() {
    assertInvalid(
        b -> b.field("hashes", 0), "[hashes] must be an integer between 1 and 1024, got [0]");
    assertInvalid(b -> b.field("hashes", "many"), "[hashes] must be an integer, got [many]");
    assertInvalid(
        b -> b.field("hashes", 16).field("bands", 20),
        "[bands] must be at most hashes (16), got [20]");
    assertInvalid(
        b -> b.field("threshold", 1.5), "[threshold] must be a number in (0.0, 1.0], got [1.5]");
    assertInvalid(
        b -> b.field("shingle_unit", "sentence"),
        "[shingle_unit] must be one of [word, char], got [sentence]");
    assertInvalid(b -> b.field("exact", "yes"), "[exact] must be one of [true, false], got [yes]");
    assertInvalid(
        b -> b.field("analyzer", "missing"), "analyzer [missing] has not been configured");
    assertInvalid(b -> b.field("shingles", true), "unknown parameter [shingles]");
    assertInvalid(
        b -> b.field("scheme", "simhash").field("max_hamming", 33),
        "[max_hamming] must be an integer between 0 and 32, got [33]");
    assertInvalid(
        b -> b.field("max_hamming", 3), "[max_hamming] must be set with scheme simhash only");
    assertInvalid(
        b -> b.field("scheme", "simhash").field("threshold", 0.8),
        "[threshold] must be unset with scheme simhash, which takes max_hamming, got [0.8]");
    assertInvalid(
        b -> b.field("scheme", "lsh"),
        "[scheme] must be one of [superminhash, minhash, oph, simhash], got [lsh]");
  }

  private void assertInvalid(
      org.elasticsearch.core.CheckedConsumer<XContentBuilder, IOException> params, String message) {
    Exception e =
        expectThrows(
            MapperParsingException.class,
            () ->
                createMapperService(fieldMapping(b -> params.accept(b.field("type", "neardup")))));
    assertThat(e.getMessage(), containsString(message));
  }

  public void testFieldTypeBuildsTheLibrarysQuery() throws IOException {
    MapperService service = createMapperService(fieldMapping(this::minimalMapping));
    NearDupFieldType type = (NearDupFieldType) service.fieldType("field");
    Query query = type.nearDup().nearDuplicateQuery(TEXT, 0.9);
    try (NearDupChainAnalyzer analyzer =
        new NearDupChainAnalyzer(new NormalizedTextAnalyzer(), NearDupSettings.DEFAULT, true)) {
      assertThat(
          query,
          equalTo(
              NearDuplicateQuery.forText(
                  analyzer, NearDupSettings.DEFAULT, new NearDupFields("field"), TEXT, 0.9, true)));
    }
    IllegalArgumentException e =
        expectThrows(IllegalArgumentException.class, () -> type.termQuery("x", null));
    assertThat(e.getMessage(), containsString("use the [neardup] query"));
  }
}

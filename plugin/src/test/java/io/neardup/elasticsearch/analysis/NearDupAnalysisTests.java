package io.neardup.elasticsearch.analysis;

import static org.apache.lucene.tests.analysis.BaseTokenStreamTestCase.assertAnalyzesTo;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.instanceOf;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupFilter;
import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.elasticsearch.NearDupPlugin;
import io.neardup.engine.param.AnalysisComponent;
import io.neardup.settings.NearDupSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.env.Environment;
import org.elasticsearch.index.analysis.AnalysisTestsHelper;
import org.elasticsearch.index.analysis.NamedAnalyzer;
import org.elasticsearch.index.analysis.TokenFilterFactory;
import org.elasticsearch.test.ESTestCase.TestAnalysis;
import org.elasticsearch.test.ESTokenStreamTestCase;

/** The token filters and the analyzer as Elasticsearch builds them from index settings. */
public class NearDupAnalysisTests extends ESTokenStreamTestCase {

  private static final String TEXT =
      "The quick brown fox jumps over the lazy dog, then the quick brown fox sleeps all day.";

  private TestAnalysis analysis(Settings.Builder settings) throws IOException {
    settings.put(Environment.PATH_HOME_SETTING.getKey(), createTempDir().toString());
    return AnalysisTestsHelper.createTestAnalysisFromSettings(
        settings.build(), new NearDupPlugin());
  }

  /** Term text and type of every token. */
  private static List<String> tokens(Analyzer analyzer, String text) throws IOException {
    List<String> out = new ArrayList<>();
    try (TokenStream ts = analyzer.tokenStream("f", text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      TypeAttribute type = ts.addAttribute(TypeAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        out.add(type.type() + " " + term);
      }
      ts.end();
    }
    return out;
  }

  public void testMainTextCharFilterKeepsThePagesArticle() throws IOException {
    TestAnalysis analysis =
        analysis(
            newAnalysisSettingsBuilder()
                .put("index.analysis.char_filter.main.type", "neardup_main_text")
                .put("index.analysis.char_filter.main.boilerplate", "local")
                .put("index.analysis.char_filter.main.max_chars", 100000)
                .put("index.analysis.analyzer.pages.tokenizer", "standard")
                .putList("index.analysis.analyzer.pages.char_filter", "main")
                .putList("index.analysis.analyzer.pages.filter", "lowercase"));
    String page =
        "<html><body><nav><ul><li><a href=\"/a\">Home</a></li><li><a href=\"/b\">Sport</a></li>"
            + "<li><a href=\"/c\">Weather</a></li></ul></nav><article><p>"
            + TEXT
            + "</p></article><footer>Copyright Alpha News. All rights reserved.</footer></body>"
            + "</html>";
    List<String> tokens = tokens(analysis.indexAnalyzers.get("pages"), page);
    assertThat(tokens.toString(), tokens.size(), equalTo(TEXT.split(" ").length));
    assertThat(tokens.get(0), equalTo("<ALPHANUM> the"));
    assertFalse(tokens.toString(), tokens.contains("<ALPHANUM> weather"));
    assertFalse(tokens.toString(), tokens.contains("<ALPHANUM> copyright"));
  }

  public void testMainTextCharFilterRefusesBadSettingsNamingThem() {
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () ->
                analysis(
                    newAnalysisSettingsBuilder()
                        .put("index.analysis.char_filter.main.type", "neardup_main_text")
                        .put("index.analysis.char_filter.main.boilerplate", "site")));
    assertThat(
        e.getMessage(),
        equalTo(
            "char filter [main] of type [neardup_main_text]: boilerplate must be none or local in"
                + " a char filter (site learns templates from all the pages of a site), got"
                + " [site]"));
  }

  public void testConfiguredFilterEmitsTheLibrarysTokens() throws IOException {
    TestAnalysis analysis =
        analysis(
            newAnalysisSettingsBuilder()
                .put("index.analysis.filter.dup.type", "neardup")
                .put("index.analysis.filter.dup.shingle_size", 3)
                .put("index.analysis.filter.dup.hashes", 64)
                .put("index.analysis.filter.dup.threshold", 0.7)
                .put("index.analysis.filter.dup.exact", true)
                .put("index.analysis.analyzer.dups.tokenizer", "standard")
                .putList("index.analysis.analyzer.dups.filter", "neardup_normalize", "dup"));
    NearDupSettings expected =
        NearDupSettings.builder().shingleSize(3).hashes(64).threshold(0.7).exact(true).build();

    TokenFilterFactory factory = analysis.tokenFilter.get("dup");
    assertThat(factory, instanceOf(ComponentTokenFilterFactory.class));
    assertThat(((ComponentTokenFilterFactory<?>) factory).settings(), equalTo(expected));

    List<String> fromElasticsearch = tokens(analysis.indexAnalyzers.get("dups"), TEXT);
    try (NearDupAnalyzer library = new NearDupAnalyzer(expected)) {
      assertThat(fromElasticsearch, equalTo(tokens(library, TEXT)));
    }
    // 64 hashes at threshold 0.7 and the exact token
    assertThat(fromElasticsearch.size(), equalTo(expected.banding().bands() + 1));
    assertTrue(fromElasticsearch.getLast().startsWith(NearDupFilter.TYPE_EXACT));
  }

  public void testFiltersReferencedByNameUseTheDefaults() throws IOException {
    TestAnalysis analysis =
        analysis(
            newAnalysisSettingsBuilder()
                .put("index.analysis.analyzer.dups.tokenizer", "standard")
                .putList("index.analysis.analyzer.dups.filter", "neardup_normalize", "neardup"));
    assertThat(
        ((ComponentTokenFilterFactory<?>) analysis.tokenFilter.get("neardup")).settings(),
        equalTo(NearDupSettings.DEFAULT));
    try (NearDupAnalyzer library = new NearDupAnalyzer(NearDupSettings.DEFAULT)) {
      assertThat(tokens(analysis.indexAnalyzers.get("dups"), TEXT), equalTo(tokens(library, TEXT)));
    }
  }

  public void testPrebuiltAnalyzerNormalises() throws IOException {
    TestAnalysis analysis = analysis(newAnalysisSettingsBuilder());
    NamedAnalyzer analyzer = analysis.indexAnalyzers.get(NormalizedTextAnalyzer.NAME);
    assertNotNull(analyzer);
    assertAnalyzesTo(analyzer, "Ｈello, WORLD! ── 42", new String[] {"hello", "world", "42"});
  }

  public void testNormalizeFilterOptions() throws IOException {
    TestAnalysis analysis =
        analysis(
            newAnalysisSettingsBuilder()
                .put("index.analysis.filter.norm.type", "neardup_normalize")
                .put("index.analysis.filter.norm.lowercase", false)
                .put("index.analysis.filter.norm.digits", "mask")
                .put("index.analysis.analyzer.n.tokenizer", "standard")
                .putList("index.analysis.analyzer.n.filter", "norm"));
    assertAnalyzesTo(
        analysis.indexAnalyzers.get("n"),
        "Call 555-1234 Now",
        new String[] {"Call", "000", "0000", "Now"});
  }

  public void testInvalidParameterIsNamedWithItsRule() {
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () ->
                analysis(
                    newAnalysisSettingsBuilder()
                        .put("index.analysis.filter.dup.type", "neardup")
                        .put("index.analysis.filter.dup.hashes", 0)));
    assertThat(
        e.getMessage(),
        equalTo(
            "token filter [dup] of type [neardup]: [hashes] must be an integer between 1 and 1024,"
                + " got [0]"));

    e =
        expectThrows(
            IllegalArgumentException.class,
            () ->
                analysis(
                    newAnalysisSettingsBuilder()
                        .put("index.analysis.filter.dup.type", "neardup")
                        .put("index.analysis.filter.dup.hashes", 16)
                        .put("index.analysis.filter.dup.bands", 20)));
    assertThat(
        e.getMessage(),
        equalTo(
            "token filter [dup] of type [neardup]: [bands] must be at most hashes (16), got [20]"));

    e =
        expectThrows(
            IllegalArgumentException.class,
            () ->
                analysis(
                    newAnalysisSettingsBuilder()
                        .put("index.analysis.filter.norm.type", "neardup_normalize")
                        .put("index.analysis.filter.norm.digits", "roman")));
    assertThat(
        e.getMessage(),
        equalTo(
            "token filter [norm] of type [neardup_normalize]: [digits] must be one of [keep, drop,"
                + " mask], got [roman]"));
  }

  public void testUnknownParametersAreRejected() {
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () ->
                analysis(
                    newAnalysisSettingsBuilder()
                        .put("index.analysis.filter.dup.type", "neardup")
                        .put("index.analysis.filter.dup.shingleSize", 3)
                        .put("index.analysis.filter.dup.min_hash", true)));
    assertThat(
        e.getMessage(),
        equalTo(
            "token filter [dup] of type [neardup]: unknown parameters [min_hash, shingleSize]"));
  }

  public void testNotUsableForSynonyms() throws IOException {
    TestAnalysis analysis = analysis(newAnalysisSettingsBuilder());
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () -> analysis.tokenFilter.get("neardup").getSynonymFilter());
    assertThat(
        e.getMessage(),
        equalTo("token filter [neardup] of type [neardup] cannot be used to parse synonyms"));
  }

  public void testIndexSettingsPassedAlongAreNotParameters() {
    // _analyze without an index hands a filter used by name all of the index's settings
    Settings settings =
        Settings.builder()
            .put("index.number_of_shards", 1)
            .put("index.version.created", 1)
            .put("hashes", 32)
            .build();
    ComponentTokenFilterFactory<NearDupSettings> factory =
        new ComponentTokenFilterFactory<>(AnalysisComponent.NEARDUP, "dup", settings);
    assertThat(factory.settings(), equalTo(NearDupSettings.builder().hashes(32).build()));
  }
}

package io.neardup.elasticsearch;

import static io.neardup.elasticsearch.NearDupIntegrationTests.assertBadRequest;
import static org.elasticsearch.test.hamcrest.ElasticsearchAssertions.assertAcked;
import static org.elasticsearch.test.hamcrest.ElasticsearchAssertions.assertNoFailures;
import static org.hamcrest.Matchers.equalTo;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.elasticsearch.collapse.NearDupCollapseBuilder;
import io.neardup.elasticsearch.query.NearDupQueryBuilder;
import io.neardup.settings.NearDupSettings;
import io.neardup.signature.SimHash;
import io.neardup.sketch.SketchScheme;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.elasticsearch.action.bulk.BulkRequestBuilder;
import org.elasticsearch.action.search.SearchRequest;
import org.elasticsearch.action.search.SearchResponse;
import org.elasticsearch.action.support.WriteRequest;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.index.query.QueryBuilders;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.search.SearchHit;
import org.elasticsearch.search.builder.SearchSourceBuilder;
import org.elasticsearch.search.collapse.CollapseBuilder;
import org.elasticsearch.test.ESIntegTestCase;
import org.elasticsearch.xcontent.XContentFactory;

/**
 * A {@code neardup} field of {@code "scheme": "simhash"} and a keyword normalised by {@code
 * neardup_signature}, end to end on two shards: the query finds exactly the documents within the
 * Hamming distance (as the library computes it), {@code neardup_collapse} leaves canonicals more
 * than max_hamming apart, and the native {@code collapse} on the signature keyword keeps one
 * document per exact copy.
 */
@ESIntegTestCase.ClusterScope(scope = ESIntegTestCase.Scope.SUITE, numDataNodes = 1)
public class NearDupSimHashIntegrationTests extends ESIntegTestCase {
  private static final String INDEX = "simhash";
  private static final String FIELD = "body.dup";
  private static final int MAX_HAMMING = 3;
  private static final NearDupSettings SETTINGS =
      NearDupSettings.builder().scheme(SketchScheme.SIMHASH).maxHamming(MAX_HAMMING).build();

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(NearDupPlugin.class);
  }

  /** Originals, exact copies and copies with one word changed. */
  private static Map<String, String> corpus(Random random) {
    Map<String, String> docs = new LinkedHashMap<>();
    for (int g = 0; g < 6; g++) {
      List<String> original = NearDupIntegrationTests.randomWords(random, 120);
      docs.put("g" + g + "-0", String.join(" ", original));
      docs.put("g" + g + "-copy", String.join(" ", original));
      for (int c = 1; c <= 2; c++) {
        List<String> copy = new ArrayList<>(original);
        copy.set(random.nextInt(copy.size()), "edit" + c);
        docs.put("g" + g + "-" + c, String.join(" ", copy));
      }
    }
    return docs;
  }

  private Map<String, String> indexCorpus() throws IOException {
    Map<String, String> docs = corpus(random());
    assertAcked(
        indicesAdmin()
            .prepareCreate(INDEX)
            .setSettings(
                Settings.builder()
                    .put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, 2)
                    .put(IndexMetadata.SETTING_NUMBER_OF_REPLICAS, 0)
                    .put("analysis.filter.sig_md5.type", "neardup_signature")
                    .put("analysis.filter.sig_md5.method", "md5")
                    .put("analysis.normalizer.sig.type", "custom")
                    .putList("analysis.normalizer.sig.filter", "sig_md5"))
            .setMapping(
                XContentFactory.jsonBuilder()
                    .startObject()
                    .startObject("properties")
                    .startObject("body")
                    .field("type", "text")
                    .startObject("fields")
                    .startObject("dup")
                    .field("type", "neardup")
                    .field("scheme", "simhash")
                    .field("max_hamming", MAX_HAMMING)
                    .endObject()
                    .startObject("sig")
                    .field("type", "keyword")
                    .field("normalizer", "sig")
                    .endObject()
                    .endObject()
                    .endObject()
                    .endObject()
                    .endObject()));
    ensureGreen(INDEX);
    BulkRequestBuilder bulk =
        client().prepareBulk().setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    for (Map.Entry<String, String> doc : docs.entrySet()) {
      bulk.add(prepareIndex(INDEX).setId(doc.getKey()).setSource("body", doc.getValue()));
    }
    assertNoFailures(bulk.get());
    return docs;
  }

  /** The fingerprints the library makes of the texts, with the field's settings. */
  private static Map<String, Long> fingerprints(Map<String, String> docs) {
    Map<String, Long> out = new HashMap<>();
    try (NearDupAnalyzer analyzer = new NearDupAnalyzer(SETTINGS)) {
      NearDupDocumentBuilder builder =
          new NearDupDocumentBuilder(analyzer, new NearDupFields(FIELD));
      docs.forEach((id, text) -> out.put(id, builder.analyze(text).sketch().value(0)));
    }
    return out;
  }

  private SearchResponse search(SearchSourceBuilder source) {
    return client().search(new SearchRequest(INDEX).source(source.size(100))).actionGet();
  }

  public void testQueryCollapseAndSignature() throws IOException {
    Map<String, String> docs = indexCorpus();
    Map<String, Long> fingerprints = fingerprints(docs);

    // the query: exactly the documents within max_hamming, scored 1 - d/64
    for (String like : List.of("g0-0", "g3-1")) {
      Map<String, Float> expected = new HashMap<>();
      fingerprints.forEach((id, fp) -> {
        int d = SimHash.distance(fp, fingerprints.get(like));
        if (d <= MAX_HAMMING) {
          expected.put(id, (float) SimHash.similarity(d));
        }
      });
      SearchResponse response =
          search(new SearchSourceBuilder().query(new NearDupQueryBuilder(FIELD, docs.get(like))));
      try {
        assertNoFailures(response);
        Map<String, Float> actual = new HashMap<>();
        for (SearchHit hit : response.getHits().getHits()) {
          actual.put(hit.getId(), hit.getScore());
        }
        assertThat(like, actual, equalTo(expected));
        if (like.endsWith("-0")) {
          // an exact copy is always found
          assertThat(actual.containsKey(like.replace("-0", "-copy")), equalTo(true));
        }
      } finally {
        response.decRef();
      }
    }

    // neardup_collapse: the kept hits are more than max_hamming apart, each removed one is near
    // a kept one
    SearchResponse collapsed =
        search(
            new SearchSourceBuilder()
                .query(QueryBuilders.matchAllQuery())
                .ext(
                    List.of(
                        new NearDupCollapseBuilder(
                            FIELD,
                            null,
                            100,
                            CollapseMode.REMOVE,
                            io.neardup.canonical.CanonicalPolicy.BEST_SCORE))));
    try {
      assertNoFailures(collapsed);
      List<Long> kept = new ArrayList<>();
      Set<String> keptIds = new HashSet<>();
      for (SearchHit hit : collapsed.getHits().getHits()) {
        long fp = fingerprints.get(hit.getId());
        for (long other : kept) {
          assertThat(hit.getId(), SimHash.distance(fp, other) > MAX_HAMMING, equalTo(true));
        }
        kept.add(fp);
        keptIds.add(hit.getId());
      }
      for (Map.Entry<String, Long> doc : fingerprints.entrySet()) {
        if (!keptIds.contains(doc.getKey())) {
          Map<String, Integer> distances = new java.util.TreeMap<>();
          fingerprints.forEach((id, fp) -> distances.put(id, SimHash.distance(fp, doc.getValue())));
          assertThat(
              doc.getKey() + " kept " + keptIds + " distances " + distances,
              kept.stream().anyMatch(k -> SimHash.distance(k, doc.getValue()) <= MAX_HAMMING),
              equalTo(true));
        }
      }
      assertThat(keptIds.size() < docs.size(), equalTo(true));
    } finally {
      collapsed.decRef();
    }

    // native collapse on the signature keyword: one hit per distinct text
    SearchResponse nativeCollapse =
        search(
            new SearchSourceBuilder()
                .query(QueryBuilders.matchAllQuery())
                .collapse(new CollapseBuilder("body.sig")));
    try {
      assertNoFailures(nativeCollapse);
      assertThat(
          nativeCollapse.getHits().getHits().length, equalTo(new HashSet<>(docs.values()).size()));
    } finally {
      nativeCollapse.decRef();
    }
    // the normalizer applies to term queries too: a text finds its exact copies
    SearchResponse exact =
        search(
            new SearchSourceBuilder().query(QueryBuilders.termQuery("body.sig", docs.get("g2-0"))));
    try {
      assertThat(exact.getHits().getTotalHits().value(), equalTo(2L));
    } finally {
      exact.decRef();
    }

    // bad parameters are 400s naming the parameter
    assertBadRequest(
        () ->
            search(
                    new SearchSourceBuilder()
                        .query(new NearDupQueryBuilder(FIELD, docs.get("g0-0")).maxHamming(5)))
                .decRef(),
        "[max_hamming] must be an integer between 0 and the field's max_hamming (3), got [5]");
    assertBadRequest(
        () ->
            indicesAdmin()
                .prepareCreate("bad-hamming")
                .setMapping("dup", "type=neardup,scheme=simhash,max_hamming=33")
                .get(),
        "[max_hamming] must be an integer between 0 and 32, got [33]");
    assertBadRequest(
        () ->
            indicesAdmin()
                .prepareCreate("bad-scheme")
                .setMapping("dup", "type=neardup,scheme=lsh")
                .get(),
        "[scheme] must be one of [superminhash, minhash, oph, simhash], got [lsh]");
    assertBadRequest(
        () ->
            indicesAdmin()
                .prepareCreate("bad-signature")
                .setSettings(
                    Settings.builder()
                        .put("analysis.filter.s.type", "neardup_signature")
                        .put("analysis.filter.s.method", "sha1"))
                .get(),
        "[method] must be one of [md5, long-sent], got [sha1]");
  }
}

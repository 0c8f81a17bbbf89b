package io.neardup.elasticsearch.mapper;

import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.elasticsearch.analysis.ComponentTokenFilterFactory;
import io.neardup.engine.ingest.AnalysedTexts;
import io.neardup.engine.param.AnalysisComponent;
import io.neardup.engine.param.NearDupField;
import io.neardup.engine.param.NearDupMappings;
import io.neardup.engine.shard.HitSketchReader;
import io.neardup.sketch.SketchScheme;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.Query;
import org.elasticsearch.index.analysis.AnalysisMode;
import org.elasticsearch.index.analysis.AnalyzerComponentsProvider;
import org.elasticsearch.index.analysis.AnalyzerScope;
import org.elasticsearch.index.analysis.IndexAnalyzers;
import org.elasticsearch.index.analysis.NamedAnalyzer;
import org.elasticsearch.index.analysis.TokenFilterFactory;
import org.elasticsearch.index.mapper.DocumentParserContext;
import org.elasticsearch.index.mapper.FieldMapper;
import org.elasticsearch.index.mapper.IndexType;
import org.elasticsearch.index.mapper.MappedFieldType;
import org.elasticsearch.index.mapper.MapperBuilderContext;
import org.elasticsearch.index.mapper.MapperParsingException;
import org.elasticsearch.index.mapper.SourceValueFetcher;
import org.elasticsearch.index.mapper.ValueFetcher;
import org.elasticsearch.index.query.SearchExecutionContext;
import org.elasticsearch.xcontent.XContentParser;

/**
 * The {@code neardup} field type (engine-common's {@link NearDupMappings}: parameters, defaults and
 * messages; {@link NearDupField}: analysis chain, Lucene fields and queries) under Elasticsearch's
 * field mapper.
 */
public final class NearDupFieldMapper extends FieldMapper {
  /** The field type's name. */
  public static final String CONTENT_TYPE = NearDupMappings.CONTENT_TYPE;

  /**
   * Parses the mapping of a {@code neardup} field, which takes what the node's processors analysed.
   */
  public static TypeParser parser(AnalysedTexts analysed) {
    return new TypeParser(
        (name, context) -> new Builder(name, context.getIndexAnalyzers(), analysed));
  }

  private static final NamedAnalyzer DEFAULT_ANALYZER =
      new NamedAnalyzer(
          NormalizedTextAnalyzer.NAME, AnalyzerScope.GLOBAL, new NormalizedTextAnalyzer());

  private static NearDupFieldMapper toType(FieldMapper in) {
    return (NearDupFieldMapper) in;
  }

  /** Builds {@link NearDupFieldMapper}s from mapping parameters. */
  public static final class Builder extends FieldMapper.Builder {
    private final Parameter<NamedAnalyzer> analyzer;
    private final List<Parameter<?>> nearDup =
        NearDupMappings.PARAMETERS.stream()
            .<Parameter<?>>map(p -> param(p, () -> this.declared.scheme()))
            .toList();
    private final NearDupMappings.Declared<Parameter<?>> declared =
        new NearDupMappings.Declared<>(nearDup, p -> p.name, Parameter::getValue);
    private final Parameter<Map<String, String>> meta = Parameter.metaParam();
    private final IndexAnalyzers indexAnalyzers;
    private final AnalysedTexts analysedTexts;

    /**
     * @param name the field's leaf name
     * @param indexAnalyzers the index's analyzers, where {@code analyzer} names are looked up
     * @param analysedTexts the texts the node's ingest processors analysed
     */
    public Builder(String name, IndexAnalyzers indexAnalyzers, AnalysedTexts analysedTexts) {
      super(name);
      this.indexAnalyzers = indexAnalyzers;
      this.analysedTexts = analysedTexts;
      this.analyzer =
          Parameter.analyzerParam(
                  "analyzer",
                  false,
                  m -> toType(m).analyzer,
                  () ->
                      NearDupMappings.defaultAnalyzer(
                          n -> indexAnalyzers == null ? null : indexAnalyzers.get(n),
                          DEFAULT_ANALYZER))
              .addValidator(a -> a.checkAllowedInMode(AnalysisMode.INDEX_TIME))
              .addValidator(a -> a.checkAllowedInMode(AnalysisMode.SEARCH_TIME))
              .addValidator(Builder::checkHasNoNearDupFilter);
      // runs after every single-parameter check: the rules that tie parameters together
      meta.addValidator(m -> parameters());
    }

    /** The settings and verification these parameters describe. */
    NearDupMappings.FieldParameters parameters() {
      return declared.parameters(leafName(), MapperParsingException::new);
    }

    private static void checkHasNoNearDupFilter(NamedAnalyzer a) {
      if (a.analyzer() instanceof AnalyzerComponentsProvider provider) {
        for (TokenFilterFactory filter : provider.getComponents().getTokenFilters()) {
          if (filter instanceof ComponentTokenFilterFactory<?> c
              && c.component() == AnalysisComponent.NEARDUP) {
            throw new MapperParsingException(
                NearDupMappings.analyzerHasNearDupFilter(
                    a.name(), AnalysisComponent.NEARDUP.type()));
          }
        }
      }
    }

    @Override
    protected Parameter<?>[] getParameters() {
      List<Parameter<?>> all = new ArrayList<>();
      all.add(analyzer);
      all.addAll(nearDup);
      all.add(meta);
      return all.toArray(new Parameter<?>[0]);
    }

    @Override
    public String contentType() {
      return CONTENT_TYPE;
    }

    @Override
    public NearDupFieldMapper build(MapperBuilderContext context) {
      NamedAnalyzer base = analyzer.getValue();
      NearDupField field =
          parameters()
              .field(
                  context.buildFullName(leafName()),
                  base,
                  c -> new NamedAnalyzer(base.name(), AnalyzerScope.INDEX, c));
      NearDupFieldType type = new NearDupFieldType(field, meta.getValue());
      return new NearDupFieldMapper(leafName(), type, builderParams(this, context), this);
    }
  }

  private static Parameter<Object> param(
      NearDupMappings.MappingParameter parameter, Supplier<SketchScheme> scheme) {
    String name = parameter.name();
    return new Parameter<>(
        name,
        false,
        () -> parameter.defaultOf(scheme),
        (n, c, o) -> parameter.convert(o, MapperParsingException::new),
        m -> toType(m).values.get(name),
        (b, n, v) -> {
          if (v != null) {
            b.field(n, v);
          }
        },
        Objects::toString);
  }

  /**
   * The field type: the engine-neutral {@link NearDupField} (settings, verification, chain, Lucene
   * fields, queries) under the engine's field type API.
   */
  public static final class NearDupFieldType extends MappedFieldType {
    private final NearDupField nearDup;
    private final NamedAnalyzer analyzer;

    /**
     * @param nearDup the field, its analyzer the engine's
     * @param meta the field's metadata
     */
    public NearDupFieldType(NearDupField nearDup, Map<String, String> meta) {
      super(nearDup.name(), IndexType.terms(true, false), false, meta);
      this.nearDup = nearDup;
      this.analyzer = (NamedAnalyzer) nearDup.analyzer();
    }

    @Override
    public String typeName() {
      return CONTENT_TYPE;
    }

    /** What the field knows whatever the engine. */
    public NearDupField nearDup() {
      return nearDup;
    }

    /** The field's analysis chain, ending with the near-duplicate filter. */
    public NamedAnalyzer analyzer() {
      return analyzer;
    }

    /**
     * Reads hits' sketches, ids, canonical values and, if asked, shingle sets on a shard whose
     * mapping gives {@code type} to the field (null or another type: the shard has no sketches).
     */
    public static HitSketchReader hitReader(
        MappedFieldType type, CanonicalPolicy canonical, boolean shingles) {
      return type instanceof NearDupFieldType t
          ? t.nearDup.hitReader(canonical, shingles)
          : NearDupField.noSketches(canonical);
    }

    @Override
    public ValueFetcher valueFetcher(SearchExecutionContext context, String format) {
      return SourceValueFetcher.toString(name(), context, format);
    }

    @Override
    public Query termQuery(Object value, SearchExecutionContext context) {
      throw new IllegalArgumentException(NearDupMappings.noTermQueries(name()));
    }

    @Override
    public Query existsQuery(SearchExecutionContext context) {
      return nearDup.existsQuery();
    }

    @Override
    public boolean fieldHasValue(FieldInfos fieldInfos) {
      return fieldInfos.fieldInfo(nearDup.fields().sketchField()) != null;
    }
  }

  private final NamedAnalyzer analyzer;
  private final Map<String, Object> values;
  private final IndexAnalyzers indexAnalyzers;
  private final AnalysedTexts analysedTexts;

  private NearDupFieldMapper(
      String leafName, NearDupFieldType type, BuilderParams params, Builder builder) {
    super(leafName, type, params);
    this.analyzer = builder.analyzer.getValue();
    this.values = builder.declared.values();
    this.indexAnalyzers = builder.indexAnalyzers;
    this.analysedTexts = builder.analysedTexts;
  }

  @Override
  public NearDupFieldType fieldType() {
    return (NearDupFieldType) super.fieldType();
  }

  @Override
  public Map<String, NamedAnalyzer> indexAnalyzers() {
    // the band tokens are added pre-analysed; the entry keeps IndexWriter's per-field lookup happy
    return Map.of(fullPath(), fieldType().analyzer());
  }

  @Override
  protected void parseCreateField(DocumentParserContext context) throws IOException {
    XContentParser parser = context.parser();
    if (parser.currentToken() == XContentParser.Token.VALUE_NULL) {
      return;
    }
    NearDupField nearDup = fieldType().nearDup();
    for (IndexableField field :
        analysedTexts.documentFields(
            context.indexSettings().getUUID(),
            nearDup,
            fullPath(),
            parser.text(),
            context.id(),
            context.doc().getField(nearDup.fields().sketchField()) != null)) {
      context.doc().add(field);
    }
  }

  @Override
  public FieldMapper.Builder getMergeBuilder() {
    return new Builder(leafName(), indexAnalyzers, analysedTexts).init(this);
  }

  @Override
  protected String contentType() {
    return CONTENT_TYPE;
  }
}

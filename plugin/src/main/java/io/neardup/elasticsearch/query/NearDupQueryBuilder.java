package io.neardup.elasticsearch.query;

import io.neardup.elasticsearch.mapper.NearDupFieldMapper.NearDupFieldType;
import io.neardup.engine.api.LikeDocument;
import io.neardup.engine.api.LikeQueries;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import io.neardup.param.ParameterException;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.SetOnce;
import org.elasticsearch.ResourceNotFoundException;
import org.elasticsearch.TransportVersion;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.ResolvedIndices;
import org.elasticsearch.action.get.GetRequest;
import org.elasticsearch.client.internal.Client;
import org.elasticsearch.common.ParsingException;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.common.xcontent.support.XContentMapValues;
import org.elasticsearch.core.Nullable;
import org.elasticsearch.index.Index;
import org.elasticsearch.index.mapper.MappedFieldType;
import org.elasticsearch.index.query.LeafQueryBuilder;
import org.elasticsearch.index.query.QueryBuilder;
import org.elasticsearch.index.query.QueryRewriteContext;
import org.elasticsearch.index.query.QueryShardException;
import org.elasticsearch.index.query.SearchExecutionContext;
import org.elasticsearch.search.fetch.subphase.FetchSourceContext;
import org.elasticsearch.xcontent.ConstructingObjectParser;
import org.elasticsearch.xcontent.ObjectParser;
import org.elasticsearch.xcontent.ParseField;
import org.elasticsearch.xcontent.XContentBuilder;
import org.elasticsearch.xcontent.XContentParser;

/**
 * The {@code neardup} query: documents whose text in a {@code neardup} field is a near-duplicate of
 * a given text or of an indexed document.
 *
 * <pre>{@code
 * {"neardup": {"field": "body.dup", "like": "some text", "min_similarity": 0.8}}
 * {"neardup": {"field": "body.dup", "like": {"_id": "42"}}}
 * }</pre>
 *
 * <p>On every shard the text is analysed with the field's own chain; candidates come from the
 * postings of its band tokens and each is verified against its stored sketch. The score is the
 * estimated Jaccard similarity (times the boost). {@code min_similarity} defaults to the field's
 * {@code threshold}. On a field of {@code "scheme": "simhash"} the score is 1 − d/64 of the Hamming
 * distance d of the SimHash fingerprints, and {@code max_hamming} (at most the field's) may be
 * given instead of {@code min_similarity}.
 *
 * <p>{@code like: {"_id": ...}} is resolved once, on the coordinating node, by a real-time GET of
 * the document's {@code _source}; the text found at the field's path (or at its parent's, for a
 * multi-field) replaces the reference and is analysed on each shard like a given text. This costs
 * one GET per search and sends the text to every shard, but works for documents not yet refreshed
 * and needs no transport action of its own. It requires the text in {@code _source}; a field that
 * is only the target of {@code copy_to} cannot be referenced by id.
 */
public final class NearDupQueryBuilder extends LeafQueryBuilder<NearDupQueryBuilder> {
  /** The query's name. */
  public static final String NAME = "neardup";

  static final ParseField FIELD = new ParseField(LikeQueries.FIELD);
  static final ParseField LIKE = new ParseField(LikeQueries.LIKE);
  static final ParseField MIN_SIMILARITY = new ParseField(LikeQueries.MIN_SIMILARITY);
  static final ParseField MAX_HAMMING = new ParseField(LikeQueries.MAX_HAMMING);

  private static final ConstructingObjectParser<LikeDocument, Void> LIKE_DOCUMENT =
      new ConstructingObjectParser<>(
          "like", a -> new LikeDocument((String) a[0], (String) a[1], (String) a[2]));

  private static final ConstructingObjectParser<NearDupQueryBuilder, Void> PARSER =
      new ConstructingObjectParser<>(
          NAME,
          a ->
              a[1] instanceof LikeDocument d
                  ? new NearDupQueryBuilder((String) a[0], d)
                  : new NearDupQueryBuilder((String) a[0], (String) a[1]));

  static {
    PARSER.declareString(ConstructingObjectParser.constructorArg(), FIELD);
    PARSER.declareField(
        ConstructingObjectParser.constructorArg(),
        (p, c) -> parseLike(p),
        LIKE,
        ObjectParser.ValueType.OBJECT_OR_STRING);
    PARSER.declareDouble(NearDupQueryBuilder::minSimilarity, MIN_SIMILARITY);
    PARSER.declareInt(NearDupQueryBuilder::maxHamming, MAX_HAMMING);
    declareStandardFields(PARSER);
    LIKE_DOCUMENT.declareString(
        ConstructingObjectParser.optionalConstructorArg(), new ParseField("_index"));
    LIKE_DOCUMENT.declareString(ConstructingObjectParser.constructorArg(), new ParseField("_id"));
    LIKE_DOCUMENT.declareString(
        ConstructingObjectParser.optionalConstructorArg(), new ParseField("routing"));
  }

  private final String field;
  private final String likeText;
  private final LikeDocument likeDocument;
  private final Supplier<String> fetchedText;
  private Double minSimilarity;
  private Integer maxHamming;

  /** Near-duplicates of a text. */
  public NearDupQueryBuilder(String field, String likeText) {
    this(field, Objects.requireNonNull(likeText, "[like] must not be null"), null, null);
  }

  /** Near-duplicates of an indexed document. */
  public NearDupQueryBuilder(String field, LikeDocument likeDocument) {
    this(field, null, Objects.requireNonNull(likeDocument, "[like] must not be null"), null);
  }

  private NearDupQueryBuilder(
      String field, String likeText, LikeDocument likeDocument, Supplier<String> fetchedText) {
    this.field = LikeQueries.checkField(field);
    this.likeText = likeText;
    this.likeDocument = likeDocument;
    this.fetchedText = fetchedText;
  }

  /** Reads what {@link #doWriteTo} wrote. */
  public NearDupQueryBuilder(StreamInput in) throws IOException {
    super(in);
    this.field = in.readString();
    this.likeText = in.readOptionalString();
    this.likeDocument = in.readBoolean() ? LikeDocument.read(WireInput.of(in)) : null;
    this.minSimilarity = in.readOptionalDouble();
    this.maxHamming = in.readOptionalVInt();
    this.fetchedText = null;
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    if (fetchedText != null) {
      throw new IllegalStateException(
          "the [like] document has not been fetched yet: rewrite the query before sending it");
    }
    out.writeString(field);
    out.writeOptionalString(likeText);
    out.writeBoolean(likeDocument != null);
    if (likeDocument != null) {
      likeDocument.write(WireOutput.of(out));
    }
    out.writeOptionalDouble(minSimilarity);
    out.writeOptionalVInt(maxHamming);
  }

  /** Parses the body of a {@code neardup} query. */
  public static NearDupQueryBuilder fromXContent(XContentParser parser) throws IOException {
    return PARSER.apply(parser, null);
  }

  private static Object parseLike(XContentParser parser) throws IOException {
    return switch (parser.currentToken()) {
      case VALUE_STRING -> parser.text();
      case START_OBJECT -> LIKE_DOCUMENT.parse(parser, null);
      default ->
          throw new ParsingException(
              parser.getTokenLocation(), LikeQueries.likeKind(parser.currentToken()));
    };
  }

  /** The {@code neardup} field searched. */
  public String field() {
    return field;
  }

  /** The text whose near-duplicates are wanted, or null when a document is referenced. */
  public @Nullable String likeText() {
    return likeText;
  }

  /** The document whose near-duplicates are wanted, or null when a text is given. */
  public @Nullable LikeDocument likeDocument() {
    return likeDocument;
  }

  /** The minimum estimated similarity, or null for the field's threshold. */
  public @Nullable Double minSimilarity() {
    return minSimilarity;
  }

  /**
   * Sets the minimum estimated Jaccard similarity, in (0, 1].
   *
   * @throws IllegalArgumentException if out of range
   */
  public NearDupQueryBuilder minSimilarity(double minSimilarity) {
    this.minSimilarity = LikeQueries.checkMinSimilarity(minSimilarity);
    return this;
  }

  /** The largest Hamming distance on a simhash field, or null. */
  public @Nullable Integer maxHamming() {
    return maxHamming;
  }

  /**
   * Sets the largest Hamming distance of near-duplicates on a field of scheme simhash, in [0, 32]
   * and at most the field's {@code max_hamming}: the minimum similarity becomes 1 − h/64.
   *
   * @throws IllegalArgumentException if out of range
   */
  public NearDupQueryBuilder maxHamming(int maxHamming) {
    this.maxHamming = LikeQueries.checkMaxHamming(maxHamming);
    return this;
  }

  private NearDupQueryBuilder withText(String text) {
    NearDupQueryBuilder b = new NearDupQueryBuilder(field, text);
    b.minSimilarity = minSimilarity;
    b.maxHamming = maxHamming;
    return b;
  }

  @Override
  protected void doXContent(XContentBuilder builder, Params params) throws IOException {
    builder.startObject(NAME);
    builder.mapContents(LikeQueries.body(field, likeText, likeDocument, minSimilarity, maxHamming));
    boostAndQueryNameToXContent(builder);
    builder.endObject();
  }

  @Override
  protected QueryBuilder doRewrite(QueryRewriteContext context) throws IOException {
    if (fetchedText != null) {
      String text = fetchedText.get();
      return text == null ? this : withText(text);
    }
    if (likeDocument != null) {
      String index = likeIndex(context);
      SetOnce<String> text = new SetOnce<>();
      context.registerAsyncAction((client, listener) ->
          fetchText(
              client,
              index,
              listener.map(t -> {
                text.set(t);
                return null;
              })));
      NearDupQueryBuilder pending = new NearDupQueryBuilder(field, null, likeDocument, text::get);
      pending.minSimilarity = minSimilarity;
      pending.maxHamming = maxHamming;
      return pending;
    }
    return this;
  }

  private String likeIndex(QueryRewriteContext context) {
    if (likeDocument.index() != null) {
      return likeDocument.index();
    }
    ResolvedIndices resolved = context.getResolvedIndices();
    if (resolved != null) {
      Index[] local = resolved.getConcreteLocalIndices();
      if (local.length == 1 && resolved.getRemoteClusterIndices().isEmpty()) {
        return local[0].getName();
      }
    } else if (context.getFullyQualifiedIndex() != null) {
      return context.getFullyQualifiedIndex().getName();
    }
    throw LikeQueries.needsIndex(likeDocument);
  }

  private void fetchText(Client client, String index, ActionListener<String> listener) {
    List<String> paths = sourcePaths(field);
    GetRequest get =
        new GetRequest(index, likeDocument.id())
            .routing(likeDocument.routing())
            .fetchSourceContext(FetchSourceContext.of(true, paths.toArray(String[]::new), null));
    client.get(
        get,
        listener.map(response -> {
          if (response.isExists() == false) {
            throw new ResourceNotFoundException(LikeQueries.NOT_FOUND, likeDocument.id(), index);
          }
          Map<String, Object> source =
              response.isSourceEmpty() ? Map.of() : response.getSourceAsMap();
          return LikeQueries.text(
              likeDocument, index, field, path -> XContentMapValues.extractValue(path, source));
        }));
  }

  /**
   * The field's path and, for a multi-field ({@code body.dup}), its parents' paths, longest first:
   * a multi-field's text is in its parent's place in {@code _source}.
   */
  static List<String> sourcePaths(String field) {
    return LikeQueries.sourcePaths(field);
  }

  @Override
  protected Query doToQuery(SearchExecutionContext context) throws IOException {
    if (likeDocument != null) {
      throw LikeQueries.notRewritten();
    }
    MappedFieldType type = context.getFieldType(field);
    if (type == null) {
      throw new QueryShardException(context, LikeQueries.noSuchField(field));
    }
    if (type instanceof NearDupFieldType nearDup) {
      double min;
      try {
        min = nearDup.nearDup().settings().minSimilarity(minSimilarity, maxHamming);
      } catch (ParameterException e) {
        throw new QueryShardException(context, LikeQueries.onField(field, e), e);
      }
      return nearDup.nearDup().nearDuplicateQuery(likeText, min);
    }
    throw new QueryShardException(context, LikeQueries.notNearDup(field, type.typeName()));
  }

  @Override
  protected boolean doEquals(NearDupQueryBuilder other) {
    return field.equals(other.field)
        && Objects.equals(likeText, other.likeText)
        && Objects.equals(likeDocument, other.likeDocument)
        && Objects.equals(minSimilarity, other.minSimilarity)
        && Objects.equals(maxHamming, other.maxHamming)
        && Objects.equals(fetchedText, other.fetchedText);
  }

  @Override
  protected int doHashCode() {
    return Objects.hash(field, likeText, likeDocument, minSimilarity, maxHamming, fetchedText);
  }

  @Override
  public String getWriteableName() {
    return NAME;
  }

  @Override
  public TransportVersion getMinimalSupportedVersion() {
    return TransportVersion.zero();
  }
}

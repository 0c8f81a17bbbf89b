package io.neardup.elasticsearch.query;

import io.neardup.elasticsearch.mapper.NearDupFieldMapper.NearDupFieldType;
import io.neardup.elasticsearch.support.BodyParsers;
import io.neardup.engine.api.LikeDocument;
import io.neardup.engine.api.LikeQueries;
import io.neardup.engine.api.LikeQuery;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
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
 * The {@code neardup} query (engine-common's {@link LikeQuery}: parameters, checks, JSON, the
 * Lucene query) under Elasticsearch's query builder: its parser, its rewrite that resolves a {@code
 * like} document with a real-time GET on the coordinating node, and its shard context.
 */
public final class NearDupQueryBuilder extends LeafQueryBuilder<NearDupQueryBuilder>
    implements LikeQuery.Setters<NearDupQueryBuilder> {
  /** The query's name. */
  public static final String NAME = LikeQueries.NAME;

  private static final ConstructingObjectParser<LikeDocument, Void> LIKE_DOCUMENT =
      new ConstructingObjectParser<>(
          LikeQueries.LIKE, a -> new LikeDocument((String) a[0], (String) a[1], (String) a[2]));

  private static final ConstructingObjectParser<NearDupQueryBuilder, Void> PARSER =
      new ConstructingObjectParser<>(
          NAME, a -> new NearDupQueryBuilder(LikeQuery.of((String) a[0], a[1]), null));

  static {
    PARSER.declareString(
        ConstructingObjectParser.constructorArg(), new ParseField(LikeQueries.FIELD));
    PARSER.declareField(
        ConstructingObjectParser.constructorArg(),
        (p, c) -> parseLike(p),
        new ParseField(LikeQueries.LIKE),
        ObjectParser.ValueType.OBJECT_OR_STRING);
    LikeQueries.declareOptional(BodyParsers.keys(PARSER));
    declareStandardFields(PARSER);
    LIKE_DOCUMENT.declareString(
        ConstructingObjectParser.optionalConstructorArg(), new ParseField("_index"));
    LIKE_DOCUMENT.declareString(ConstructingObjectParser.constructorArg(), new ParseField("_id"));
    LIKE_DOCUMENT.declareString(
        ConstructingObjectParser.optionalConstructorArg(), new ParseField("routing"));
  }

  private final LikeQuery like;
  private final Supplier<String> fetchedText;

  /** Near-duplicates of a text. */
  public NearDupQueryBuilder(String field, String likeText) {
    this(LikeQuery.ofText(field, likeText), null);
  }

  /** Near-duplicates of an indexed document. */
  public NearDupQueryBuilder(String field, LikeDocument likeDocument) {
    this(LikeQuery.ofDocument(field, likeDocument), null);
  }

  private NearDupQueryBuilder(LikeQuery like, Supplier<String> fetchedText) {
    this.like = like;
    this.fetchedText = fetchedText;
  }

  /** Reads what {@link #doWriteTo} wrote. */
  public NearDupQueryBuilder(StreamInput in) throws IOException {
    super(in);
    this.like = LikeQuery.read(WireInput.of(in));
    this.fetchedText = null;
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    like.write(WireOutput.of(out), fetchedText != null);
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

  /** The query's parameters. */
  @Override
  public LikeQuery like() {
    return like;
  }

  @Override
  protected void doXContent(XContentBuilder builder, Params params) throws IOException {
    builder.startObject(NAME);
    builder.mapContents(like.body());
    boostAndQueryNameToXContent(builder);
    builder.endObject();
  }

  @Override
  protected QueryBuilder doRewrite(QueryRewriteContext context) throws IOException {
    if (fetchedText != null) {
      String text = fetchedText.get();
      return text == null ? this : new NearDupQueryBuilder(like.withText(text), null);
    }
    if (like.document() != null) {
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
      return new NearDupQueryBuilder(like, text::get);
    }
    return this;
  }

  private String likeIndex(QueryRewriteContext context) {
    if (like.document().index() != null) {
      return like.document().index();
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
    throw LikeQueries.needsIndex(like.document());
  }

  private void fetchText(Client client, String index, ActionListener<String> listener) {
    LikeDocument document = like.document();
    GetRequest get =
        new GetRequest(index, document.id())
            .routing(document.routing())
            .fetchSourceContext(
                FetchSourceContext.of(true, like.sourcePaths().toArray(String[]::new), null));
    client.get(
        get,
        listener.map(response -> {
          if (response.isExists() == false) {
            throw new ResourceNotFoundException(LikeQueries.NOT_FOUND, document.id(), index);
          }
          Map<String, Object> source =
              response.isSourceEmpty() ? Map.of() : response.getSourceAsMap();
          return like.documentText(index, path -> XContentMapValues.extractValue(path, source));
        }));
  }

  @Override
  protected Query doToQuery(SearchExecutionContext context) throws IOException {
    MappedFieldType type = context.getFieldType(like.field());
    return like.toQuery(
        type == null ? null : type.typeName(),
        type instanceof NearDupFieldType t ? t.nearDup() : null,
        (message, cause) -> new QueryShardException(context, message, cause));
  }

  @Override
  protected boolean doEquals(NearDupQueryBuilder other) {
    return like.equals(other.like) && Objects.equals(fetchedText, other.fetchedText);
  }

  @Override
  protected int doHashCode() {
    return Objects.hash(like, fetchedText);
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

package io.neardup.opensearch.query;

import io.neardup.engine.api.LikeDocument;
import io.neardup.engine.api.LikeQueries;
import io.neardup.engine.api.LikeQuery;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import io.neardup.opensearch.mapper.NearDupFieldMapper.NearDupFieldType;
import io.neardup.opensearch.support.BodyParsers;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.SetOnce;
import org.opensearch.ResourceNotFoundException;
import org.opensearch.action.get.GetRequest;
import org.opensearch.common.xcontent.support.XContentMapValues;
import org.opensearch.core.ParseField;
import org.opensearch.core.action.ActionListener;
import org.opensearch.core.common.ParsingException;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.ConstructingObjectParser;
import org.opensearch.core.xcontent.ObjectParser;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.index.mapper.MappedFieldType;
import org.opensearch.index.query.AbstractQueryBuilder;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.index.query.QueryCoordinatorContext;
import org.opensearch.index.query.QueryRewriteContext;
import org.opensearch.index.query.QueryShardContext;
import org.opensearch.index.query.QueryShardException;
import org.opensearch.search.fetch.subphase.FetchSourceContext;
import org.opensearch.transport.client.Client;

/**
 * The {@code neardup} query (engine-common's {@link LikeQuery}: parameters, checks, JSON, the
 * Lucene query) under OpenSearch's query builder: its parser, its rewrite that resolves a {@code
 * like} document with a real-time GET on the coordinating node, and its shard context.
 */
public final class NearDupQueryBuilder extends AbstractQueryBuilder<NearDupQueryBuilder>
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
    printBoostAndQueryName(builder);
    builder.endObject();
  }

  @Override
  protected QueryBuilder doRewrite(QueryRewriteContext context) throws IOException {
    if (fetchedText != null) {
      String text = fetchedText.get();
      return text == null
          ? this
          : new NearDupQueryBuilder(like.withText(text), null).boost(boost).queryName(queryName);
    }
    if (like.document() != null) {
      String index = likeIndex(context);
      SetOnce<String> text = new SetOnce<>();
      context.registerAsyncAction((client, listener) ->
          fetchText(
              client,
              index,
              ActionListener.map(
                  listener,
                  t -> {
                    text.set(t);
                    return null;
                  })));
      return new NearDupQueryBuilder(like, text::get).boost(boost).queryName(queryName);
    }
    return this;
  }

  private String likeIndex(QueryRewriteContext context) {
    if (like.document().index() != null) {
      return like.document().index();
    }
    QueryCoordinatorContext coordinator = context.convertToCoordinatorContext();
    if (coordinator != null && coordinator.getSearchRequest() != null) {
      String[] indices = coordinator.getSearchRequest().indices();
      if (indices != null
          && indices.length == 1
          && !indices[0].equals("_all")
          && indices[0].indexOf('*') < 0
          && indices[0].indexOf(',') < 0
          && indices[0].indexOf(':') < 0) {
        return indices[0];
      }
    } else if (context.convertToShardContext() != null) {
      return context.convertToShardContext().index().getName();
    }
    throw LikeQueries.needsIndex(like.document());
  }

  private void fetchText(Client client, String index, ActionListener<String> listener) {
    LikeDocument document = like.document();
    GetRequest get =
        new GetRequest(index, document.id())
            .routing(document.routing())
            .fetchSourceContext(
                new FetchSourceContext(true, like.sourcePaths().toArray(String[]::new), null));
    client.get(
        get,
        ActionListener.map(
            listener,
            response -> {
              if (!response.isExists()) {
                throw new ResourceNotFoundException(LikeQueries.NOT_FOUND, document.id(), index);
              }
              Map<String, Object> source =
                  response.isSourceEmpty() ? Map.of() : response.getSourceAsMap();
              return like.documentText(index, path -> XContentMapValues.extractValue(path, source));
            }));
  }

  @Override
  protected Query doToQuery(QueryShardContext context) throws IOException {
    MappedFieldType type = context.fieldMapper(like.field());
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
}

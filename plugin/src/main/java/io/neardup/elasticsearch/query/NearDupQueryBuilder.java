package io.neardup.elasticsearch.query;

import io.neardup.elasticsearch.mapper.NearDupFieldMapper;
import io.neardup.elasticsearch.mapper.NearDupFieldMapper.NearDupFieldType;
import io.neardup.engine.shard.SourceText;
import io.neardup.param.Parameter.Style;
import io.neardup.param.ParameterException;
import io.neardup.signature.SimHash;
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

  static final ParseField FIELD = new ParseField("field");
  static final ParseField LIKE = new ParseField("like");
  static final ParseField MIN_SIMILARITY = new ParseField("min_similarity");
  static final ParseField MAX_HAMMING =
      new ParseField(io.neardup.param.Parameter.MAX_HAMMING.name(Style.SNAKE));

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
    if (field == null || field.isEmpty()) {
      throw new IllegalArgumentException("[" + NAME + "] requires a non-empty [field]");
    }
    this.field = field;
    this.likeText = likeText;
    this.likeDocument = likeDocument;
    this.fetchedText = fetchedText;
  }

  /** Reads what {@link #doWriteTo} wrote. */
  public NearDupQueryBuilder(StreamInput in) throws IOException {
    super(in);
    this.field = in.readString();
    this.likeText = in.readOptionalString();
    this.likeDocument = in.readOptionalWriteable(LikeDocument::new);
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
    out.writeOptionalWriteable(likeDocument);
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
      case START_OBJECT -> LikeDocument.fromXContent(parser);
      default ->
          throw new ParsingException(
              parser.getTokenLocation(),
              "["
                  + NAME
                  + "] [like] must be a text or a document {\"_id\": ...}, got ["
                  + parser.currentToken()
                  + "]");
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
    if (!(minSimilarity > 0 && minSimilarity <= 1)) {
      throw new IllegalArgumentException(
          ParameterException.bracketed(
              MIN_SIMILARITY.getPreferredName(), "a number in (0, 1]", minSimilarity));
    }
    this.minSimilarity = minSimilarity;
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
    if (maxHamming < 0 || maxHamming > SimHash.MAX_HAMMING) {
      throw new IllegalArgumentException(
          ParameterException.bracketed(
              MAX_HAMMING.getPreferredName(),
              "an integer between 0 and " + SimHash.MAX_HAMMING,
              maxHamming));
    }
    this.maxHamming = maxHamming;
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
    builder.field(FIELD.getPreferredName(), field);
    if (likeText != null) {
      builder.field(LIKE.getPreferredName(), likeText);
    } else {
      builder.field(LIKE.getPreferredName(), likeDocument);
    }
    if (minSimilarity != null) {
      builder.field(MIN_SIMILARITY.getPreferredName(), minSimilarity);
    }
    if (maxHamming != null) {
      builder.field(MAX_HAMMING.getPreferredName(), maxHamming);
    }
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
    throw new IllegalArgumentException(
        "["
            + NAME
            + "] [like] document ["
            + likeDocument.id()
            + "] needs [_index] when the search targets several indices");
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
            throw new ResourceNotFoundException(
                "[" + NAME + "] [like] document [{}] not found in index [{}]",
                likeDocument.id(),
                index);
          }
          Map<String, Object> source =
              response.isSourceEmpty() ? Map.of() : response.getSourceAsMap();
          for (String path : paths) {
            String text = text(XContentMapValues.extractValue(path, source), index);
            if (text != null) {
              return text;
            }
          }
          throw new IllegalArgumentException(
              "["
                  + NAME
                  + "] [like] document ["
                  + likeDocument.id()
                  + "] in index ["
                  + index
                  + "] has no text for field ["
                  + field
                  + "] in its _source");
        }));
  }

  /**
   * The field's path and, for a multi-field ({@code body.dup}), its parents' paths, longest first:
   * a multi-field's text is in its parent's place in {@code _source}.
   */
  static List<String> sourcePaths(String field) {
    return SourceText.sourcePaths(field);
  }

  private String text(Object value, String index) {
    return SourceText.text(
        value,
        "[" + NAME + "] [like] document [" + likeDocument.id() + "] in index [" + index + "]",
        field);
  }

  @Override
  protected Query doToQuery(SearchExecutionContext context) throws IOException {
    if (likeDocument != null) {
      throw new IllegalStateException(
          "[" + NAME + "] query must be rewritten before it is executed: the [like] document");
    }
    MappedFieldType type = context.getFieldType(field);
    if (type == null) {
      throw new QueryShardException(
          context, "[" + NAME + "] query: field [" + field + "] does not exist in the mapping");
    }
    if (type instanceof NearDupFieldType nearDup) {
      double min;
      try {
        min = nearDup.settings().minSimilarity(minSimilarity, maxHamming);
      } catch (ParameterException e) {
        throw new QueryShardException(
            context, "[" + NAME + "] query on field [" + field + "]: " + e.bracketed(), e);
      }
      return nearDup.nearDuplicateQuery(likeText, min);
    }
    throw new QueryShardException(
        context,
        "["
            + NAME
            + "] query: field ["
            + field
            + "] is of type ["
            + type.typeName()
            + "], but the query needs a field of type ["
            + NearDupFieldMapper.CONTENT_TYPE
            + "]");
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

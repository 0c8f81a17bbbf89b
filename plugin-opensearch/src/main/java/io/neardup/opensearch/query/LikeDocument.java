package io.neardup.opensearch.query;

import java.io.IOException;
import org.opensearch.common.Nullable;
import org.opensearch.core.ParseField;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.common.io.stream.Writeable;
import org.opensearch.core.xcontent.ConstructingObjectParser;
import org.opensearch.core.xcontent.ToXContentObject;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.core.xcontent.XContentParser;

/**
 * An indexed document whose near-duplicates are wanted: {@code {"_index": "docs", "_id": "42",
 * "routing": "r"}}. {@code _index} may be left out when the search targets a single index; {@code
 * routing} is needed only for documents indexed with custom routing.
 *
 * @param index the index holding the document, or null for the searched index
 * @param id the document's id
 * @param routing the document's routing, or null
 */
public record LikeDocument(@Nullable String index, String id, @Nullable String routing)
    implements Writeable, ToXContentObject {

  static final ParseField INDEX = new ParseField("_index");
  static final ParseField ID = new ParseField("_id");
  static final ParseField ROUTING = new ParseField("routing");

  private static final ConstructingObjectParser<LikeDocument, Void> PARSER =
      new ConstructingObjectParser<>(
          "like", a -> new LikeDocument((String) a[0], (String) a[1], (String) a[2]));

  static {
    PARSER.declareString(ConstructingObjectParser.optionalConstructorArg(), INDEX);
    PARSER.declareString(ConstructingObjectParser.constructorArg(), ID);
    PARSER.declareString(ConstructingObjectParser.optionalConstructorArg(), ROUTING);
  }

  public LikeDocument {
    if (id == null || id.isEmpty()) {
      throw new IllegalArgumentException("[like] document requires a non-empty [_id]");
    }
    if (index != null && index.isEmpty()) {
      throw new IllegalArgumentException("[like] document [_index] must not be empty");
    }
  }

  /** Reads what {@link #writeTo} wrote. */
  public LikeDocument(StreamInput in) throws IOException {
    this(in.readOptionalString(), in.readString(), in.readOptionalString());
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    out.writeOptionalString(index);
    out.writeString(id);
    out.writeOptionalString(routing);
  }

  /** Parses {@code {"_index": ..., "_id": ..., "routing": ...}}. */
  public static LikeDocument fromXContent(XContentParser parser) throws IOException {
    return PARSER.parse(parser, null);
  }

  @Override
  public XContentBuilder toXContent(XContentBuilder builder, Params params) throws IOException {
    builder.startObject();
    if (index != null) {
      builder.field(INDEX.getPreferredName(), index);
    }
    builder.field(ID.getPreferredName(), id);
    if (routing != null) {
      builder.field(ROUTING.getPreferredName(), routing);
    }
    return builder.endObject();
  }
}

package io.neardup.opensearch.collapse;

import io.neardup.engine.api.SketchesParams;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import io.neardup.opensearch.support.BodyParsers;
import java.io.IOException;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.ObjectParser;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.search.SearchExtBuilder;

/**
 * The {@code neardup_sketches} search extension (engine-common's {@link SketchesParams}): every hit
 * carries its stored sketch in the hit field {@value NearDupSketchFetchSubPhase#HIT_FIELD}. The
 * clustering API reads whole indexes with it.
 */
public final class NearDupSketchesBuilder extends SearchExtBuilder {
  /** The extension's name in {@code ext}. */
  public static final String NAME = SketchesParams.NAME;

  private final SketchesParams params;

  /** The extension with these parameters. */
  public NearDupSketchesBuilder(SketchesParams params) {
    this.params = params;
  }

  /** Reads the extension from the wire. */
  public NearDupSketchesBuilder(StreamInput in) throws IOException {
    this.params = SketchesParams.read(WireInput.of(in));
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    params.write(WireOutput.of(out));
  }

  @Override
  public String getWriteableName() {
    return NAME;
  }

  /** The field, the canonical policy and whether sets are attached. */
  public SketchesParams params() {
    return params;
  }

  private static final ObjectParser<SketchesParams.Spec, Void> PARSER =
      new ObjectParser<>(NAME, SketchesParams.Spec::new);

  static {
    SketchesParams.Spec.declare(BodyParsers.keys(PARSER));
  }

  /**
   * Parses {@code {"field": ..., "canonical": "FIELD:asc"}}.
   *
   * @throws org.opensearch.core.xcontent.XContentParseException for unknown or malformed keys,
   *     naming them
   * @throws IllegalArgumentException for a missing field
   */
  public static NearDupSketchesBuilder fromXContent(XContentParser parser) throws IOException {
    return new NearDupSketchesBuilder(PARSER.parse(parser, null).build());
  }

  @Override
  public XContentBuilder toXContent(XContentBuilder builder, Params params) throws IOException {
    return builder.startObject(NAME).mapContents(this.params.body()).endObject();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NearDupSketchesBuilder b && params.equals(b.params);
  }

  @Override
  public int hashCode() {
    return params.hashCode();
  }
}

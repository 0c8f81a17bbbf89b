package io.neardup.opensearch.collapse;

import io.neardup.engine.api.SketchesParams;
import io.neardup.engine.wire.WireInput;
import io.neardup.opensearch.support.BodyParsers;
import io.neardup.opensearch.support.ParamsExtBuilder;
import java.io.IOException;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.xcontent.ObjectParser;
import org.opensearch.core.xcontent.XContentParser;

/**
 * The {@code neardup_sketches} search extension (engine-common's {@link SketchesParams}): every hit
 * carries its stored sketch in the hit field {@value NearDupSketchFetchSubPhase#HIT_FIELD}. The
 * clustering API reads whole indexes with it.
 */
public final class NearDupSketchesBuilder extends ParamsExtBuilder<SketchesParams> {
  /** The extension's name in {@code ext}. */
  public static final String NAME = SketchesParams.NAME;

  /** The extension with these parameters. */
  public NearDupSketchesBuilder(SketchesParams params) {
    super(NAME, params);
  }

  /** Reads the extension from the wire. */
  public NearDupSketchesBuilder(StreamInput in) throws IOException {
    this(SketchesParams.read(WireInput.of(in)));
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
}

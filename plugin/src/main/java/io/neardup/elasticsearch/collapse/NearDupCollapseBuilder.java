package io.neardup.elasticsearch.collapse;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.elasticsearch.support.BodyParsers;
import io.neardup.elasticsearch.support.ParamsExtBuilder;
import io.neardup.engine.api.CollapseParams;
import io.neardup.engine.wire.WireInput;
import java.io.IOException;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.core.Nullable;
import org.elasticsearch.xcontent.ObjectParser;
import org.elasticsearch.xcontent.XContentParser;

/**
 * The {@code neardup_collapse} search extension: collapse the near-duplicates among the top hits of
 * a search. Its parameters, defaults and checks are engine-common's {@link CollapseParams}.
 *
 * <p>The request is parsed on the coordinating node, which widens the search to {@code window}
 * hits, collapses the merged hits and pages through the collapsed list with the request's {@code
 * from} and {@code size} (see {@link NearDupCollapseFilter}). The extension also travels to every
 * shard, where it makes the fetch phase attach each hit's sketch (see {@link
 * NearDupSketchFetchSubPhase}).
 */
public final class NearDupCollapseBuilder extends ParamsExtBuilder<CollapseParams> {
  /** The extension's name in {@code ext}. */
  public static final String NAME = CollapseParams.NAME;

  /** The extension with these parameters. */
  public NearDupCollapseBuilder(CollapseParams params) {
    super(NAME, params);
  }

  /** See {@link CollapseParams}. */
  public NearDupCollapseBuilder(
      String field,
      @Nullable Double minSimilarity,
      int window,
      CollapseMode mode,
      CanonicalPolicy canonical) {
    this(new CollapseParams(field, minSimilarity, window, mode, canonical));
  }

  /** Collapse on {@code field} with the defaults. */
  public NearDupCollapseBuilder(String field) {
    this(CollapseParams.defaults(field));
  }

  /** Reads the extension from the wire. */
  public NearDupCollapseBuilder(StreamInput in) throws IOException {
    this(CollapseParams.read(WireInput.of(in)));
  }

  private static final ObjectParser<CollapseParams.Spec, Void> PARSER =
      new ObjectParser<>(NAME, CollapseParams.Spec::new);

  static {
    CollapseParams.Spec.declare(BodyParsers.keys(PARSER));
  }

  /**
   * Parses the object after {@code "neardup_collapse":}.
   *
   * @throws org.elasticsearch.xcontent.XContentParseException for unknown or malformed keys, naming
   *     them (the rule is in its cause)
   * @throws IllegalArgumentException for values outside their rule
   */
  public static NearDupCollapseBuilder fromXContent(XContentParser parser) throws IOException {
    return new NearDupCollapseBuilder(PARSER.parse(parser, null).build());
  }
}

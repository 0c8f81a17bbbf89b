package io.neardup.opensearch.collapse;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.engine.api.CollapseParams;
import io.neardup.engine.wire.WireInput;
import io.neardup.opensearch.support.BodyParsers;
import io.neardup.opensearch.support.ParamsExtBuilder;
import java.io.IOException;
import org.opensearch.common.Nullable;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.xcontent.ObjectParser;
import org.opensearch.core.xcontent.XContentParser;

/**
 * The {@code neardup_collapse} search extension: collapse the near-duplicates among the top hits of
 * a search. Its parameters, defaults and checks are engine-common's {@link CollapseParams}.
 *
 * <p>The request is parsed on the coordinating node, which widens the search to {@code window}
 * hits, collapses the merged hits and pages through the collapsed list with the request's {@code
 * from} and {@code size} (see {@link CoordinatorCollapse}). The shards return each hit's sketch
 * with their top hits, as the value of the internal sort {@link NearDupWindowSortBuilder}; a search
 * that cannot take that sort (one that rescores or collapses on a field) carries the extension to
 * every shard instead, where it makes the fetch phase attach each hit's sketch (see {@link
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
   * @throws org.opensearch.core.xcontent.XContentParseException for unknown or malformed keys,
   *     naming them (the rule is in its cause)
   * @throws IllegalArgumentException for values outside their rule
   */
  public static NearDupCollapseBuilder fromXContent(XContentParser parser) throws IOException {
    return new NearDupCollapseBuilder(PARSER.parse(parser, null).build());
  }
}

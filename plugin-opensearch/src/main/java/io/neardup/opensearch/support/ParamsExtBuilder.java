package io.neardup.opensearch.support;

import io.neardup.engine.api.ExtParams;
import io.neardup.engine.api.FieldParams;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.search.SearchExtBuilder;

/**
 * A search extension that carries engine-common parameters ({@code neardup_collapse}, {@code
 * neardup_sketches}): their wire form, their JSON under the extension's name, equality.
 *
 * @param <P> the parameters
 */
public abstract class ParamsExtBuilder<P extends FieldParams> extends SearchExtBuilder
    implements ExtParams<P> {
  private final String name;
  private final P params;

  protected ParamsExtBuilder(String name, P params) {
    this.name = name;
    this.params = params;
  }

  @Override
  public final void writeTo(StreamOutput out) throws IOException {
    params.write(WireOutput.of(out));
  }

  @Override
  public final String getWriteableName() {
    return name;
  }

  @Override
  public final P params() {
    return params;
  }

  @Override
  public final XContentBuilder toXContent(XContentBuilder builder, Params p) throws IOException {
    return builder.startObject(name).mapContents(params.body()).endObject();
  }

  @Override
  public final boolean equals(Object o) {
    return o != null
        && o.getClass() == getClass()
        && params.equals(((ParamsExtBuilder<?>) o).params);
  }

  @Override
  public final int hashCode() {
    return params.hashCode();
  }

  @Override
  public final String toString() {
    return org.opensearch.core.common.Strings.toString(
        org.opensearch.common.xcontent.XContentType.JSON, this, true, true);
  }
}

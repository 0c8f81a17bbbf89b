package io.neardup.elasticsearch.reconcile;

import io.neardup.engine.api.ReconcileResult;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import org.elasticsearch.action.ActionResponse;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.xcontent.ToXContentObject;
import org.elasticsearch.xcontent.XContentBuilder;

/** What a reconcile did: engine-common's {@link ReconcileResult}. */
public final class NearDupReconcileResponse extends ActionResponse implements ToXContentObject {
  private final ReconcileResult result;

  public NearDupReconcileResponse(ReconcileResult result) {
    this.result = result;
  }

  public NearDupReconcileResponse(StreamInput in) throws IOException {
    this(ReconcileResult.read(WireInput.of(in)));
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    result.write(WireOutput.of(out));
  }

  /** The result. */
  public ReconcileResult result() {
    return result;
  }

  @Override
  public XContentBuilder toXContent(XContentBuilder builder, Params params) throws IOException {
    return builder.map(result.body());
  }
}

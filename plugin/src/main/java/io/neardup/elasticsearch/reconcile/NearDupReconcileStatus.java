package io.neardup.elasticsearch.reconcile;

import io.neardup.engine.api.ReconcileProgress;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.tasks.Task;
import org.elasticsearch.xcontent.XContentBuilder;

/**
 * A reconcile's progress in {@code GET _tasks}: engine-common's {@link ReconcileProgress.Status}.
 */
public record NearDupReconcileStatus(ReconcileProgress.Status status) implements Task.Status {
  /** Reads a status from the wire. */
  public NearDupReconcileStatus(StreamInput in) throws IOException {
    this(ReconcileProgress.Status.read(WireInput.of(in)));
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    status.write(WireOutput.of(out));
  }

  @Override
  public String getWriteableName() {
    return ReconcileProgress.Status.NAME;
  }

  @Override
  public XContentBuilder toXContent(XContentBuilder builder, Params params) throws IOException {
    return builder.map(status.body());
  }
}

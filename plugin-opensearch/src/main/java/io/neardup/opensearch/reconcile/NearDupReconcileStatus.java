package io.neardup.opensearch.reconcile;

import io.neardup.engine.api.ReconcileProgress;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.tasks.Task;

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

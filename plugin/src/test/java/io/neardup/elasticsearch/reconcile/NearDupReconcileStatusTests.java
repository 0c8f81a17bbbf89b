package io.neardup.elasticsearch.reconcile;

import io.neardup.engine.api.ReconcileProgress;
import java.io.IOException;
import org.elasticsearch.common.Strings;
import org.elasticsearch.common.io.stream.Writeable;
import org.elasticsearch.test.AbstractWireSerializingTestCase;

/** Wire form of the reconcile task's status, as {@code GET _tasks} moves it between nodes. */
public class NearDupReconcileStatusTests
    extends AbstractWireSerializingTestCase<NearDupReconcileStatus> {

  private static NearDupReconcileStatus status(
      ReconcileProgress.Phase phase,
      long total,
      long read,
      long clusters,
      long changed,
      long updated,
      long failed) {
    return new NearDupReconcileStatus(
        new ReconcileProgress.Status(phase, total, read, clusters, changed, updated, failed));
  }

  @Override
  protected Writeable.Reader<NearDupReconcileStatus> instanceReader() {
    return NearDupReconcileStatus::new;
  }

  @Override
  protected NearDupReconcileStatus createTestInstance() {
    return status(
        randomFrom(ReconcileProgress.Phase.values()),
        randomLongBetween(-1, 1_000_000),
        randomNonNegativeLong(),
        randomLongBetween(-1, 1_000_000),
        randomLongBetween(-1, 1_000_000),
        randomNonNegativeLong(),
        randomNonNegativeLong());
  }

  @Override
  protected NearDupReconcileStatus mutateInstance(NearDupReconcileStatus instance)
      throws IOException {
    ReconcileProgress.Status s = instance.status();
    return switch (between(0, 2)) {
      case 0 ->
          status(
              randomValueOtherThan(s.phase(), () -> randomFrom(ReconcileProgress.Phase.values())),
              s.total(),
              s.read(),
              s.clusters(),
              s.changed(),
              s.updated(),
              s.failed());
      case 1 ->
          status(
              s.phase(),
              s.total(),
              s.read() + 1,
              s.clusters(),
              s.changed(),
              s.updated(),
              s.failed());
      default ->
          status(
              s.phase(),
              s.total(),
              s.read(),
              s.clusters(),
              s.changed(),
              s.updated(),
              s.failed() + 1);
    };
  }

  public void testRendersThePhaseInLowerCase() {
    NearDupReconcileStatus s = status(ReconcileProgress.Phase.WRITING, 10, 10, 2, 3, 1, 0);
    assertEquals(
        "{\"phase\":\"writing\",\"total\":10,\"read\":10,\"clusters\":2,\"changed\":3,"
            + "\"updated\":1,\"failed\":0}",
        Strings.toString(s));
  }
}

package io.neardup.elasticsearch.reconcile;

import java.io.IOException;
import org.elasticsearch.common.Strings;
import org.elasticsearch.common.io.stream.Writeable;
import org.elasticsearch.test.AbstractWireSerializingTestCase;

/** Wire form of the reconcile task's status, as {@code GET _tasks} moves it between nodes. */
public class NearDupReconcileStatusTests
    extends AbstractWireSerializingTestCase<NearDupReconcileStatus> {

  @Override
  protected Writeable.Reader<NearDupReconcileStatus> instanceReader() {
    return NearDupReconcileStatus::new;
  }

  @Override
  protected NearDupReconcileStatus createTestInstance() {
    return new NearDupReconcileStatus(
        randomFrom(NearDupReconcileStatus.Phase.values()),
        randomLongBetween(-1, 1_000_000),
        randomNonNegativeLong(),
        randomLongBetween(-1, 1_000_000),
        randomLongBetween(-1, 1_000_000),
        randomNonNegativeLong(),
        randomNonNegativeLong());
  }

  @Override
  protected NearDupReconcileStatus mutateInstance(NearDupReconcileStatus s) throws IOException {
    return switch (between(0, 2)) {
      case 0 ->
          new NearDupReconcileStatus(
              randomValueOtherThan(
                  s.phase(), () -> randomFrom(NearDupReconcileStatus.Phase.values())),
              s.total(),
              s.read(),
              s.clusters(),
              s.changed(),
              s.updated(),
              s.failed());
      case 1 ->
          new NearDupReconcileStatus(
              s.phase(),
              s.total(),
              s.read() + 1,
              s.clusters(),
              s.changed(),
              s.updated(),
              s.failed());
      default ->
          new NearDupReconcileStatus(
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
    NearDupReconcileStatus s =
        new NearDupReconcileStatus(NearDupReconcileStatus.Phase.WRITING, 10, 10, 2, 3, 1, 0);
    assertEquals(
        "{\"phase\":\"writing\",\"total\":10,\"read\":10,\"clusters\":2,\"changed\":3,"
            + "\"updated\":1,\"failed\":0}",
        Strings.toString(s));
  }
}

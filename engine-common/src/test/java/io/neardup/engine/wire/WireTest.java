package io.neardup.engine.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WireTest {
  @Test
  void everyValueReadsBackAndTheEnginesBytesAroundItStayInPlace() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.write(0xAB); // an engine's own byte before
    WireOutput out = WireOutput.of(bytes);
    long[] longs = {0, 1, 127, 128, 300, Integer.MAX_VALUE, Long.MAX_VALUE};
    for (long v : longs) {
      out.writeVLong(v);
      out.writeZLong(v);
      out.writeZLong(-v);
    }
    out.writeZLong(Long.MIN_VALUE);
    out.writeVInt(Integer.MAX_VALUE);
    out.writeDouble(0.9375);
    out.writeBoolean(true);
    out.writeString("dé😀ja");
    out.writeOptionalString(null);
    out.writeOptionalDouble(null);
    out.writeOptionalDouble(0.5);
    out.writeList(List.of("a", "", "b"), (s, o) -> o.writeString(s));
    out.writeEnum(TimeUnit.HOURS);
    bytes.write(0xCD); // and after

    ByteArrayInputStream raw = new ByteArrayInputStream(bytes.toByteArray());
    assertEquals(0xAB, raw.read());
    WireInput in = WireInput.of(raw);
    for (long v : longs) {
      assertEquals(v, in.readVLong());
      assertEquals(v, in.readZLong());
      assertEquals(-v, in.readZLong());
    }
    assertEquals(Long.MIN_VALUE, in.readZLong());
    assertEquals(Integer.MAX_VALUE, in.readVInt());
    assertEquals(0.9375, in.readDouble());
    assertEquals(true, in.readBoolean());
    assertEquals("dé😀ja", in.readString());
    assertNull(in.readOptionalString());
    assertNull(in.readOptionalDouble());
    assertEquals(0.5, in.readOptionalDouble());
    assertEquals(List.of("a", "", "b"), in.readList(WireInput::readString));
    assertEquals(TimeUnit.HOURS, in.readEnum(TimeUnit.class));
    assertEquals(0xCD, raw.read());
  }

  @Test
  void negativeVariableLengthValuesAndUnknownConstantsAreRefused() {
    WireOutput out = WireOutput.of(new ByteArrayOutputStream());
    assertThrows(IllegalArgumentException.class, () -> out.writeVInt(-1));
    assertThrows(IllegalArgumentException.class, () -> out.writeVLong(-1));
    WireInput in = WireInput.of(new ByteArrayInputStream(new byte[] {9}));
    IOException e = assertThrows(IOException.class, () -> in.readEnum(Unit.class));
    assertEquals("Unknown Unit ordinal [9]", e.getMessage());
  }

  private enum Unit {
    ONE
  }
}

package io.neardup.signature;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;

/** CRC32 of strings joined by single spaces, the signature function of 002. */
final class Crc {
  private Crc() {}

  static long of(List<String> parts) {
    CRC32 crc = new CRC32();
    crc.update(String.join(" ", parts).getBytes(StandardCharsets.UTF_8));
    return crc.getValue();
  }
}

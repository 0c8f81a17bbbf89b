package io.neardup.cli.input;

/** Compressed formats recognised by their first bytes, whatever the file is called. */
enum Compression {
  GZIP("gzip", null, 0x1f, 0x8b),
  ZSTD("zstd", "zstd -d", 0x28, 0xb5, 0x2f, 0xfd),
  XZ("xz", "xz -dk", 0xfd, '7', 'z', 'X', 'Z', 0x00),
  BZIP2("bzip2", "bzip2 -dk", 'B', 'Z', 'h');

  static final int MAX_MAGIC = 6;

  final String format;

  /** How to decompress a file of this format, or null if it is read as it is. */
  final String decompress;

  private final int[] magic;

  Compression(String format, String decompress, int... magic) {
    this.format = format;
    this.decompress = decompress;
    this.magic = magic;
  }

  static Compression of(byte[] head, int length) {
    for (Compression c : values()) {
      if (length >= c.magic.length) {
        boolean match = true;
        for (int i = 0; i < c.magic.length && match; i++) {
          match = (head[i] & 0xff) == c.magic[i];
        }
        if (match) {
          return c;
        }
      }
    }
    return null;
  }
}

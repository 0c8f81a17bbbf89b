package io.neardup.cli.input;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Counts the bytes read through it, for progress. */
final class CountingInputStream extends FilterInputStream {
  long count;

  CountingInputStream(InputStream in) {
    super(in);
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    if (b >= 0) {
      count++;
    }
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n = super.read(b, off, len);
    if (n > 0) {
      count += n;
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long skipped = super.skip(n);
    count += skipped;
    return skipped;
  }
}

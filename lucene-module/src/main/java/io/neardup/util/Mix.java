package io.neardup.util;

/** Bit mixing for values that are already hashes. */
public final class Mix {
  private Mix() {}

  /**
   * The 64-bit finaliser of MurmurHash3: a bijection that spreads every input bit over the output.
   */
  public static long fmix64(long h) {
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }
}

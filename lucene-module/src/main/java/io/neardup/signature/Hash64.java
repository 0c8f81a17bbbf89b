package io.neardup.signature;

import io.neardup.util.Mix;

/** Seeded 64-bit hashes of strings and values for the signature methods. */
final class Hash64 {
  private Hash64() {}

  /** FNV-1a over the UTF-16 chars, finished with {@link Mix#fmix64}. */
  static long of(CharSequence s, long seed) {
    long h = 0xcbf29ce484222325L ^ Mix.fmix64(seed);
    for (int i = 0; i < s.length(); i++) {
      h ^= s.charAt(i);
      h *= 0x100000001b3L;
    }
    return Mix.fmix64(h ^ s.length());
  }

  /** The 32-bit finaliser of MurmurHash3: a bijection on ints. */
  static int fmix32(int h) {
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }
}

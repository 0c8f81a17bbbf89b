package io.neardup.spark;

import com.esotericsoftware.kryo.DefaultSerializer;
import java.io.Serializable;

/**
 * One analysed document: its input ordinal (the order canonical ties follow; -1 until numbered),
 * its id, its set (compact shingle set for exact verification, sketch values for verification by
 * estimate; empty for a text without shingles, which is nobody's near-duplicate), the upper 32 bits
 * of its band hashes (the bucket keys the core sorts by), its canonical value ({@code
 * CanonicalPolicy#key}) and what is wrong with its record ({@link #NULL_TEXT}, {@link #NULL_ID},
 * {@link #BAD_ID}, {@link #BAD_RECORD}; 0 for a good record, the only ones analysed).
 */
@DefaultSerializer(NearDupKryo.DocSerializer.class)
record Doc(long ord, String id, int[] set, int[] bucketKeys, Object canonicalValue, int problems)
    implements Serializable {
  static final int NULL_TEXT = 1;
  static final int NULL_ID = 2;
  static final int BAD_ID = 4;

  /** A record that could not be read (a line that is not a JSON object): its id is why. */
  static final int BAD_RECORD = 8;
}

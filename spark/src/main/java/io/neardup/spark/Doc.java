package io.neardup.spark;

import java.io.Serializable;

/**
 * One analysed document: its input ordinal (the order canonical ties follow), its id, its set
 * (compact shingle set for exact verification, sketch values for verification by estimate; empty
 * for a text without shingles, which is nobody's near-duplicate), the upper 32 bits of its band
 * hashes (the bucket keys the core sorts by) and its canonical value ({@code CanonicalPolicy#key}).
 */
record Doc(long ord, String id, int[] set, int[] bucketKeys, Object canonicalValue)
    implements Serializable {}

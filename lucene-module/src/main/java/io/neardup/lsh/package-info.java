/**
 * Locality-sensitive hashing of sketches by bands, and the choice of bands and rows for a
 * threshold.
 */
package io.neardup.lsh;

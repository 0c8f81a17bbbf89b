/**
 * Word shingles and character k-grams, fingerprinted as 64-bit hashes without a string per shingle.
 */
package io.neardup.shingle;

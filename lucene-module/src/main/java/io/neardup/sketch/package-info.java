/**
 * MinHash-family sketches of shingle sets: parameters, sketching, the serialized format and Jaccard
 * estimation.
 */
package io.neardup.sketch;

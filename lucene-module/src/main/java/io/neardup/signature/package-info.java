/**
 * The near-duplicate methods other than MinHash with LSH bands, free of Lucene: Broder's min-m and
 * mod-n sketches, Charikar's SimHash with Manku's block search, and the indivisible signatures of
 * Zelenkov and Segalovich's comparison (MD5, TF·IDF, Long Sent, Heavy Sent, Lex Rand), with the
 * {@link io.neardup.signature.Terms terms} and {@link io.neardup.signature.Sentences sentences}
 * they are computed from. Each class names its source, parameters and cost; {@link
 * io.neardup.signature.Method} lists them with their defaults.
 */
package io.neardup.signature;

/**
 * Which copy of a group of near-duplicates is canonical ({@link
 * io.neardup.canonical.CanonicalPolicy}): a leaf, free of Lucene, that settings, clustering and
 * collapse all read.
 */
package io.neardup.canonical;

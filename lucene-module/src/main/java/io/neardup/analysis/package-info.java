/**
 * Lucene analysis: the normalisation filter and the filter that turns a text into band tokens and a
 * sketch.
 */
package io.neardup.analysis;

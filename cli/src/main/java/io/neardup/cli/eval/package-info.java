/**
 * Scores of found pairs and clusters against the truth, a method's figures in a comparison, and the
 * shingle sets the exact truth compares.
 */
package io.neardup.cli.eval;

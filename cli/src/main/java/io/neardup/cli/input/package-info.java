/**
 * The input: the record contract, one reader per format, the web pages' main-text step, an input
 * held for several passes with its analyses.
 */
package io.neardup.cli.input;

/** The input: the record contract, one reader per format, the web pages' main-text step. */
package io.neardup.cli.input;

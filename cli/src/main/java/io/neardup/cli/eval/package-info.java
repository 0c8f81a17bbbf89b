/** Scores of found pairs and clusters against the truth. */
package io.neardup.cli.eval;

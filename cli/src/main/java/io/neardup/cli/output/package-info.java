/**
 * What a run writes and prints: pairs and clusters files, the summary lines, the progress line, and
 * the failure it reports ({@link io.neardup.cli.output.CliFailure}).
 */
package io.neardup.cli.output;

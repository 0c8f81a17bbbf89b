/**
 * The {@code neardup} command-line tool: the entry point ({@link io.neardup.cli.NearDupCli}) and
 * the failure a user can act on; one sub-package per job: commands, options, input, a method's run,
 * the CLI index, the report, evaluation and outputs.
 */
package io.neardup.cli;

/** What a run writes and prints: pairs and clusters files, the summary lines, the progress line. */
package io.neardup.cli.output;

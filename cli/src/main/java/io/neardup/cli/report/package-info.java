/** The HTML report of a run: the clusters it shows, word diffs, histogram and charts. */
package io.neardup.cli.report;

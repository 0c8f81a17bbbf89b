/**
 * One run of a near-duplicate method: reading, analysis on all threads, the clustering core; and
 * the runs that write the CLI index (a new index, an append, stored clusters).
 */
package io.neardup.cli.run;

/** One run of a near-duplicate method: reading, analysis on all threads, the clustering core. */
package io.neardup.cli.run;

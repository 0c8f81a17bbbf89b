/**
 * Generated corpora with known near-duplicates and their exact ground truth, shared by the CLI's
 * tests, the quality tests and the benchmarks.
 */
package io.neardup.testkit;

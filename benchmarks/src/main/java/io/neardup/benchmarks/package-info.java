/**
 * JMH benchmarks of neardup's analysis chain against tokenising alone, Lucene's ShingleFilter +
 * MinHashFilter (Elasticsearch's {@code min_hash}) and classic MinHash, on a generated English-like
 * corpus; and the report that checks the performance targets. Run them with {@code
 * benchmarks/run.sh}.
 */
package io.neardup.benchmarks;

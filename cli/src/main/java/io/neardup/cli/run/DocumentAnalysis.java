package io.neardup.cli.run;

import io.neardup.analysis.NearDupShingleSetAttribute;
import io.neardup.cli.input.CorpusReader;
import io.neardup.shingle.CompactShingleSet;
import java.io.IOException;

/**
 * What one analysis thread does with each record of a {@code dedup} run, one strategy per method
 * family: {@link MinHashAnalysis} (sketch, band hashes and the shingle set for exact verification;
 * the CLI index's documents when one is kept), {@link SignatureAnalysis} (the other methods'
 * signatures, from the text or from shingle sets) and {@link StatisticsPass} (the first pass of a
 * two-pass method: collection statistics only). Each instance belongs to one thread.
 */
interface DocumentAnalysis {
  /** Analyses the record of input ordinal {@code ord} and hands it to the run's sinks. */
  void analyse(int ord, CorpusReader.Record record) throws IOException;

  /** A growable buffer for a document's compact shingle set (sorted 32-bit fingerprints). */
  final class CompactSets {
    private int[] set = new int[1024];

    /** The buffer holding the compact set of {@code shingles}, whose size {@link #compact} gave. */
    int[] buffer() {
      return set;
    }

    /**
     * Compacts the shingle set a {@code nearDup} filter left in its attribute into {@link
     * #buffer()}.
     *
     * @return the size of the compact set
     */
    int compact(NearDupShingleSetAttribute shingles) {
      int count = shingles.count();
      if (set.length < count) {
        set = new int[Math.max(count, set.length * 2)];
      }
      return CompactShingleSet.compact(shingles.shingles(), count, set);
    }
  }
}

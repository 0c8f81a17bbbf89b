package io.neardup.cli.run;

/**
 * What a run counts of its pairs' similarities besides clustering them (the report's histogram):
 * every verified pair, and the candidate pairs below the threshold down to a floor.
 */
public interface PairSimilarities {
  /** The lowest similarity counted: candidates from there up to the threshold are near misses. */
  double floor();

  /** Counts one verified pair. */
  void add(double similarity);

  /** Counts a candidate pair below the threshold (the clusterer hands them over one at a time). */
  void nearMiss(int a, int b, double similarity);
}

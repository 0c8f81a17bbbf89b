package io.neardup.cli.eval;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupShingleSetAttribute;
import java.io.IOException;
import java.util.Arrays;
import org.apache.lucene.analysis.TokenStream;

/**
 * A text's shingle set as the near-duplicate filter computes it: what the exact truth ({@code
 * neardup truth}) and the report's exact similarities compare.
 */
public final class ExactShingles {
  private ExactShingles() {}

  /** The distinct shingle fingerprints of a text, ascending. */
  public static long[] shingles(NearDupAnalyzer analyzer, String text) throws IOException {
    try (TokenStream ts = analyzer.tokenStream("truth", text)) {
      NearDupShingleSetAttribute set = ts.addAttribute(NearDupShingleSetAttribute.class);
      ts.reset();
      // the filter computes the set in end(); no token needs to be read
      ts.end();
      return Arrays.copyOf(set.shingles(), set.count());
    }
  }
}

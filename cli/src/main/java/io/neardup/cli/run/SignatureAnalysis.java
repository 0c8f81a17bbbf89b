package io.neardup.cli.run;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupShingleSetAttribute;
import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.input.CorpusReader;
import io.neardup.cluster.core.Clusterer;
import java.io.IOException;
import org.apache.lucene.analysis.TokenStream;

/**
 * The signatures of a method other than MinHash ({@link SignaturePlan}), added to the clusterer:
 * from the text alone, or from the document's compact shingle set, which an earlier pass over the
 * same records may hold already ({@code compare}) or the {@code nearDup} chain computes.
 */
final class SignatureAnalysis implements DocumentAnalysis {
  private final SignaturePlan plan;
  private final Clusterer clusterer;
  private final NearDupAnalyzer analyzer;
  private final int[][] heldSets;
  private final CompactSets sets = new CompactSets();

  /**
   * @param heldSets the documents' compact shingle sets by ordinal, as an earlier pass kept them,
   *     or null to analyse the text
   */
  SignatureAnalysis(
      SignaturePlan plan, Clusterer clusterer, NearDupAnalyzer analyzer, int[][] heldSets) {
    this.plan = plan;
    this.clusterer = clusterer;
    this.analyzer = analyzer;
    this.heldSets = heldSets;
  }

  @Override
  public void analyse(int ord, CorpusReader.Record record) throws IOException {
    if (!plan.needsShingles()) {
      plan.add(clusterer, ord, record.text(), null, 0);
    } else if (heldSets != null) {
      int[] held = heldSets[ord];
      plan.add(clusterer, ord, record.text(), held, held.length);
    } else {
      try (TokenStream ts =
          analyzer.tokenStream(OpenIndex.NEARDUP_FIELDS.bandField(), record.text())) {
        NearDupShingleSetAttribute shingles = ts.addAttribute(NearDupShingleSetAttribute.class);
        ts.reset();
        ts.end(); // the filter reads the whole text once asked for the end
        int size = sets.compact(shingles);
        plan.add(clusterer, ord, record.text(), sets.buffer(), size);
      }
    }
  }
}

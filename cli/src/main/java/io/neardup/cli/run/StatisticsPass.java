package io.neardup.cli.run;

import io.neardup.cli.input.CorpusReader;

/**
 * The first pass of a two-pass method ({@code tfidf}, {@code heavy-sent}, ...): counts each
 * document's terms into the collection statistics its signatures are chosen by in the second pass.
 */
final class StatisticsPass implements DocumentAnalysis {
  private final SignaturePlan plan;

  StatisticsPass(SignaturePlan plan) {
    this.plan = plan;
  }

  @Override
  public void analyse(int ord, CorpusReader.Record record) {
    plan.count(ord, record.text());
  }
}

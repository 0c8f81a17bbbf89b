package io.neardup.cli.input;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * One analysis of each document's text into strings (its terms, its normalised sentences), by input
 * ordinal, shared by the methods of one {@code compare} run: the first pass that asks for a
 * document's strings computes them, later passes read them. Equal strings are one instance (its
 * hash computed once), so a repeated term or boilerplate sentence costs a reference. Stops keeping
 * strings once they would pass their memory budget; documents not kept are analysed again. Analysis
 * threads may ask for different documents at once.
 */
public final class AnalysisStore {
  /** Per distinct string beyond its characters: the string, its array and the map entry. */
  private static final long STRING_OVERHEAD = 96;

  private final Function<String, List<String>> analysis;
  private final String[][] byOrdinal;
  private final ConcurrentHashMap<String, String> canonical = new ConcurrentHashMap<>();
  private final AtomicLong bytes;
  private final long budget;
  private volatile boolean full;

  /**
   * @param analysis what a text's strings are
   * @param documents the number of documents (ordinals {@code [0, documents)})
   * @param bytes what the stores of the run take, this one's included; shared by them
   * @param budget the most bytes the stores of the run may take, about
   */
  public AnalysisStore(
      Function<String, List<String>> analysis, int documents, AtomicLong bytes, long budget) {
    this.analysis = analysis;
    this.byOrdinal = new String[documents][];
    this.bytes = bytes;
    this.budget = budget;
    bytes.addAndGet(16L + 4L * documents);
  }

  /** The strings of document {@code ord}, whose text is {@code text}. */
  public List<String> of(int ord, String text) {
    String[] kept = byOrdinal[ord];
    if (kept != null) {
      return Arrays.asList(kept);
    }
    List<String> strings = analysis.apply(text);
    if (full) {
      return strings;
    }
    kept = new String[strings.size()];
    long added = 16L + 4L * kept.length;
    for (int i = 0; i < kept.length; i++) {
      String s = strings.get(i);
      String first = canonical.putIfAbsent(s, s);
      if (first == null) {
        added += STRING_OVERHEAD + s.length();
        first = s;
      }
      kept[i] = first;
    }
    if (bytes.addAndGet(added) > budget) {
      full = true;
    } else {
      byOrdinal[ord] = kept;
    }
    return Arrays.asList(kept);
  }
}

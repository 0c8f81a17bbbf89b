package io.neardup.spark;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupShingleSetAttribute;
import io.neardup.analysis.NearDupSketchAttribute;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.cluster.core.Clusterer;
import io.neardup.lsh.BandHasher;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.sketch.Sketch;
import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.MainText;
import io.neardup.web.boilerplate.MainTextExtractor;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.util.NumericUtils;
import org.apache.spark.sql.Row;

/**
 * Analysis on the executors: one analyzer per task, the library's own chain ({@link
 * NearDupAnalyzer}, {@link BandHasher}, {@link CompactShingleSet}), so each document gets the same
 * tokens, sketch and band hashes as in {@code neardup dedup} and the engines.
 */
final class Analysis implements Serializable {
  private static final long serialVersionUID = 1L;

  private final DedupOptions options;
  private final int idIndex;
  private final int textIndex;
  private final int problemIndex;
  private final int[] canonicalIndexes;

  /**
   * @param problemIndex the column that says what is wrong with a record that could not be read
   *     (null when nothing is), or -1 when there is none
   * @param canonicalIndexes each policy key's column index, or -1 for the id, or -2 for the page's
   *     boilerplate fraction
   */
  Analysis(
      DedupOptions options, int idIndex, int textIndex, int problemIndex, int[] canonicalIndexes) {
    this.options = options;
    this.idIndex = idIndex;
    this.textIndex = textIndex;
    this.problemIndex = problemIndex;
    this.canonicalIndexes = canonicalIndexes;
  }

  /**
   * The documents of a partition, in order, not yet numbered; a record without a text or with a
   * null, blank or unprintable id is kept, not analysed, with its {@link Doc#problems()}, so that
   * the checks read the cached analysis rather than the input again.
   */
  Iterator<Doc> analyse(Iterator<Row> rows) {
    NearDupSettings settings = options.settings();
    NearDupAnalyzer analyzer = new NearDupAnalyzer(settings, options.normalization());
    BandHasher bandHasher = new BandHasher(settings.banding());
    CanonicalPolicy policy = options.canonicalPolicy();
    MainTextExtractor extractor = options.html() ? new MainTextExtractor(Boilerplate.LOCAL) : null;
    boolean exact = options.verification() == Verification.EXACT;
    int bands = settings.banding().bands();
    long[] hashes = new long[bands];
    return new Iterator<>() {
      int[] buffer = new int[1024];

      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public Doc next() {
        Row row = rows.next();
        long ord = -1;
        if (problemIndex >= 0 && !row.isNullAt(problemIndex)) {
          // what is wrong with it in place of its id, for the message
          return new Doc(
              ord, row.getString(problemIndex), new int[0], new int[0], null, Doc.BAD_RECORD);
        }
        String id = NearDupSpark.idOf(row, idIndex);
        String text = row.getString(textIndex);
        int problems = problems(id, text);
        if (problems != 0) {
          return new Doc(ord, id, new int[0], new int[0], null, problems);
        }
        double boilerplate = Double.NaN;
        if (extractor != null) {
          MainText main = extractor.extract(text, null);
          text = main.text();
          boilerplate = main.boilerplateFraction();
        }
        Object canonical = canonicalValue(policy, id, row, boilerplate);
        try (TokenStream ts = analyzer.tokenStream("_neardup", text)) {
          NearDupSketchAttribute sketchAtt = ts.addAttribute(NearDupSketchAttribute.class);
          NearDupShingleSetAttribute shingles =
              exact ? ts.addAttribute(NearDupShingleSetAttribute.class) : null;
          ts.reset();
          while (ts.incrementToken()) {
            // the sketch and the shingle set are read from their attributes once the stream ends
          }
          ts.end();
          Sketch sketch = sketchAtt.getSketch();
          if (sketch.isEmpty()) {
            return new Doc(ord, id, new int[0], new int[0], canonical, 0);
          }
          int[] set;
          if (exact) {
            int count = shingles.count();
            if (buffer.length < count) {
              buffer = new int[Math.max(count, buffer.length * 2)];
            }
            int size = CompactShingleSet.compact(shingles.shingles(), count, buffer);
            set = Arrays.copyOf(buffer, size);
          } else {
            set = new int[Clusterer.sketchSetSize(sketch)];
            Clusterer.sketchSet(sketch, set);
          }
          if (set.length == 0) {
            return new Doc(ord, id, set, new int[0], canonical, 0);
          }
          bandHasher.bandHashes(sketch, hashes);
          int[] keys = new int[bands];
          for (int b = 0; b < bands; b++) {
            keys[b] = (int) (hashes[b] >>> 32);
          }
          return new Doc(ord, id, set, keys, canonical, 0);
        } catch (IOException e) {
          throw new UncheckedIOException("analysing document [" + id + "]", e);
        }
      }
    };
  }

  /**
   * What is wrong with a record: no text, no id, or an id that is blank or holds a tab, line break
   * or other control character (as the CLI: such an id cannot be told apart or would break the rows
   * of the pairs file).
   */
  static int problems(String id, String text) {
    int problems = text == null ? Doc.NULL_TEXT : 0;
    if (id == null) {
      problems |= Doc.NULL_ID;
    } else if (!printable(id)) {
      problems |= Doc.BAD_ID;
    }
    return problems;
  }

  /**
   * Whether an id has a character other than a space and none the pairs file cannot hold (a tab,
   * line break or other control character); one scan, run on every document, without a matcher or a
   * trimmed copy.
   */
  private static boolean printable(String id) {
    boolean other = false;
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
        return false;
      }
      other |= c != ' ';
    }
    return other;
  }

  /** The document's value for the canonical policy, as the CLI compares it. */
  private Object canonicalValue(CanonicalPolicy policy, String id, Row row, double boilerplate) {
    if (policy.byScore()) {
      return null;
    }
    List<String> fields = policy.fields();
    Object[] values = new Object[fields.size()];
    for (int k = 0; k < values.length; k++) {
      int index = canonicalIndexes[k];
      Object v =
          index == -1
              ? id
              : index == -2 ? (Double.isNaN(boilerplate) ? null : boilerplate) : row.get(index);
      values[k] = policyValue(v);
    }
    return policy.key(values);
  }

  /** A value as the policy compares it: numbers as (sortable) longs, anything else as UTF-8. */
  static Object policyValue(Object value) {
    return switch (value) {
      case null -> null;
      case Long l -> l;
      case Integer i -> (long) i;
      case Short s -> (long) s;
      case Byte b -> (long) b;
      case Boolean b -> b ? 1L : 0L;
      case Double d -> NumericUtils.doubleToSortableLong(d);
      case Float f -> NumericUtils.doubleToSortableLong(f);
      default -> value.toString().getBytes(StandardCharsets.UTF_8);
    };
  }
}

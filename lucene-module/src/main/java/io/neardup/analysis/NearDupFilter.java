package io.neardup.analysis;

import com.dynatrace.hash4j.hashing.HashValue128;
import io.neardup.lsh.BandHasher;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.ExactFingerprint;
import io.neardup.shingle.ShingleHasher;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchParameters;
import io.neardup.sketch.Sketcher;
import io.neardup.text.NormalizationOptions;
import io.neardup.text.TextNormalizer;
import io.neardup.token.TokenEncoding;
import io.neardup.util.DistinctLongs;
import java.io.IOException;
import java.util.Arrays;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;

/**
 * Consumes all tokens of a text and emits its near-duplicate tokens instead: one band token per LSH
 * band of the text's MinHash sketch, then (when asked) the exact-duplicate token and one token per
 * distinct shingle fingerprint. Two texts whose shingle sets have Jaccard similarity s share at
 * least one band token with probability 1 − (1 − s<sup>r</sup>)<sup>b</sup>.
 *
 * <p>Input tokens should be normalised first ({@link TextNormalizationFilter}). The emitted tokens
 * are stacked at one position (the first has position increment 1, the others 0), each spans the
 * offsets of the whole text, and each carries a type: {@link #TYPE_BAND}, {@link #TYPE_EXACT} or
 * {@link #TYPE_SHINGLE}. A text with no tokens emits no band tokens and no shingle tokens (it must
 * never look like every other empty text), only the exact token if enabled.
 *
 * <p>After {@link #end()}, {@link NearDupSketchAttribute} holds the sketch of the text and, when
 * the settings keep shingles or the filter was asked to {@linkplain #NearDupFilter(TokenStream,
 * NearDupSettings, boolean) keep the shingle set}, {@link NearDupShingleSetAttribute} its distinct
 * shingle fingerprints.
 *
 * <p>When the input is a {@link TextNormalizationFilter}, this filter reads that filter's input
 * itself and normalises each token as it hashes it: a token of the letters a–z only, which no
 * normalisation changes, is checked on the words its hash reads anyway, and only the others go
 * through the normaliser. The tokens, the sketch and the final state are the same as through the
 * normalisation filter, at less cost.
 *
 * <pre>{@code
 * Analyzer analyzer = new NearDupAnalyzer(NearDupSettings.builder().threshold(0.8).build());
 * }</pre>
 *
 * <p>Memory per document grows with its number of shingles (8 bytes each, reused across documents).
 *
 * <p>With a streaming scheme ({@link io.neardup.sketch.SketchScheme#OPH}) and without shingle
 * tokens, shingles are not deduplicated: the sketch does not change, and its {@linkplain
 * Sketch#shingleCount() shingle count} is the number of shingles with repeats, an upper bound of
 * the distinct count (exact for texts that repeat no shingle). Emitting shingle tokens keeps the
 * count exact.
 */
public final class NearDupFilter extends TokenFilter {
  /** Type of band tokens. */
  public static final String TYPE_BAND = "<NEARDUP_BAND>";

  /** Type of the exact-duplicate token. */
  public static final String TYPE_EXACT = "<NEARDUP_EXACT>";

  /** Type of shingle tokens. */
  public static final String TYPE_SHINGLE = "<NEARDUP_SHINGLE>";

  private final CharTermAttribute termAtt = addAttribute(CharTermAttribute.class);
  private final OffsetAttribute offsetAtt = addAttribute(OffsetAttribute.class);
  private final PositionIncrementAttribute posIncAtt =
      addAttribute(PositionIncrementAttribute.class);
  private final PositionLengthAttribute posLenAtt = addAttribute(PositionLengthAttribute.class);
  private final TypeAttribute typeAtt = addAttribute(TypeAttribute.class);
  private final NearDupSketchAttribute sketchAtt = addAttribute(NearDupSketchAttribute.class);
  private final NearDupShingleSetAttribute shingleSetAtt;

  private final NearDupSettings settings;
  private final ShingleHasher shingler;
  private final Sketcher sketcher;
  private final BandHasher bandHasher;
  private final ExactFingerprint exact;

  /** What the tokens are read from: the input, or the input of a normalisation filter. */
  private final TokenStream source;

  /** Normalises the tokens read from {@link #source}, or null when the input is read as it is. */
  private final TextNormalizer normalizer;

  private final boolean deduplicate;
  private final long[] bandHashes;
  // the shingles of the text when they are deduplicated: collected, then sorted and made distinct
  private long[] sortedShingles = new long[256];
  private final DistinctLongs sorter = new DistinctLongs();
  private int collected;

  // while the input is consumed: the offsets of the kept tokens, and the position increments of
  // the tokens normalisation removed since the last kept one (a normalisation filter would carry
  // them into the final state)
  private int firstStart;
  private int lastEnd;
  private int skippedPositions;
  private char[] scratch = new char[64];
  private final FastStandardTokenizer.TokenSink tokenSink = this::add;

  private boolean consumed;
  private State finalState;
  private Sketch sketch;
  private int startOffset;
  private int endOffset;
  private HashValue128 exactValue;
  private int bandTokens;
  private int exactTokens;
  private int shingleTokens;
  private int keptShingles;
  private int next;

  /**
   * A filter with the given settings. When {@code input} is a {@link TextNormalizationFilter}, this
   * filter reads that filter's input and normalises the tokens itself, with the same options, as
   * {@link #NearDupFilter(TokenStream, NearDupSettings, NormalizationOptions)} does: this is the
   * one place where the two filters are fused, and the result is the same either way.
   */
  public NearDupFilter(TokenStream input, NearDupSettings settings) {
    this(input, settings, false);
  }

  /**
   * As {@link #NearDupFilter(TokenStream, NearDupSettings)}; with {@code keepShingleSet}, the
   * distinct shingle fingerprints are set in {@link NearDupShingleSetAttribute} after {@code end()}
   * even when the settings emit no shingle tokens: what exact verification stores, without a term
   * per shingle in the index.
   */
  public NearDupFilter(TokenStream input, NearDupSettings settings, boolean keepShingleSet) {
    this(
        input instanceof TextNormalizationFilter n ? n.source() : input,
        settings,
        input instanceof TextNormalizationFilter n ? n.normalizer() : null,
        input,
        keepShingleSet);
  }

  /**
   * A filter that normalises the tokens of {@code input} itself, as a {@link
   * TextNormalizationFilter} with {@code normalization} right before it would (the tokens, the
   * sketch and the final state are the same), but in the pass that hashes them: a token of the
   * letters a–z only, which {@linkplain TextNormalizer#leavesUnchanged no normalisation changes},
   * is hashed as it is, and only the others go through the normaliser.
   *
   * @param input the tokenizer's tokens, not normalised
   */
  public NearDupFilter(
      TokenStream input, NearDupSettings settings, NormalizationOptions normalization) {
    this(input, settings, normalization, false);
  }

  /**
   * As {@link #NearDupFilter(TokenStream, NearDupSettings, NormalizationOptions)}, keeping the
   * shingle set as {@link #NearDupFilter(TokenStream, NearDupSettings, boolean)} does.
   */
  public NearDupFilter(
      TokenStream input,
      NearDupSettings settings,
      NormalizationOptions normalization,
      boolean keepShingleSet) {
    this(input, settings, new TextNormalizer(normalization), input, keepShingleSet);
  }

  /**
   * @param source where tokens are read from
   * @param normalizer normalises them, or null when they come normalised
   * @param input the filter's input (the normalisation filter when fused with one)
   */
  private NearDupFilter(
      TokenStream source,
      NearDupSettings settings,
      TextNormalizer normalizer,
      TokenStream input,
      boolean keepShingleSet) {
    super(input);
    this.settings = settings;
    SketchParameters p = settings.sketch();
    this.sketcher = new Sketcher(p);
    boolean keepSet = settings.shingles() || keepShingleSet;
    // a streaming scheme needs no set of distinct shingles unless they are asked for
    this.deduplicate = keepSet || !sketcher.streams();
    this.shingler =
        new ShingleHasher(
            p.shingleUnit(),
            p.shingleSize(),
            p.seed(),
            deduplicate ? this::collect : sketcher::add);
    this.bandHasher = new BandHasher(settings.banding());
    this.bandHashes = new long[settings.banding().bands()];
    this.exact = settings.exact() ? new ExactFingerprint() : null;
    this.shingleSetAtt = keepSet ? addAttribute(NearDupShingleSetAttribute.class) : null;
    this.source = source;
    this.normalizer = normalizer;
  }

  /** A filter with the default settings. */
  public NearDupFilter(TokenStream input) {
    this(input, NearDupSettings.DEFAULT);
  }

  /** The settings of this filter. */
  public NearDupSettings settings() {
    return settings;
  }

  @Override
  public boolean incrementToken() throws IOException {
    if (!consumed) {
      consume();
    }
    if (next >= bandTokens + exactTokens + shingleTokens) {
      return false;
    }
    clearAttributes();
    int i = next++;
    char[] buffer = termAtt.resizeBuffer(TokenEncoding.EXACT_TOKEN_LENGTH);
    if (i < bandTokens) {
      termAtt.setLength(TokenEncoding.writeBandToken(i, bandHashes[i], buffer));
      typeAtt.setType(TYPE_BAND);
    } else if (i < bandTokens + exactTokens) {
      termAtt.setLength(
          TokenEncoding.writeExactToken(
              exactValue.getMostSignificantBits(), exactValue.getLeastSignificantBits(), buffer));
      typeAtt.setType(TYPE_EXACT);
    } else {
      termAtt.setLength(
          TokenEncoding.writeShingleToken(sortedShingles[i - bandTokens - exactTokens], buffer));
      typeAtt.setType(TYPE_SHINGLE);
    }
    posIncAtt.setPositionIncrement(i == 0 ? 1 : 0);
    posLenAtt.setPositionLength(1);
    offsetAtt.setOffset(startOffset, endOffset);
    return true;
  }

  private void consume() throws IOException {
    consumed = true;
    firstStart = -1;
    lastEnd = 0;
    skippedPositions = 0;
    if (normalizer != null && source instanceof FastStandardTokenizer tokenizer) {
      // the tokenizer hands its tokens over where they are in the text, without its attributes
      tokenizer.forEachToken(tokenSink);
    } else {
      while (source.incrementToken()) {
        add(
            termAtt.buffer(),
            0,
            termAtt.length(),
            offsetAtt.startOffset(),
            offsetAtt.endOffset(),
            posIncAtt.getPositionIncrement());
      }
    }
    startOffset = Math.max(firstStart, 0);
    endOffset = lastEnd;
    input.end();
    if (normalizer != null) {
      posIncAtt.setPositionIncrement(posIncAtt.getPositionIncrement() + skippedPositions);
    }
    finalState = captureState();
    shingler.finish();

    int distinct;
    if (deduplicate) {
      // sorting once and dropping repeats costs less than a hash set and gives the sorted set too
      distinct = sorter.sortDistinct(sortedShingles, collected);
      sketch = sketcher.sketch(sortedShingles, distinct, distinct);
    } else {
      distinct = 0;
      sketch = sketcher.finish(sketcher.addedCount());
    }
    if (!sketch.isEmpty()) {
      bandHasher.bandHashes(sketch, bandHashes);
      bandTokens = bandHashes.length;
    }
    if (exact != null) {
      exactValue = exact.get();
      exactTokens = 1;
    }
    if (settings.shingles()) {
      shingleTokens = distinct;
    }
    keptShingles = distinct;
  }

  /**
   * Normalises one token of the source (when this filter normalises) and hashes it; a token that
   * normalisation empties is dropped, its position increment kept for the final state.
   */
  private void add(
      char[] buffer,
      int offset,
      int length,
      int tokenStartOffset,
      int tokenEndOffset,
      int positionIncrement) {
    if (normalizer == null || !shingler.addIfLowercaseLetters(buffer, offset, length)) {
      if (normalizer != null) {
        if (offset != 0) {
          // the characters are the tokenizer's text: normalised in a copy
          if (scratch.length < length) {
            scratch = new char[Math.max(length, 2 * scratch.length)];
          }
          System.arraycopy(buffer, offset, scratch, 0, length);
          buffer = scratch;
          offset = 0;
        }
        int normalized = normalizer.normalizeAsciiInPlace(buffer, length);
        if (normalized < 0) {
          normalized = normalizer.normalize(buffer, 0, length);
          buffer = normalizer.buffer();
        }
        length = normalized;
      }
      if (length == 0) {
        skippedPositions += positionIncrement;
        return;
      }
      shingler.addToken(buffer, offset, length);
    }
    skippedPositions = 0;
    if (exact != null) {
      exact.addToken(buffer, offset, length);
    }
    if (firstStart < 0) {
      firstStart = tokenStartOffset;
    }
    lastEnd = Math.max(lastEnd, tokenEndOffset);
  }

  private void collect(long fingerprint) {
    if (collected == sortedShingles.length) {
      sortedShingles = Arrays.copyOf(sortedShingles, collected * 2);
    }
    sortedShingles[collected++] = fingerprint;
  }

  @Override
  public void end() throws IOException {
    if (!consumed) {
      consume();
    }
    if (finalState != null) {
      restoreState(finalState);
    } else {
      // consuming the input failed part-way (e.g. the reader threw): the input still has to end
      super.end();
    }
    sketchAtt.setSketch(sketch);
    if (shingleSetAtt != null) {
      shingleSetAtt.setShingles(sortedShingles, keptShingles);
    }
  }

  @Override
  public void reset() throws IOException {
    super.reset();
    consumed = false;
    finalState = null;
    sketch = null;
    startOffset = 0;
    endOffset = 0;
    exactValue = null;
    bandTokens = 0;
    exactTokens = 0;
    shingleTokens = 0;
    keptShingles = 0;
    next = 0;
    collected = 0;
    sketcher.clear();
    shingler.reset();
    if (exact != null) {
      exact.reset();
    }
  }
}

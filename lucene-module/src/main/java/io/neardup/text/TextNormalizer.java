package io.neardup.text;

import java.nio.CharBuffer;
import java.text.Normalizer;
import java.util.Arrays;

/**
 * Normalises one token at a time: Unicode NFKC, lower case, punctuation and pseudo-graphics
 * removed, digits kept, dropped or masked, as the {@link NormalizationOptions} say. Copies of a
 * page that differ only in case, typography (curly quotes, dashes, ligatures, full-width letters)
 * or decoration then produce the same shingles.
 *
 * <p>ASCII tokens, the common case, never allocate; a token with other characters allocates only
 * when it is not already in NFKC. Not thread-safe: the output buffer is reused.
 */
public final class TextNormalizer {
  /** Marks an ASCII character that normalisation removes. */
  private static final char DROP = '\uFFFF';

  private final NormalizationOptions options;
  private final char[] asciiMap = new char[128];
  private char[] output = new char[32];
  private int length;

  public TextNormalizer(NormalizationOptions options) {
    this.options = options;
    // ASCII is already NFKC: its mapping is one table lookup per character
    for (char c = 0; c < 128; c++) {
      asciiMap[c] = mapAscii(c, options);
    }
  }

  private static char mapAscii(char c, NormalizationOptions options) {
    if (options.dropPunctuation() && isPunctuation(c)) {
      return DROP;
    }
    if (c >= '0' && c <= '9') {
      return switch (options.digits()) {
        case KEEP -> c;
        case DROP -> DROP;
        case MASK -> '0';
      };
    }
    return options.lowercase() ? Character.toLowerCase(c) : c;
  }

  /** The options applied. */
  public NormalizationOptions options() {
    return options;
  }

  /**
   * Whether every normalisation leaves this token as it is: true for a token of the letters a–z
   * only, whatever the options (lower case, NFKC, punctuation and digits never touch them). The
   * contract that lets a hashing pass skip the normaliser for such tokens.
   */
  public static boolean leavesUnchanged(char[] buffer, int offset, int length) {
    if (length == 0) {
      return false;
    }
    for (int i = offset; i < offset + length; i++) {
      char c = buffer[i];
      if (c < 'a' || c > 'z') {
        return false;
      }
    }
    return true;
  }

  /**
   * Normalises {@code buffer[offset, offset + len)}; the result is in {@link #buffer()}{@code [0,
   * }{@link #length()}{@code )} until the next call. Returns the new length, 0 if nothing is left.
   */
  public int normalize(char[] buffer, int offset, int len) {
    if (output.length < len) {
      output = new char[Math.max(len, output.length * 2)];
    }
    int out = 0;
    for (int i = offset, end = offset + len; i < end; i++) {
      char c = buffer[i];
      if (c >= 0x80) {
        return normalizeUnicode(buffer, offset, len);
      }
      char mapped = asciiMap[c];
      if (mapped != DROP) {
        output[out++] = mapped;
      }
    }
    length = out;
    return out;
  }

  /**
   * Normalises {@code buffer[0, len)} in place when it is all ASCII, the common case: the result is
   * then in {@code buffer[0, returned length)}, which may be 0. Returns -1, with the buffer
   * untouched, when a character is not ASCII; use {@link #normalize} for those.
   */
  public int normalizeAsciiInPlace(char[] buffer, int len) {
    // most tokens are ASCII that normalisation leaves as it is (lower-case words): one pass that
    // only reads; the buffer is written only from the first character that changes
    int i = 0;
    while (i < len) {
      char c = buffer[i];
      if (c >= 0x80) {
        return -1;
      }
      if (asciiMap[c] != c) {
        break;
      }
      i++;
    }
    if (i == len) {
      return len;
    }
    for (int j = i + 1; j < len; j++) {
      if (buffer[j] >= 0x80) {
        return -1;
      }
    }
    int out = i;
    for (; i < len; i++) {
      char mapped = asciiMap[buffer[i]];
      if (mapped != DROP) {
        buffer[out++] = mapped;
      }
    }
    return out;
  }

  private int normalizeUnicode(char[] buffer, int offset, int len) {
    char[] src = buffer;
    int start = offset;
    int end = offset + len;
    if (options.nfkc()) {
      CharBuffer view = CharBuffer.wrap(buffer, offset, len);
      if (!Normalizer.isNormalized(view, Normalizer.Form.NFKC)) {
        String normalized = Normalizer.normalize(view, Normalizer.Form.NFKC);
        src = normalized.toCharArray();
        start = 0;
        end = src.length;
      }
    }
    if (output.length < (end - start) * 2) {
      output = new char[Math.max((end - start) * 2, output.length * 2)];
    }
    int out = 0;
    for (int i = start; i < end; ) {
      int cp = Character.codePointAt(src, i, end);
      i += Character.charCount(cp);
      if (options.dropPunctuation() && isPunctuation(cp)) {
        continue;
      }
      if (Character.isDigit(cp)) {
        switch (options.digits()) {
          case DROP:
            continue;
          case MASK:
            cp = '0';
            break;
          case KEEP:
            break;
        }
      } else if (options.lowercase()) {
        cp = Character.toLowerCase(cp);
      }
      if (out + 2 > output.length) {
        output = Arrays.copyOf(output, output.length * 2);
      }
      out += Character.toChars(cp, output, out);
    }
    length = out;
    return out;
  }

  /** The normalised characters of the last call. */
  public char[] buffer() {
    return output;
  }

  /** The length of the last result. */
  public int length() {
    return length;
  }

  /**
   * Punctuation, symbols (math, currency, modifiers, and "other" symbols such as box drawing and
   * dingbats, the pseudo-graphics of plain-text pages), control and invisible format characters.
   */
  static boolean isPunctuation(int cp) {
    if (cp < 0x80) {
      return !(Character.isLetterOrDigit(cp) || cp == ' ') || Character.isISOControl(cp);
    }
    return switch (Character.getType(cp)) {
      case Character.CONNECTOR_PUNCTUATION,
          Character.DASH_PUNCTUATION,
          Character.START_PUNCTUATION,
          Character.END_PUNCTUATION,
          Character.INITIAL_QUOTE_PUNCTUATION,
          Character.FINAL_QUOTE_PUNCTUATION,
          Character.OTHER_PUNCTUATION,
          Character.MATH_SYMBOL,
          Character.CURRENCY_SYMBOL,
          Character.MODIFIER_SYMBOL,
          Character.OTHER_SYMBOL,
          Character.CONTROL,
          Character.FORMAT ->
          true;
      default -> false;
    };
  }
}

package io.neardup.cli.input;

import io.neardup.cli.options.InputOptions;
import io.neardup.signature.SentenceSignature;
import io.neardup.signature.Terms;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An input that a command goes over several times ({@code compare}: the truth, then every method),
 * read and parsed once. The first pass keeps what the reader gives, records and bad records in
 * order, while they fit a memory budget; later passes replay them, so each sees what reading the
 * input again would give (the same records and ordinals, the same bad records reported, the same
 * progress). An input beyond the budget is read again by every pass, as are web pages, whose main
 * text each pass extracts itself (with its statistics and {@code --keep-text} files).
 *
 * <p>Beside the records it may hold each document's compact shingle set, by ordinal, so that the
 * methods that need no more than that set (min-m, mod-n) do not tokenise and shingle the texts
 * again.
 */
public final class HeldInput {
  /** Per record beyond its strings: the record, its list slot, its position. */
  private static final long RECORD_OVERHEAD = 96;

  /** Per set beyond its ints: the array header and its slot. */
  private static final long SET_OVERHEAD = 24;

  private enum State {
    UNREAD,
    HOLDING,
    HELD,
    NOT_HELD
  }

  private final InputOptions input;
  private final long budget;
  private State state = State.UNREAD;
  // records and bad records in input order, and the reader's position after each
  private List<Object> items = new ArrayList<>();
  private long[] positions = new long[1024];
  private long size;
  private List<String> notes = List.of();
  private long bytes;
  private int records;
  private int[][] compactSets;
  // each document's terms and normalised sentences, for the signature methods
  private final AtomicLong analysisBytes = new AtomicLong();
  private AnalysisStore terms;
  private AnalysisStore sentences;

  /**
   * @param budget the most bytes the held records (and sets) may take, about; 0 to hold nothing
   */
  public HeldInput(InputOptions input, long budget) {
    this.input = input;
    this.budget = budget;
  }

  /**
   * A reader of the input for the next pass: the first pass reads the input (holding it), later
   * passes replay what was held, or read the input again if it was not.
   */
  public CorpusReader open() throws IOException {
    if (state == State.HELD) {
      return new Replay();
    }
    CorpusReader reader = CorpusReader.open(input);
    if (state == State.UNREAD && budget > 0 && WebCorpus.kind(input) == WebCorpus.Kind.TEXT) {
      state = State.HOLDING;
      return new Holding(reader);
    }
    return reader;
  }

  /** Whether later passes replay the input rather than read it. */
  public boolean held() {
    return state == State.HELD;
  }

  /** About how many bytes the held input takes, with what it keeps of its analysis. */
  public long bytes() {
    return bytes + analysisBytes.get();
  }

  /**
   * Keeps the documents' compact shingle sets, by ordinal, when the input is held and they fit the
   * budget too; otherwise drops them.
   *
   * @return whether they are kept
   */
  public boolean keepCompactSets(int[][] sets) {
    if (state != State.HELD) {
      return false;
    }
    long setBytes = 0;
    for (int[] s : sets) {
      setBytes += SET_OVERHEAD + 4L * (s == null ? 0 : s.length);
    }
    if (bytes + setBytes > budget) {
      return false;
    }
    compactSets = sets;
    bytes += setBytes;
    return true;
  }

  /**
   * Where the signature methods keep each document's terms ({@link Terms#of}) for the next, within
   * what the budget leaves; null when the input is not held.
   */
  public AnalysisStore terms() {
    if (state == State.HELD && terms == null) {
      terms = new AnalysisStore(Terms::of, records, analysisBytes, budget - bytes);
    }
    return terms;
  }

  /**
   * Where the sentence methods keep each document's normalised sentences ({@link
   * SentenceSignature#normalizedSentences}) for the next; null when the input is not held.
   */
  public AnalysisStore sentences() {
    if (state == State.HELD && sentences == null) {
      sentences =
          new AnalysisStore(
              SentenceSignature::normalizedSentences, records, analysisBytes, budget - bytes);
    }
    return sentences;
  }

  /** The compact shingle sets by ordinal, as the reader numbers records, or null if not kept. */
  public int[][] compactSets() {
    return compactSets;
  }

  private void keep(Object item, long itemBytes, long position) {
    if (items == null) {
      return;
    }
    bytes += itemBytes;
    if (bytes > budget) {
      // too large: this pass goes on reading, and so will every later one
      items = null;
      positions = null;
      bytes = 0;
      return;
    }
    if (items.size() == positions.length) {
      positions = Arrays.copyOf(positions, positions.length * 2);
    }
    positions[items.size()] = position;
    items.add(item);
  }

  public static long bytes(CorpusReader.Record r) {
    long b = RECORD_OVERHEAD + 2L * (r.id().length() + r.location().length());
    b += 2L * r.text().length();
    for (Map.Entry<String, Object> e : r.fields().entrySet()) {
      b += 64 + 2L * e.getKey().length();
      if (e.getValue() instanceof String s) {
        b += 2L * s.length();
      }
    }
    return b;
  }

  /** The first pass: reads the input and keeps what it reads. */
  private final class Holding extends CorpusReader {
    private final CorpusReader source;
    private boolean ended;

    Holding(CorpusReader source) {
      super(input.input);
      this.source = source;
    }

    @Override
    Record read() throws IOException, BadRecord {
      Record r;
      try {
        r = source.read();
      } catch (BadRecord bad) {
        keep(bad, RECORD_OVERHEAD + 2L * bad.getMessage().length(), source.position());
        throw bad;
      }
      if (r == null) {
        ended = true;
      } else {
        keep(r, bytes(r), source.position());
        records++;
      }
      return r;
    }

    @Override
    public long position() {
      return source.position();
    }

    @Override
    public long size() {
      return source.size();
    }

    @Override
    public List<String> notes() {
      return source.notes();
    }

    @Override
    public void close() throws IOException {
      source.close();
      // a pass that stopped early (a bad record with --on-error fail) leaves the input unread
      if (ended && items != null) {
        size = source.size();
        notes = source.notes();
        state = State.HELD;
      } else {
        items = null;
        positions = null;
        bytes = 0;
        state = State.NOT_HELD;
      }
    }
  }

  /** A later pass: plays back what the first one read. */
  private final class Replay extends CorpusReader {
    private int next;

    Replay() {
      super(input.input);
    }

    @Override
    Record read() throws BadRecord {
      if (next == items.size()) {
        return null;
      }
      Object item = items.get(next++);
      if (item instanceof BadRecord bad) {
        throw bad;
      }
      return (Record) item;
    }

    @Override
    public long position() {
      return next == 0 ? 0 : positions[next - 1];
    }

    @Override
    public long size() {
      return size;
    }

    @Override
    public List<String> notes() {
      return notes;
    }

    @Override
    public void close() {}
  }
}

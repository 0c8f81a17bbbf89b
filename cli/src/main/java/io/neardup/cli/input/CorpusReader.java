package io.neardup.cli.input;

import io.neardup.cli.options.InputOptions;
import io.neardup.cli.output.CliFailure;
import io.neardup.web.boilerplate.ExplainedText;
import java.io.CharArrayReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.lucene.index.IndexWriter;

/**
 * Reads the documents of a corpus one record at a time, in input order: the lines of a JSONL file
 * (plain or gzip-compressed), or the text files under a directory. A bad record is thrown as {@link
 * BadRecord}, naming where it is and what is wrong, and reading can go on with the next one.
 *
 * <p>Both kinds of input follow the same rules: a record must be valid UTF-8 (nothing is silently
 * replaced), at most {@link #MAX_RECORD_BYTES} long, and its id must be neither blank nor hold a
 * tab or line break, which would break the rows of the pairs file.
 */
public abstract class CorpusReader implements Closeable {
  /** Field names starting with this are the tool's own in the index; input fields never are. */
  public static final String RESERVED_PREFIX = "_";

  public static final int RECORD_PARTS = 16;
  static final int PAGE_PARTS = 32;

  /**
   * The most bytes a record (a JSONL line or a text file) may have: a longer one is a bad record.
   * The bound is memory, not the format: a record is held several times over while it is decoded,
   * parsed and analysed (up to about ten times its size), possibly on every analysis thread at
   * once, so it is a sixteenth of the heap, at most 256 MiB. A record over it is reported with the
   * heap that would take it, instead of ending the run in an {@link OutOfMemoryError}.
   */
  static final int MAX_RECORD_BYTES = heapShare(RECORD_PARTS);

  /** {@link #MAX_RECORD_BYTES} for a web page, whose tree costs more again: a 32nd of the heap. */
  static final int MAX_PAGE_BYTES = heapShare(PAGE_PARTS);

  /** {@link #MAX_RECORD_BYTES} as users read it. */
  static final String MAX_RECORD_SIZE = mebibytes(MAX_RECORD_BYTES);

  private static int heapShare(int parts) {
    return (int) Math.min(256L << 20, Runtime.getRuntime().maxMemory() / parts);
  }

  public static String mebibytes(long bytes) {
    return bytes >= (10L << 20)
        ? (bytes >> 20) + " MiB"
        : String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / (double) (1 << 20));
  }

  /**
   * Why a record of {@code bytes} is too large, and how to read it anyway.
   *
   * @param what the record, e.g. {@code "line"} or {@code "page"}
   * @param bytes its size, or -1 if only known to be larger than the bound
   * @param parts the share of the heap it may have: {@link #RECORD_PARTS} or {@link #PAGE_PARTS}
   */
  static String tooLarge(String what, long bytes, int parts) {
    int bound = heapShare(parts);
    long heap = Runtime.getRuntime().maxMemory();
    return what
        + " must be at most "
        + mebibytes(bound)
        + " with this heap ("
        + mebibytes(heap)
        + "), got "
        + (bytes < 0 ? "a longer one" : mebibytes(bytes) + " (" + bytes + " bytes)")
        + moreMemory(bytes < 0 ? heap * 4 : bytes * parts, parts);
  }

  /**
   * How to give neardup a heap of at least {@code needed} bytes, and the records it then takes.
   *
   * @param parts the share of the heap a record may have ({@code 16} for text, {@code 32} for a web
   *     page)
   */
  public static String moreMemory(long needed, int parts) {
    long gib = Math.max(1, (needed + (1L << 30) - 1) >> 30);
    return ": give neardup more memory (NEARDUP_JAVA_OPTS=-Xmx"
        + gib
        + "g takes "
        + (parts == PAGE_PARTS ? "pages" : "records")
        + " of up to "
        + mebibytes(Math.min(256L << 20, (gib << 30) / parts))
        + ")";
  }

  /**
   * One document. Its text may be deferred: a web page's main text is extracted by the analysis
   * thread that first asks for it, not by the one thread that reads the input.
   */
  public static final class Record {
    private final String id;
    private final Map<String, Object> fields;
    private final String location;
    private String text;
    private Supplier<String> deferred;
    // the text as read, until text() makes its string: the analysis reads the characters as they
    // are, where a string would be compressed to one byte per character and expanded again
    private char[] chars;
    // a web page's blocks and why each was kept or dropped, when the reader was asked for them
    private ExplainedText explained;

    /**
     * @param id the unique id
     * @param text the text
     * @param fields the other fields asked for: {@link Long}, {@link Double} or {@link String}
     *     values
     * @param location where the record is, e.g. {@code corpus.jsonl:12}
     */
    Record(String id, String text, Map<String, Object> fields, String location) {
      this.id = id;
      this.text = text;
      this.fields = fields;
      this.location = location;
    }

    /** A record whose text is the characters given, which the record keeps. */
    static Record ofChars(String id, char[] text, Map<String, Object> fields, String location) {
      Record r = new Record(id, null, fields, location);
      r.chars = text;
      return r;
    }

    /** A record whose text is computed on first use, on the thread that uses it. */
    static Record deferred(
        String id, Supplier<String> text, Map<String, Object> fields, String location) {
      Record r = new Record(id, null, fields, location);
      r.deferred = text;
      return r;
    }

    public String id() {
      return id;
    }

    /** The text; one thread at a time (records are handed from thread to thread, not shared). */
    public String text() {
      if (deferred != null) {
        text = deferred.get();
        deferred = null;
      } else if (chars != null) {
        text = new String(chars);
        chars = null;
      }
      return text;
    }

    /** The text as a reader, for analysis: its characters, without making a string of them. */
    public Reader textReader() {
      return chars != null ? new CharArrayReader(chars) : new StringReader(text());
    }

    public Map<String, Object> fields() {
      return fields;
    }

    /**
     * A web page's blocks and why each was kept or dropped, once {@link #text()} has extracted its
     * main text, when the input was read for a report ({@link InputOptions#forReport()}); else
     * null.
     */
    public ExplainedText explained() {
      return explained;
    }

    void explained(ExplainedText explained) {
      this.explained = explained;
    }

    public String location() {
      return location;
    }
  }

  /** A record that cannot be indexed. */
  public static final class BadRecord extends Exception {
    private static final long serialVersionUID = 1L;
    private final String location;
    private final String problem;

    BadRecord(String location, String problem) {
      super(location + ": " + problem);
      this.location = location;
      this.problem = problem;
    }

    /** Where the record is, e.g. {@code corpus.jsonl:12}. */
    public String location() {
      return location;
    }

    /** What is wrong with it. */
    public String problem() {
      return problem;
    }
  }

  /**
   * Makes records whose id {@code indexed} knows bad records ({@code index --append} adds new
   * documents only).
   *
   * @param indexName the index, for the message
   */
  public CorpusReader rejectIndexedIds(
      java.util.function.Predicate<String> indexed, String indexName) {
    this.indexedIds = indexed;
    this.indexName = indexName;
    return this;
  }

  /** The input as named by the user, for messages. */
  public final String name;

  private final Map<String, String> seenIds = new HashMap<>();
  // ids already in the index an append adds to: a record with one is bad, never an overwrite
  private java.util.function.Predicate<String> indexedIds = id -> false;
  private String indexName;
  private final CharsetDecoder utf8 =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);
  private char[] chars = new char[1 << 16];
  private long records;
  private long badRecords;

  CorpusReader(Path input) {
    this.name = input.toString();
  }

  /**
   * Opens the input the options name: web pages (a directory of HTML files, JSONL with {@code
   * --html-field}, a WARC file) through {@link WebCorpus}, text otherwise.
   */
  public static CorpusReader open(InputOptions input) throws IOException {
    CorpusReader web = WebCorpus.open(input);
    return web != null ? web : open(input.input, input.idField, input.textField, input.fields());
  }

  /**
   * What the reader set aside besides bad records, one line each for the summary (e.g. records of a
   * WARC file that are not HTML pages); empty if nothing.
   */
  public List<String> notes() {
    return List.of();
  }

  /**
   * Opens a JSONL file, plain or gzip-compressed, or a directory of text files.
   *
   * @param fields the JSONL fields to read besides the id and the text, e.g. the field of a
   *     canonical policy; no other field is read, so none can make a record bad
   * @throws CliFailure if the input is compressed in a format that is not read ({@link
   *     #unreadable})
   */
  public static CorpusReader open(Path input, String idField, String textField, Set<String> fields)
      throws IOException {
    if (Files.isDirectory(input)) {
      return new TextFiles(input);
    }
    String problem = unreadable(input);
    if (problem != null) {
      throw new CliFailure(problem);
    }
    return new JsonLines(input, idField, textField, fields);
  }

  /**
   * Why a JSONL input cannot be read at all, found from its first bytes before any work starts: it
   * is compressed with zstd, xz or bzip2, which only gzip is read of (the JDK has no other
   * decompressor, and a native one is not worth shipping for a step users do in one command).
   *
   * @return a message saying how to decompress it, or null if it can be read
   */
  public static String unreadable(Path input) throws IOException {
    if (Files.isDirectory(input)) {
      return null;
    }
    byte[] head = new byte[Compression.MAX_MAGIC];
    int n;
    try (InputStream in = Files.newInputStream(input)) {
      n = in.readNBytes(head, 0, head.length);
    }
    Compression c = Compression.of(head, n);
    if (c == null || c.decompress == null) {
      return null;
    }
    return input
        + " is compressed with "
        + c.format
        + ", which neardup does not read: decompress it first ("
        + c.decompress
        + " "
        + input
        + ") or compress it with gzip";
  }

  /**
   * The next record, or null at the end.
   *
   * @throws BadRecord if the next record is bad; the following call reads the one after it
   * @throws CliFailure at the end if every record read was bad: such a run has nothing to index and
   *     most likely read the wrong input
   */
  public final Record next() throws IOException, BadRecord {
    Record r;
    try {
      r = read();
    } catch (BadRecord e) {
      badRecords++;
      throw e;
    }
    if (r == null) {
      if (records == 0 && badRecords > 0) {
        throw new CliFailure(
            name
                + ": all "
                + badRecords
                + (badRecords == 1 ? " record" : " records")
                + " read are bad (see above): nothing to index; is it the right input?");
      }
      return null;
    }
    String first = seenIds.putIfAbsent(r.id(), r.location());
    if (first != null) {
      badRecords++;
      throw new BadRecord(r.location(), "duplicate id [" + r.id() + "], first seen at " + first);
    }
    if (indexedIds.test(r.id())) {
      badRecords++;
      throw new BadRecord(
          r.location(),
          "id ["
              + r.id()
              + "] is already in the index at "
              + indexName
              + ": --append adds new documents only");
    }
    records++;
    return r;
  }

  /** The regular, non-hidden files under a directory, in the order of their relative paths. */
  static List<Path> files(Path root) throws IOException {
    List<Path> found = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(root)) {
      walk.filter(p -> Files.isRegularFile(p) && !hidden(root.relativize(p))).forEach(found::add);
    }
    found.sort((a, b) -> relative(root, a).compareTo(relative(root, b)));
    return found;
  }

  private static boolean hidden(Path relative) {
    for (Path part : relative) {
      if (part.toString().startsWith(".")) {
        return true;
      }
    }
    return false;
  }

  /** A file's path relative to the directory, with {@code /} separators: its id. */
  static String relative(Path root, Path file) {
    return root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
  }

  /** Reads the next record without the duplicate check. */
  abstract Record read() throws IOException, BadRecord;

  /** How much of the input has been read, in {@link #size()} units. */
  public abstract long position();

  /**
   * The size of the input: bytes of a file (compressed bytes if it is), or files of a directory.
   */
  public abstract long size();

  static void checkTermLength(String location, String what, String value) throws BadRecord {
    int bytes = value.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > IndexWriter.MAX_TERM_LENGTH) {
      throw new BadRecord(
          location,
          what + " is " + bytes + " bytes long, at most " + IndexWriter.MAX_TERM_LENGTH + " fit");
    }
  }

  /**
   * Checks an id: a tab, line break or other control character in it would break the rows of the
   * outputs, and a blank id cannot be told apart in them.
   */
  static void checkId(String location, String id) throws BadRecord {
    if (id.isBlank()) {
      throw new BadRecord(
          location, "id must not be empty or whitespace only, got [" + printable(id) + "]");
    }
    if (id.chars().anyMatch(CorpusReader::breaksRows)) {
      throw new BadRecord(
          location,
          "id must not contain a tab, line break or other control character, got ["
              + printable(id)
              + "]");
    }
    checkTermLength(location, "id", id);
  }

  /**
   * Whether a character has no place in an id: the pairs file's tab and line breaks, the other
   * control characters (NUL, ...) and the Unicode line and paragraph separators, which tools
   * reading the TSV or JSONL outputs take for line breaks or choke on.
   */
  private static boolean breaksRows(int c) {
    return Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
  }

  /** A value on one line, for a message: control characters escaped, long values cut. */
  public static String printable(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length() && sb.length() < 200; i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\t' -> sb.append("\\t");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        default -> {
          if (breaksRows(c)) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.length() >= 200 ? sb + "..." : sb.toString();
  }

  /**
   * Decodes UTF-8 into {@link #chars}. Invalid bytes make the record bad rather than being
   * replaced: a replaced text is not the input's, and it could even make two records look equal.
   *
   * @param where what the offset counts from in the message, e.g. {@code " of the line"}
   * @return the number of chars decoded
   */
  final int decode(byte[] bytes, int length, String location, String where) throws BadRecord {
    // UTF-8 never decodes to more chars than it has bytes; a buffer grown for a huge record is
    // not kept for the small ones after it
    if (chars.length < length || (chars.length > (1 << 20) && length < (1 << 16))) {
      chars = new char[Math.max(length, 1 << 16)];
    }
    utf8.reset();
    ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
    CharBuffer out = CharBuffer.wrap(chars);
    CoderResult result = utf8.decode(in, out, true);
    if (!result.isError()) {
      result = utf8.flush(out);
    }
    if (result.isError()) {
      int at = in.position();
      int end = Math.min(length, at + Math.max(result.length(), 1));
      throw new BadRecord(
          location,
          "text must be valid UTF-8, got invalid bytes ["
              + HexFormat.ofDelimiter(" ").formatHex(bytes, at, end)
              + "] at byte offset "
              + at
              + where);
    }
    return out.position();
  }

  final char[] chars() {
    return chars;
  }
}

package io.neardup.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
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
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
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
abstract class CorpusReader implements Closeable {
  /** Field names starting with this are the tool's own in the index; input fields never are. */
  static final String RESERVED_PREFIX = "_";

  static final int RECORD_PARTS = 16;
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

  static String mebibytes(long bytes) {
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
  static String moreMemory(long needed, int parts) {
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
  static final class Record {
    private final String id;
    private final Map<String, Object> fields;
    private final String location;
    private String text;
    private Supplier<String> deferred;

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

    /** A record whose text is computed on first use, on the thread that uses it. */
    static Record deferred(
        String id, Supplier<String> text, Map<String, Object> fields, String location) {
      Record r = new Record(id, null, fields, location);
      r.deferred = text;
      return r;
    }

    String id() {
      return id;
    }

    /** The text; one thread at a time (records are handed from thread to thread, not shared). */
    String text() {
      if (deferred != null) {
        text = deferred.get();
        deferred = null;
      }
      return text;
    }

    Map<String, Object> fields() {
      return fields;
    }

    String location() {
      return location;
    }
  }

  /** A record that cannot be indexed. */
  static final class BadRecord extends Exception {
    private static final long serialVersionUID = 1L;
    private final String location;
    private final String problem;

    BadRecord(String location, String problem) {
      super(location + ": " + problem);
      this.location = location;
      this.problem = problem;
    }

    /** Where the record is, e.g. {@code corpus.jsonl:12}. */
    String location() {
      return location;
    }

    /** What is wrong with it. */
    String problem() {
      return problem;
    }
  }

  /** Compressed formats recognised by their first bytes, whatever the file is called. */
  private enum Compression {
    GZIP("gzip", null, 0x1f, 0x8b),
    ZSTD("zstd", "zstd -d", 0x28, 0xb5, 0x2f, 0xfd),
    XZ("xz", "xz -dk", 0xfd, '7', 'z', 'X', 'Z', 0x00),
    BZIP2("bzip2", "bzip2 -dk", 'B', 'Z', 'h');

    static final int MAX_MAGIC = 6;

    final String format;

    /** How to decompress a file of this format, or null if it is read as it is. */
    final String decompress;

    private final int[] magic;

    Compression(String format, String decompress, int... magic) {
      this.format = format;
      this.decompress = decompress;
      this.magic = magic;
    }

    static Compression of(byte[] head, int length) {
      for (Compression c : values()) {
        if (length >= c.magic.length) {
          boolean match = true;
          for (int i = 0; i < c.magic.length && match; i++) {
            match = (head[i] & 0xff) == c.magic[i];
          }
          if (match) {
            return c;
          }
        }
      }
      return null;
    }
  }

  /**
   * Makes records whose id {@code indexed} knows bad records ({@code index --append} adds new
   * documents only).
   *
   * @param indexName the index, for the message
   */
  CorpusReader rejectIndexedIds(java.util.function.Predicate<String> indexed, String indexName) {
    this.indexedIds = indexed;
    this.indexName = indexName;
    return this;
  }

  /** The input as named by the user, for messages. */
  final String name;

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
  static CorpusReader open(InputOptions input) throws IOException {
    CorpusReader web = WebCorpus.open(input);
    return web != null ? web : open(input.input, input.idField, input.textField, input.fields());
  }

  /**
   * What the reader set aside besides bad records, one line each for the summary (e.g. records of a
   * WARC file that are not HTML pages); empty if nothing.
   */
  List<String> notes() {
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
  static CorpusReader open(Path input, String idField, String textField, Set<String> fields)
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
  static String unreadable(Path input) throws IOException {
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
  final Record next() throws IOException, BadRecord {
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
  abstract long position();

  /**
   * The size of the input: bytes of a file (compressed bytes if it is), or files of a directory.
   */
  abstract long size();

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
  static String printable(String s) {
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

  /** One JSON object per line; blank lines are ignored. */
  static final class JsonLines extends CorpusReader {
    // Records are bounded by MAX_RECORD_BYTES instead of Jackson's default limits (e.g. 20 M chars
    // a string), which would reject large texts and let fields no option reads drop records.
    private static final JsonFactory JSON =
        new JsonFactoryBuilder()
            .streamReadConstraints(
                StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxNameLength(Integer.MAX_VALUE)
                    .maxNumberLength(Integer.MAX_VALUE)
                    .maxNestingDepth(Integer.MAX_VALUE)
                    .build())
            .build();

    /** The kind of value a field holds, fixed by the first record that has it. */
    private enum Kind {
      LONG("an integer"),
      DOUBLE("a number"),
      KEYWORD("a string or boolean");

      final String description;

      Kind(String description) {
        this.description = description;
      }

      static Kind of(Object value) {
        return value instanceof Long ? LONG : value instanceof Double ? DOUBLE : KEYWORD;
      }
    }

    private record FieldKind(Kind kind, String firstLocation) {}

    private final String idField;
    private final String textField;

    /** What the text field holds, for messages: {@code text}, or {@code html} for web pages. */
    String textKind = "text";

    private final Set<String> fields;
    private final CountingInputStream counted;
    private final InputStream in;
    private final GzipMembers gzip;
    private final long size;
    private final Map<String, FieldKind> kinds = new HashMap<>();
    private final byte[] buffer = new byte[1 << 16];
    private int bufferStart;
    private int bufferEnd;
    private byte[] line = new byte[1 << 16];
    private int lineLength;
    private boolean lineTooLong;
    private long lineBytes;
    private long lineNumber;
    // a line of HTML is a web page, bounded as one
    int maxLineParts = RECORD_PARTS;
    int maxLineBytes = MAX_RECORD_BYTES;

    JsonLines(Path file, String idField, String textField, Set<String> fields) throws IOException {
      super(file);
      this.idField = idField;
      this.textField = textField;
      Set<String> wanted = new HashSet<>();
      for (String field : fields) {
        if (!field.equals(idField)
            && !field.equals(textField)
            && !field.isEmpty()
            && !field.startsWith(RESERVED_PREFIX)) {
          wanted.add(field);
        }
      }
      this.fields = Set.copyOf(wanted);
      this.size = Files.size(file);
      byte[] head = new byte[Compression.MAX_MAGIC];
      int n;
      try (InputStream first = Files.newInputStream(file)) {
        n = first.readNBytes(head, 0, head.length);
      }
      if (Compression.of(head, n) == Compression.GZIP) {
        // every member is read and checked, as gzip -d does; damage is a bad record, not the end
        this.gzip = new GzipMembers(file);
        this.counted = null;
        this.in = gzip;
      } else {
        this.gzip = null;
        this.counted = new CountingInputStream(Files.newInputStream(file));
        this.in = counted;
      }
    }

    @Override
    Record read() throws IOException, BadRecord {
      while (true) {
        try {
          if (!readLine()) {
            return null;
          }
        } catch (GzipMembers.Damaged damage) {
          throw skipDamage(damage);
        }
        lineNumber++;
        String location = name + ":" + lineNumber;
        if (lineTooLong) {
          throw new BadRecord(location, tooLarge("line", lineBytes, maxLineParts));
        }
        int length = decode(line, lineLength, location, " of the line");
        char[] text = chars();
        int start = 0;
        if (lineNumber == 1 && length > 0 && text[0] == '\uFEFF') {
          start = 1; // a byte order mark some editors write
        }
        if (!blank(text, start, length)) {
          return parse(text, start, length - start, location);
        }
      }
    }

    private static boolean blank(char[] text, int start, int end) {
      for (int i = start; i < end; i++) {
        if (!Character.isWhitespace(text[i])) {
          return false;
        }
      }
      return true;
    }

    /**
     * Reads the next line, without its line break, into {@link #line}; a line longer than {@link
     * #MAX_RECORD_BYTES} is read to its end but not kept, and sets {@link #lineTooLong}.
     *
     * @return false at the end of the input
     */
    private boolean readLine() throws IOException {
      if (line.length > (1 << 20)) {
        line = new byte[1 << 16]; // do not hold on to the buffer of a huge record
      }
      lineLength = 0;
      lineBytes = 0;
      lineTooLong = false;
      boolean any = false;
      while (true) {
        if (bufferStart == bufferEnd) {
          int n = fill();
          if (n < 0) {
            break;
          }
          bufferStart = 0;
          bufferEnd = n;
        }
        any = true;
        int newline = -1;
        for (int i = bufferStart; i < bufferEnd; i++) {
          if (buffer[i] == '\n') {
            newline = i;
            break;
          }
        }
        int end = newline < 0 ? bufferEnd : newline;
        append(bufferStart, end - bufferStart);
        bufferStart = newline < 0 ? bufferEnd : newline + 1;
        if (newline >= 0) {
          break;
        }
      }
      if (lineLength > 0 && line[lineLength - 1] == '\r') {
        lineLength--;
      }
      return any;
    }

    private int fill() throws IOException {
      int n;
      do {
        n = in.read(buffer, 0, buffer.length);
      } while (n == 0);
      return n;
    }

    /**
     * Reports damaged gzip data as a bad record and goes on at the next gzip member: the line read
     * in part is dropped, and a line cut by the damage is reported as bad where it resumes.
     */
    private BadRecord skipDamage(GzipMembers.Damaged damage) throws IOException {
      long resumed = gzip.resume(damage);
      bufferStart = bufferEnd = 0;
      lineLength = 0;
      lineTooLong = false;
      return new BadRecord(
          name + " after line " + lineNumber,
          damage.getMessage()
              + (resumed < 0
                  ? "; no gzip member follows it: the rest of the file is lost"
                  : "; the next gzip member starts at byte offset " + resumed));
    }

    private void append(int from, int length) {
      lineBytes += length;
      if (lineTooLong) {
        return;
      }
      if ((long) lineLength + length > maxLineBytes) {
        lineTooLong = true;
        return;
      }
      if (lineLength + length > line.length) {
        long grown = Math.max((long) line.length * 2, lineLength + length);
        line = java.util.Arrays.copyOf(line, (int) Math.min(grown, maxLineBytes));
      }
      System.arraycopy(buffer, from, line, lineLength, length);
      lineLength += length;
    }

    /**
     * Parses one record, reading only the id, the text and the fields asked for: every other field
     * is skipped unread, so its values and types cannot make a record bad. A broken line is
     * reported as invalid JSON before any problem with its values.
     */
    private Record parse(char[] text, int offset, int length, String location)
        throws IOException, BadRecord {
      String id = null;
      String body = null;
      Map<String, Object> values = new LinkedHashMap<>();
      Set<String> seen = new HashSet<>();
      BadRecord problem = null;
      try (JsonParser p = JSON.createParser(text, offset, length)) {
        JsonToken token = p.nextToken();
        if (token != JsonToken.START_OBJECT) {
          throw new BadRecord(location, "expected a JSON object, got " + describe(token));
        }
        while ((token = p.nextToken()) == JsonToken.FIELD_NAME) {
          String field = p.currentName();
          JsonToken value = p.nextToken();
          boolean isId = field.equals(idField);
          boolean isText = field.equals(textField);
          if (!isId && !isText && !fields.contains(field)) {
            p.skipChildren();
            continue;
          }
          if (!seen.add(field)) {
            problem = first(problem, location, "duplicate field [" + field + "]");
          } else if (isId) {
            switch (value) {
              case VALUE_STRING -> id = p.getText();
              case VALUE_NUMBER_INT -> id = p.getNumberValue().toString();
              case VALUE_NULL -> {}
              default ->
                  problem =
                      first(
                          problem,
                          location,
                          "id field ["
                              + idField
                              + "] must be a string or an integer, got "
                              + describe(value));
            }
          } else if (isText) {
            switch (value) {
              case VALUE_STRING -> body = p.getText();
              case VALUE_NULL -> {}
              default ->
                  problem =
                      first(
                          problem,
                          location,
                          textKind
                              + " field ["
                              + textField
                              + "] must be a string, got "
                              + describe(value));
            }
          } else if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
            // one rule for every value a field asked for cannot be indexed as: a bad record
            problem =
                first(
                    problem,
                    location,
                    "field ["
                        + field
                        + "] must be a string, number or boolean (or null), got "
                        + describe(value));
          } else {
            Object v = scalar(p, value);
            if (v != null) {
              values.put(field, v);
            }
          }
          p.skipChildren();
        }
        if (p.nextToken() != null) {
          JsonLocation at = p.currentTokenLocation();
          throw new BadRecord(
              location,
              "invalid JSON at column " + at.getColumnNr() + ": more content after the object");
        }
      } catch (JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        throw new BadRecord(
            location,
            "invalid JSON"
                + (at == null || at.getColumnNr() < 0 ? "" : " at column " + at.getColumnNr())
                + ": "
                + e.getOriginalMessage());
      }
      if (problem != null) {
        throw problem;
      }
      if (id == null) {
        throw new BadRecord(location, "no id field [" + idField + "]");
      }
      checkId(location, id);
      if (body == null) {
        throw new BadRecord(location, "no " + textKind + " field [" + textField + "]");
      }
      return new Record(id, body, typed(values, location), location);
    }

    private static BadRecord first(BadRecord problem, String location, String message) {
      return problem != null ? problem : new BadRecord(location, message);
    }

    /** A scalar value as indexed, or null for null and arrays and objects, which are not. */
    private static Object scalar(JsonParser p, JsonToken value) throws IOException {
      return switch (value) {
        case VALUE_NUMBER_INT ->
            p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                ? (Object) p.getDoubleValue()
                : (Object) p.getLongValue();
        case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
        case VALUE_STRING, VALUE_TRUE, VALUE_FALSE -> p.getText();
        default -> null;
      };
    }

    /**
     * Checks each field holds the kind of value the first record with it had: a field becomes one
     * index field of one type, which canonical policies compare.
     */
    private Map<String, Object> typed(Map<String, Object> values, String location)
        throws BadRecord {
      for (Map.Entry<String, Object> e : values.entrySet()) {
        if (e.getValue() instanceof String s) {
          checkTermLength(location, "field [" + e.getKey() + "]", s);
        }
      }
      for (Map.Entry<String, Object> e : values.entrySet()) {
        String field = e.getKey();
        Kind kind = Kind.of(e.getValue());
        FieldKind known = kinds.get(field);
        if (known != null && known.kind() != kind) {
          e.setValue(convert(e.getValue(), known, field, location));
        }
      }
      for (Map.Entry<String, Object> e : values.entrySet()) {
        kinds.putIfAbsent(e.getKey(), new FieldKind(Kind.of(e.getValue()), location));
      }
      return values;
    }

    /** Integers go into a number field, whole numbers into an integer field; nothing else mixes. */
    private static Object convert(Object v, FieldKind known, String field, String location)
        throws BadRecord {
      if (known.kind() == Kind.DOUBLE && v instanceof Long l) {
        return l.doubleValue();
      }
      if (known.kind() == Kind.LONG && v instanceof Double d && d == Math.rint(d)) {
        if (d >= Long.MIN_VALUE && d < 0x1p63) {
          return d.longValue();
        }
      }
      throw new BadRecord(
          location,
          "field ["
              + field
              + "] must be "
              + known.kind().description
              + " as at "
              + known.firstLocation()
              + ", got ["
              + v
              + "]");
    }

    private static String describe(JsonToken token) {
      if (token == null) {
        return "nothing";
      }
      return switch (token) {
        case START_ARRAY -> "an array";
        case START_OBJECT -> "an object";
        case VALUE_TRUE, VALUE_FALSE -> "a boolean";
        case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
        case VALUE_STRING -> "a string";
        case VALUE_NULL -> "null";
        default -> token.toString().toLowerCase(java.util.Locale.ROOT);
      };
    }

    @Override
    long position() {
      return Math.min(gzip != null ? gzip.position() : counted.count, size);
    }

    @Override
    long size() {
      return size;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  /** The regular, non-hidden files under a directory, in the order of their relative paths. */
  static final class TextFiles extends CorpusReader {
    private final Path root;
    private final List<Path> files;
    private int next;

    TextFiles(Path root) throws IOException {
      super(root);
      this.root = root;
      this.files = files(root);
    }

    @Override
    Record read() throws IOException, BadRecord {
      if (next >= files.size()) {
        return null;
      }
      Path file = files.get(next++);
      String id = relative(root, file);
      String location = printable(file.toString());
      checkId(location, id);
      long bytes = Files.size(file);
      if (bytes > MAX_RECORD_BYTES) {
        throw new BadRecord(location, tooLarge("file", bytes, RECORD_PARTS));
      }
      byte[] content = Files.readAllBytes(file);
      int length = decode(content, content.length, location, "");
      return new Record(id, new String(chars(), 0, length), Map.of(), location);
    }

    @Override
    long position() {
      return next;
    }

    @Override
    long size() {
      return files.size();
    }

    @Override
    public void close() {}
  }

  /** Counts the bytes read through it, for progress. */
  private static final class CountingInputStream extends FilterInputStream {
    long count;

    CountingInputStream(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long skipped = super.skip(n);
      count += skipped;
      return skipped;
    }
  }
}

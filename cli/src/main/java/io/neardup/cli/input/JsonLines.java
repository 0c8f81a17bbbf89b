package io.neardup.cli.input;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** One JSON object per line; blank lines are ignored. */
final class JsonLines extends CorpusReader {
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
  private boolean lineAscii;
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
      if (lineAscii) {
        // ASCII is UTF-8 as it is: Jackson reads the bytes without their decoding into chars. A
        // bad record is read again below, so that its message is the one any other line gets.
        if (blank(line, lineLength)) {
          continue;
        }
        try {
          return parse(JSON.createParser(line, 0, lineLength), location);
        } catch (BadRecord bad) {
          // reported as the decoded line's
        }
      }
      int length = decode(line, lineLength, location, " of the line");
      char[] text = chars();
      int start = 0;
      if (lineNumber == 1 && length > 0 && text[0] == '\uFEFF') {
        start = 1; // a byte order mark some editors write
      }
      if (!blank(text, start, length)) {
        return parse(JSON.createParser(text, start, length - start), location);
      }
    }
  }

  private static boolean blank(byte[] ascii, int length) {
    for (int i = 0; i < length; i++) {
      if (!Character.isWhitespace(ascii[i])) {
        return false;
      }
    }
    return true;
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
   * #MAX_RECORD_BYTES} is read to its end but not kept, and sets {@link #lineTooLong}; {@link
   * #lineAscii} says whether it has ASCII bytes only.
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
    int bytesOred = 0; // negative if any byte is not ASCII
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
        byte b = buffer[i];
        if (b == '\n') {
          newline = i;
          break;
        }
        bytesOred |= b;
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
    lineAscii = bytesOred >= 0;
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
   * Reports damaged gzip data as a bad record and goes on at the next gzip member: the line read in
   * part is dropped, and a line cut by the damage is reported as bad where it resumes.
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
      line = Arrays.copyOf(line, (int) Math.min(grown, maxLineBytes));
    }
    System.arraycopy(buffer, from, line, lineLength, length);
    lineLength += length;
  }

  /**
   * Parses one record, reading only the id, the text and the fields asked for: every other field is
   * skipped unread, so its values and types cannot make a record bad. A broken line is reported as
   * invalid JSON before any problem with its values.
   */
  private Record parse(JsonParser parser, String location) throws IOException, BadRecord {
    String id = null;
    char[] body = null;
    Map<String, Object> values = new LinkedHashMap<>();
    Set<String> seen = new HashSet<>();
    BadRecord problem = null;
    try (JsonParser p = parser) {
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
            case VALUE_STRING -> {
              int from = p.getTextOffset();
              body = Arrays.copyOfRange(p.getTextCharacters(), from, from + p.getTextLength());
            }
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
      throw new BadRecord(
          location,
          seen.contains(idField)
              ? "id field [" + idField + "] is null"
              : "no id field [" + idField + "]");
    }
    checkId(location, id);
    if (body == null) {
      throw new BadRecord(
          location,
          seen.contains(textField)
              ? textKind + " field [" + textField + "] is null"
              : "no " + textKind + " field [" + textField + "]");
    }
    return Record.ofChars(id, body, typed(values, location), location);
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
  private Map<String, Object> typed(Map<String, Object> values, String location) throws BadRecord {
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
  public long position() {
    return Math.min(gzip != null ? gzip.position() : counted.count, size);
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}

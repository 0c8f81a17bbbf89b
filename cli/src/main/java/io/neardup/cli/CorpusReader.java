package io.neardup.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.lucene.index.IndexWriter;

/**
 * Reads the documents of a corpus one record at a time, in input order: the lines of a JSONL file,
 * or the text files under a directory. A bad record is thrown as {@link BadRecord}, naming where it
 * is and what is wrong, and reading can go on with the next one.
 */
abstract class CorpusReader implements Closeable {
  /** Field names starting with this are the tool's own in the index; input fields never are. */
  static final String RESERVED_PREFIX = "_";

  /**
   * One document.
   *
   * @param id the unique id
   * @param text the text
   * @param fields other scalar fields: {@link Long}, {@link Double} or {@link String} values
   * @param location where the record is, e.g. {@code corpus.jsonl:12}
   */
  record Record(String id, String text, Map<String, Object> fields, String location) {}

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

  private final Map<String, String> seenIds = new HashMap<>();

  /** Opens a JSONL file or a directory of text files. */
  static CorpusReader open(Path input, String idField, String textField) throws IOException {
    if (Files.isDirectory(input)) {
      return new TextFiles(input);
    }
    return new JsonLines(input, idField, textField);
  }

  /**
   * The next record, or null at the end.
   *
   * @throws BadRecord if the next record is bad; the following call reads the one after it
   */
  final Record next() throws IOException, BadRecord {
    Record r = read();
    if (r == null) {
      return null;
    }
    String first = seenIds.putIfAbsent(r.id(), r.location());
    if (first != null) {
      throw new BadRecord(r.location(), "duplicate id [" + r.id() + "], first seen at " + first);
    }
    return r;
  }

  /** Reads the next record without the duplicate check. */
  abstract Record read() throws IOException, BadRecord;

  /** How much of the input has been read, in {@link #size()} units. */
  abstract long position();

  /** The size of the input: bytes of a file, or the number of files of a directory. */
  abstract long size();

  static void checkTermLength(String location, String what, String value) throws BadRecord {
    int bytes = value.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > IndexWriter.MAX_TERM_LENGTH) {
      throw new BadRecord(
          location,
          what + " is " + bytes + " bytes long, at most " + IndexWriter.MAX_TERM_LENGTH + " fit");
    }
  }

  /** One JSON object per line; blank lines are ignored. */
  static final class JsonLines extends CorpusReader {
    private static final JsonMapper JSON =
        JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
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
    }

    private record FieldKind(Kind kind, String firstLocation) {}

    private final String name;
    private final String idField;
    private final String textField;
    private final CountingInputStream bytes;
    private final BufferedReader lines;
    private final long size;
    private final Map<String, FieldKind> kinds = new HashMap<>();
    private long lineNumber;

    JsonLines(Path file, String idField, String textField) throws IOException {
      this.name = file.toString();
      this.idField = idField;
      this.textField = textField;
      this.size = Files.size(file);
      this.bytes = new CountingInputStream(Files.newInputStream(file));
      this.lines = new BufferedReader(new InputStreamReader(bytes, StandardCharsets.UTF_8));
    }

    @Override
    Record read() throws IOException, BadRecord {
      String line;
      do {
        line = lines.readLine();
        if (line == null) {
          return null;
        }
        lineNumber++;
      } while (line.isBlank());
      if (lineNumber == 1 && line.startsWith("\uFEFF")) {
        line = line.substring(1); // a byte order mark some editors write
      }
      String location = name + ":" + lineNumber;
      JsonNode node;
      try {
        node = JSON.readTree(line);
      } catch (JsonProcessingException e) {
        throw new BadRecord(
            location,
            "invalid JSON at column "
                + e.getLocation().getColumnNr()
                + ": "
                + e.getOriginalMessage());
      }
      if (!node.isObject()) {
        throw new BadRecord(location, "expected a JSON object, got " + describe(node));
      }
      JsonNode idNode = node.get(idField);
      if (idNode == null || idNode.isNull()) {
        throw new BadRecord(location, "no id field [" + idField + "]");
      }
      if (!idNode.isTextual() && !idNode.isIntegralNumber()) {
        throw new BadRecord(
            location,
            "id field [" + idField + "] must be a string or an integer, got " + describe(idNode));
      }
      String id = idNode.asText();
      if (id.isEmpty()) {
        throw new BadRecord(location, "id field [" + idField + "] is empty");
      }
      checkTermLength(location, "id", id);
      JsonNode textNode = node.get(textField);
      if (textNode == null || textNode.isNull()) {
        throw new BadRecord(location, "no text field [" + textField + "]");
      }
      if (!textNode.isTextual()) {
        throw new BadRecord(
            location, "text field [" + textField + "] must be a string, got " + describe(textNode));
      }
      return new Record(id, textNode.asText(), otherFields(node, location), location);
    }

    private Map<String, Object> otherFields(JsonNode node, String location) throws BadRecord {
      Map<String, Object> fields = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        String field = e.getKey();
        JsonNode value = e.getValue();
        if (field.equals(idField)
            || field.equals(textField)
            || field.isEmpty()
            || field.startsWith(RESERVED_PREFIX)
            || !value.isValueNode()
            || value.isNull()) {
          continue; // only scalars are indexed, for canonical policies
        }
        Kind kind;
        Object v;
        if (value.isIntegralNumber() && value.canConvertToLong()) {
          kind = Kind.LONG;
          v = value.longValue();
        } else if (value.isNumber()) {
          kind = Kind.DOUBLE;
          v = value.doubleValue();
        } else {
          kind = Kind.KEYWORD;
          v = value.asText();
          checkTermLength(location, "field [" + field + "]", (String) v);
        }
        FieldKind known = kinds.get(field);
        if (known == null) {
          kinds.put(field, new FieldKind(kind, location));
        } else if (known.kind() != kind) {
          v = convert(v, known, field, location);
        }
        fields.put(field, v);
      }
      return fields;
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

    private static String describe(JsonNode node) {
      return switch (node.getNodeType()) {
        case ARRAY -> "an array";
        case OBJECT -> "an object";
        case BOOLEAN -> "a boolean";
        case NUMBER -> "a number";
        case STRING -> "a string";
        case NULL, MISSING -> "null";
        default -> node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
      };
    }

    @Override
    long position() {
      return Math.min(bytes.count, size);
    }

    @Override
    long size() {
      return size;
    }

    @Override
    public void close() throws IOException {
      lines.close();
    }
  }

  /** The regular, non-hidden files under a directory, in the order of their relative paths. */
  static final class TextFiles extends CorpusReader {
    private final Path root;
    private final List<Path> files;
    private int next;

    TextFiles(Path root) throws IOException {
      this.root = root;
      List<Path> found = new ArrayList<>();
      try (Stream<Path> walk = Files.walk(root)) {
        walk.filter(p -> Files.isRegularFile(p) && !hidden(root.relativize(p))).forEach(found::add);
      }
      found.sort((a, b) -> id(a).compareTo(id(b)));
      this.files = found;
    }

    private static boolean hidden(Path relative) {
      for (Path part : relative) {
        if (part.toString().startsWith(".")) {
          return true;
        }
      }
      return false;
    }

    private String id(Path file) {
      return root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
    }

    @Override
    Record read() throws IOException, BadRecord {
      if (next >= files.size()) {
        return null;
      }
      Path file = files.get(next++);
      String id = id(file);
      String location = file.toString();
      checkTermLength(location, "id", id);
      try {
        return new Record(id, Files.readString(file, StandardCharsets.UTF_8), Map.of(), location);
      } catch (CharacterCodingException e) {
        throw new BadRecord(location, "not UTF-8 text");
      }
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

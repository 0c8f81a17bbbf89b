package io.neardup.cli.index;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.input.CorpusReader;
import io.neardup.cli.output.CliFailure;
import io.neardup.document.NearDupFields;
import io.neardup.index.IndexMetadata;
import io.neardup.index.NearDupClusterer;
import io.neardup.index.StoredClusters;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.IndexNotFoundException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * A neardup index as the tool lays it out, open for reading. Per document:
 *
 * <ul>
 *   <li>{@value #ID_FIELD}: the id, a stored keyword with doc values;
 *   <li>{@value #TEXT_FIELD}: the text, stored, and analysed with Lucene's standard analyser
 *       (frequencies, no positions) for {@code search};
 *   <li>{@code _neardup*}: the band tokens, sketch, exact token and shingles ({@link
 *       #NEARDUP_FIELDS});
 *   <li>each scalar JSONL field asked for ({@code --fields}, the field of {@code dedup
 *       --canonical}) under its own name, for canonical policies: integers as {@code LongField},
 *       other numbers as {@code DoubleField}, strings and booleans as {@code KeywordField}.
 * </ul>
 *
 * The tool's own field names start with {@code _}, which input fields never do (they are not
 * indexed), so they cannot clash. The settings are recorded with {@link IndexMetadata}.
 */
public final class OpenIndex implements Closeable {
  /** Field of the document id. */
  public static final String ID_FIELD = "_id";

  /** Field of the text, for full-text search and display. */
  public static final String TEXT_FIELD = "_text";

  /**
   * The input ordinal of each document (numeric doc values): documents are added from several
   * threads, so document ids need not follow the input, and canonical ties go to the lowest
   * ordinal.
   */
  public static final String ORDINAL_FIELD = "_ordinal";

  /** Fields of the band tokens, sketches, exact tokens and shingles. */
  public static final NearDupFields NEARDUP_FIELDS = new NearDupFields("_neardup");

  private final Path path;
  private final Directory directory;
  private final DirectoryReader reader;
  private final IndexMetadata metadata;
  private final IndexSearcher searcher;
  private String[] ids;

  private OpenIndex(Path path, Directory directory, DirectoryReader reader, IndexMetadata meta) {
    this.path = path;
    this.directory = directory;
    this.reader = reader;
    this.metadata = meta;
    this.searcher = new IndexSearcher(reader);
  }

  /**
   * Opens the index in {@code path}.
   *
   * @throws CliFailure if there is no neardup index there
   */
  public static OpenIndex open(Path path) throws IOException {
    if (!Files.isDirectory(path)) {
      throw new CliFailure("no index at " + path + ": not a directory");
    }
    Directory directory = FSDirectory.open(path);
    DirectoryReader reader = null;
    try {
      reader = DirectoryReader.open(directory);
      IndexMetadata meta;
      try {
        meta = IndexMetadata.read(reader);
      } catch (IllegalArgumentException e) {
        throw new CliFailure(e.getMessage(), e);
      }
      if (!meta.fields().equals(NEARDUP_FIELDS)) {
        throw new CliFailure(
            "index at "
                + path
                + " keeps its sketches in field ["
                + meta.fields().name()
                + "], not ["
                + NEARDUP_FIELDS.name()
                + "]: it was not built by this tool");
      }
      return new OpenIndex(path, directory, reader, meta);
    } catch (IndexNotFoundException e) {
      directory.close();
      throw new CliFailure("no index at " + path + " (build one with neardup index)", e);
    } catch (IOException | RuntimeException e) {
      if (reader != null) {
        reader.close();
      }
      directory.close();
      throw e;
    }
  }

  /**
   * A view of an index being written, through a reader of its writer (near real time): its
   * directory stays the writer's, closing it closes the reader only.
   */
  public static OpenIndex of(Path path, DirectoryReader reader, IndexMetadata metadata) {
    return new OpenIndex(path, null, reader, metadata);
  }

  /**
   * Checks that {@code path} can receive a new index: absent, empty, holding an index, or holding
   * the files of an index that was never committed ({@link #isUncommitted}); the index is replaced.
   *
   * @return an error message, or null if the directory is fine
   */
  public static String checkTarget(Path path) throws IOException {
    if (!Files.exists(path)) {
      return null;
    }
    if (!Files.isDirectory(path)) {
      return path + " is not a directory";
    }
    try (Stream<Path> files = Files.list(path)) {
      List<Path> entries = files.toList();
      if (entries.isEmpty()
          || entries.stream().anyMatch(p -> p.getFileName().toString().startsWith("segments_"))
          || onlyUncommittedIndexFiles(entries)) {
        return null;
      }
    }
    return path + " is neither empty nor an index: refusing to write an index into it";
  }

  /** Whether another process (or this one) is writing the index at {@code path} right now. */
  public static boolean isLocked(Path path) throws IOException {
    if (!Files.isDirectory(path)) {
      return false;
    }
    try (Directory directory = FSDirectory.open(path);
        org.apache.lucene.store.Lock lock =
            directory.obtainLock(org.apache.lucene.index.IndexWriter.WRITE_LOCK_NAME)) {
      return false;
    } catch (org.apache.lucene.store.LockObtainFailedException e) {
      return true;
    }
  }

  /** The message for an index that another run is writing. */
  public static String locked(Path path) {
    return "is being written by another run right now (it holds "
        + path.resolve(org.apache.lucene.index.IndexWriter.WRITE_LOCK_NAME)
        + "): wait for it to end, or choose another directory, got ["
        + path
        + "]";
  }

  /**
   * Opens a writer on the index, naming the other run that holds it (when it took the index between
   * the check and now).
   */
  public static org.apache.lucene.index.IndexWriter writer(
      Directory directory, org.apache.lucene.index.IndexWriterConfig config, Path path)
      throws IOException {
    try {
      return new org.apache.lucene.index.IndexWriter(directory, config);
    } catch (org.apache.lucene.store.LockObtainFailedException e) {
      throw new CliFailure("--index: " + locked(path), e);
    }
  }

  /**
   * Whether {@code path} holds the files of an index that was never committed, as a killed {@code
   * index} run leaves them: segment files and the write lock, but no {@code segments_N} and nothing
   * else. Replacing it loses nothing, since no reader can open it.
   */
  public static boolean isUncommitted(Path path) throws IOException {
    if (!Files.isDirectory(path)) {
      return false;
    }
    try (Stream<Path> files = Files.list(path)) {
      return onlyUncommittedIndexFiles(files.toList());
    }
  }

  private static boolean onlyUncommittedIndexFiles(List<Path> entries) {
    if (entries.isEmpty()) {
      return false;
    }
    for (Path p : entries) {
      String name = p.getFileName().toString();
      boolean indexFile =
          name.equals(IndexWriter.WRITE_LOCK_NAME)
              || name.startsWith(IndexFileNames.PENDING_SEGMENTS)
              || IndexFileNames.CODEC_FILE_PATTERN.matcher(name).matches();
      if (!indexFile || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
        return false;
      }
    }
    return true;
  }

  public Path path() {
    return path;
  }

  public DirectoryReader reader() {
    return reader;
  }

  public IndexSearcher searcher() {
    return searcher;
  }

  public IndexMetadata metadata() {
    return metadata;
  }

  /** What the stored clusters were computed with, or null if the index stores none. */
  public StoredClusters.Recorded recorded() throws IOException {
    try {
      return StoredClusters.recorded(reader);
    } catch (IllegalArgumentException e) {
      throw new CliFailure("index at " + path + ": " + e.getMessage(), e);
    }
  }

  /**
   * The input ordinal of every document, by document id: its ordinal where the index records them,
   * else its document id (an index written on one thread follows the input).
   */
  public long[] ordinals() throws IOException {
    long[] out = new long[reader.maxDoc()];
    for (int d = 0; d < out.length; d++) {
      out[d] = d;
    }
    for (LeafReaderContext leaf : reader.leaves()) {
      SortedNumericDocValues values = leaf.reader().getSortedNumericDocValues(ORDINAL_FIELD);
      if (values == null) {
        continue;
      }
      for (int doc = values.nextDoc();
          doc != DocIdSetIterator.NO_MORE_DOCS;
          doc = values.nextDoc()) {
        out[leaf.docBase + doc] = values.nextValue();
      }
    }
    return out;
  }

  /** The id of every document, by document id; loaded once. */
  public synchronized String[] ids() throws IOException {
    if (ids == null) {
      String[] out = new String[reader.maxDoc()];
      for (LeafReaderContext leaf : reader.leaves()) {
        SortedSetDocValues values = leaf.reader().getSortedSetDocValues(ID_FIELD);
        if (values == null) {
          continue;
        }
        for (int doc = values.nextDoc();
            doc != DocIdSetIterator.NO_MORE_DOCS;
            doc = values.nextDoc()) {
          out[leaf.docBase + doc] = values.lookupOrd(values.nextOrd()).utf8ToString();
        }
      }
      ids = out;
    }
    return ids;
  }

  /** The id of a document. */
  public String id(int doc) throws IOException {
    return ids()[doc];
  }

  /** The document with an id, or -1. */
  public int docOf(String id) throws IOException {
    TopDocs hits = searcher.search(new TermQuery(new Term(ID_FIELD, id)), 1);
    return hits.scoreDocs.length == 0 ? -1 : hits.scoreDocs[0].doc;
  }

  /** The stored text of a document. */
  public String text(int doc) throws IOException {
    Document d = reader.storedFields().document(doc, java.util.Set.of(TEXT_FIELD));
    IndexableField field = d.getField(TEXT_FIELD);
    if (field == null) {
      return "";
    }
    // UTF-8 bytes; indexes of earlier versions stored a string
    BytesRef bytes = field.binaryValue();
    return bytes != null ? bytes.utf8ToString() : field.stringValue();
  }

  /** The compact shingle set of a document, or null if the index has none for it. */
  public int[] shingles(int doc) throws IOException {
    return NearDupClusterer.readShingles(reader, NEARDUP_FIELDS, doc);
  }

  /** Characters of text shown per hit by {@code similar} and {@code search}. */
  public static final int SNIPPET_LENGTH = 60;

  /** The start of a text on one line, for display. */
  public static String snippet(String text, int length) {
    String line = text.strip().replaceAll("\\s+", " ");
    return line.length() <= length ? line : line.substring(0, length - 3) + "...";
  }

  /** Whether the documents keep their texts (indexes built with --no-text do not). */
  public boolean hasTexts() {
    for (LeafReaderContext leaf : reader.leaves()) {
      if (leaf.reader().getFieldInfos().fieldInfo(TEXT_FIELD) != null) {
        return true;
      }
    }
    return reader.numDocs() == 0;
  }

  /** Whether documents record their input ordinal (indexes built on several threads do). */
  public boolean hasOrdinals() {
    for (LeafReaderContext leaf : reader.leaves()) {
      if (leaf.reader().getFieldInfos().fieldInfo(ORDINAL_FIELD) != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * The policy with its fields resolved against the index: the id field is known as {@value
   * #ID_FIELD} and also by the name {@code idAlias} had in the input (e.g. {@code id}).
   *
   * @throws IllegalArgumentException if a field is not in the index with numeric or keyword values,
   *     listing the fields that are
   */
  public CanonicalPolicy resolve(CanonicalPolicy policy, String idAlias) {
    List<CanonicalPolicy.Key> keys = new ArrayList<>();
    for (CanonicalPolicy.Key key : policy.keys()) {
      keys.add(resolve(key, idAlias));
    }
    return new CanonicalPolicy(keys);
  }

  public CanonicalPolicy.Key resolve(CanonicalPolicy.Key key, String idAlias) {
    String field = key.field();
    if (field.equals(ID_FIELD)) {
      return key;
    }
    TreeSet<String> usable = new TreeSet<>();
    boolean found = false;
    for (LeafReaderContext leaf : reader.leaves()) {
      for (FieldInfo info : leaf.reader().getFieldInfos()) {
        boolean own = info.name.startsWith(CorpusReader.RESERVED_PREFIX);
        boolean sortable =
            info.getDocValuesType() != DocValuesType.NONE
                && info.getDocValuesType() != DocValuesType.BINARY;
        if (!own && sortable) {
          usable.add(info.name);
        }
        found |= info.name.equals(field);
      }
    }
    if (usable.contains(field)) {
      return key;
    }
    if (!found && field.equals(idAlias)) {
      return new CanonicalPolicy.Key(ID_FIELD, key.ascending());
    }
    List<String> choices = new ArrayList<>(usable);
    choices.add(0, ID_FIELD);
    throw new IllegalArgumentException(
        "field ["
            + field
            + "] is not "
            + (found ? "usable: it has no numeric or keyword values" : "in the index")
            + "; the index can order by "
            + choices
            + (found ? "" : " (index --fields " + field + " keeps a JSONL field)"));
  }

  @Override
  public void close() throws IOException {
    try {
      reader.close();
    } finally {
      if (directory != null) {
        directory.close();
      }
    }
  }
}

package io.neardup.index;

import io.neardup.document.NearDupFields;
import io.neardup.param.Parameter;
import io.neardup.settings.NearDupSettings;
import io.neardup.text.NormalizationOptions;
import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;

/**
 * What a neardup index was built with, recorded in the Lucene commit user data so that tools
 * reading the index later (clustering, querying by text) analyse and compare with exactly the same
 * parameters. The entries are strings under keys prefixed {@value #PREFIX}: {@code
 * neardup.version}, {@code neardup.field}, and one {@code neardup.<parameter>} per setting and
 * normalisation option (camelCase parameter names, e.g. {@code neardup.shingleSize}); other user
 * data is left alone.
 *
 * <pre>{@code
 * try (IndexWriter writer = new IndexWriter(dir, config)) {
 *   IndexMetadata.write(writer, settings, NormalizationOptions.DEFAULT, NearDupFields.DEFAULT);
 *   ... add documents ...
 *   writer.commit(); // the metadata is stored with this commit
 * }
 * try (DirectoryReader reader = DirectoryReader.open(dir)) {
 *   IndexMetadata meta = IndexMetadata.read(reader);
 * }
 * }</pre>
 *
 * @param settings the sketch, banding and token settings
 * @param normalization the text normalisation options
 * @param fields the field names
 */
public record IndexMetadata(
    NearDupSettings settings, NormalizationOptions normalization, NearDupFields fields) {

  /** Prefix of every commit user data key written here. */
  public static final String PREFIX = "neardup.";

  /** Key of the metadata version. */
  public static final String VERSION_KEY = PREFIX + "version";

  /** Key of the logical field name. */
  public static final String FIELD_KEY = PREFIX + "field";

  /** Current metadata version; readers reject versions they do not know. */
  public static final int VERSION = 1;

  private static final Set<String> REQUIRED_KEYS = requiredKeys();

  public IndexMetadata {
    if (settings == null || normalization == null || fields == null) {
      throw new IllegalArgumentException("settings, normalization and fields are required");
    }
  }

  /**
   * Records the metadata in the writer's live commit data, replacing earlier neardup entries and
   * keeping all other entries; it is stored by the next {@link IndexWriter#commit()}.
   */
  public static void write(
      IndexWriter writer,
      NearDupSettings settings,
      NormalizationOptions normalization,
      NearDupFields fields) {
    new IndexMetadata(settings, normalization, fields).write(writer);
  }

  /**
   * Records this metadata in the writer's live commit data; see {@link #write(IndexWriter,
   * NearDupSettings, NormalizationOptions, NearDupFields)}.
   */
  public void write(IndexWriter writer) {
    Map<String, String> data = new LinkedHashMap<>();
    Iterable<Map.Entry<String, String>> live = writer.getLiveCommitData();
    if (live != null) {
      for (Map.Entry<String, String> e : live) {
        if (!e.getKey().startsWith(PREFIX)) {
          data.put(e.getKey(), e.getValue());
        }
      }
    }
    data.putAll(toUserData());
    // incrementing the version makes the next commit write the data even with no document changes
    writer.setLiveCommitData(data.entrySet(), true);
  }

  /** The commit user data entries of this metadata, all keys prefixed {@value #PREFIX}. */
  public Map<String, String> toUserData() {
    Map<String, String> data = new LinkedHashMap<>();
    data.put(VERSION_KEY, Integer.toString(VERSION));
    data.put(FIELD_KEY, fields.name());
    settings.toMap(Parameter.Style.CAMEL).forEach((k, v) -> data.put(PREFIX + k, v));
    normalization.toMap(Parameter.Style.CAMEL).forEach((k, v) -> data.put(PREFIX + k, v));
    return data;
  }

  /**
   * Reads the metadata of the commit a reader was opened on.
   *
   * @throws IllegalArgumentException if the reader is not a {@link DirectoryReader} (which alone
   *     knows its commit), or the commit has no or invalid neardup metadata
   */
  public static IndexMetadata read(IndexReader reader) throws IOException {
    if (!(reader instanceof DirectoryReader directoryReader)) {
      throw new IllegalArgumentException(
          "reader must be a DirectoryReader to read neardup settings from its commit, got "
              + reader.getClass().getName());
    }
    return fromUserData(
        directoryReader.getIndexCommit().getUserData(), "index at " + directoryReader.directory());
  }

  /**
   * Reads the metadata of the latest commit in a directory.
   *
   * @throws org.apache.lucene.index.IndexNotFoundException if there is no index
   * @throws IllegalArgumentException if the commit has no or invalid neardup metadata
   */
  public static IndexMetadata read(Directory directory) throws IOException {
    return fromUserData(
        SegmentInfos.readLatestCommit(directory).getUserData(), "index at " + directory);
  }

  /**
   * Reads the metadata from commit user data.
   *
   * @param source names the index in error messages, e.g. {@code "index at /data/idx"}
   * @throws IllegalArgumentException if there are no neardup entries, they come from an unknown
   *     version, or a value is invalid
   */
  public static IndexMetadata fromUserData(Map<String, String> userData, String source) {
    String version = userData.get(VERSION_KEY);
    String field = userData.get(FIELD_KEY);
    if (version == null || field == null) {
      throw new IllegalArgumentException(
          source + " has no neardup settings: was it built by neardup?");
    }
    if (!version.equals(Integer.toString(VERSION))) {
      throw new IllegalArgumentException(
          source
              + " has neardup settings of version "
              + version
              + ": this neardup reads version "
              + VERSION);
    }
    Map<String, String> values = new HashMap<>();
    for (Map.Entry<String, String> e : userData.entrySet()) {
      String key = e.getKey();
      if (key.startsWith(PREFIX) && !key.equals(VERSION_KEY) && !key.equals(FIELD_KEY)) {
        values.put(key.substring(PREFIX.length()), e.getValue());
      }
    }
    // a missing value must not silently become a default: the index would be read with
    // parameters it was not built with
    for (String required : REQUIRED_KEYS) {
      if (!values.containsKey(required)) {
        throw new IllegalArgumentException(
            source + " has incomplete neardup settings: [" + PREFIX + required + "] is missing");
      }
    }
    try {
      NearDupSettings settings = NearDupSettings.parse(values, Parameter.Style.CAMEL);
      NormalizationOptions normalization =
          NormalizationOptions.parse(values, Parameter.Style.CAMEL);
      // keys written by a later neardup of the same version are ignored rather than rejected
      return new IndexMetadata(settings, normalization, new NearDupFields(field));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          source + " has invalid neardup settings: " + e.getMessage(), e);
    }
  }

  private static Set<String> requiredKeys() {
    Set<String> keys = new LinkedHashSet<>();
    keys.addAll(NearDupSettings.DEFAULT.toMap(Parameter.Style.CAMEL).keySet());
    keys.addAll(NormalizationOptions.DEFAULT.toMap(Parameter.Style.CAMEL).keySet());
    return Collections.unmodifiableSet(keys);
  }
}

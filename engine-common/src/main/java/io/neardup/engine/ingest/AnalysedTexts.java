package io.neardup.engine.ingest;

import io.neardup.cluster.Verification;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.engine.param.NearDupField;
import io.neardup.engine.param.NearDupMappings;
import io.neardup.settings.NearDupSettings;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.util.BytesRef;

/**
 * Texts the {@code neardup} ingest processor has analysed, handed over to the {@code neardup} field
 * of the same node so that the mapper does not analyse the same text a second time.
 *
 * <p>The processor must analyse a document's text before the document reaches its shard (its sketch
 * finds the near-duplicates whose cluster the document joins), and the field's mapper then analyses
 * the same text again into the same band tokens, sketch and set. The processor {@link #put puts}
 * what it made under the target index, the field and the text; the mapper {@link #take takes} it
 * when it parses that text into that field. The analysis is a function of the text and the field's
 * settings and verification alone (the processor only accepts fields on the standard analyzer), and
 * the mapper checks both, so what it takes is exactly what it would have made.
 *
 * <p>A document whose text is never parsed here (indexed on another node, failed or changed by a
 * later processor) leaves its entry behind: the oldest entries go when the held texts and their
 * analyses weigh more than a bound, and the mapper then analyses the text itself. Thread-safe.
 */
public final class AnalysedTexts {
  /** The default bound on what the entries weigh, in bytes. */
  public static final long DEFAULT_MAX_BYTES = 32L << 20;

  private record Key(String index, String field, String text, int hash) {
    static Key of(String index, String field, String text) {
      return new Key(
          index, field, text, 31 * (31 * index.hashCode() + field.hashCode()) + text.hashCode());
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k
          && hash == k.hash
          && index.equals(k.index)
          && field.equals(k.field)
          && text.equals(k.text);
    }
  }

  private static final class Entry {
    final NearDupSettings settings;
    final Verification verification;
    final NearDupDocument document;
    final long bytes;
    // copies of one text in one bulk are parsed once each
    int uses = 1;

    boolean analysedAs(NearDupSettings settings, Verification verification) {
      return this.verification == verification
          && (this.settings == settings || this.settings.equals(settings));
    }

    Entry(
        NearDupSettings settings, Verification verification, NearDupDocument document, long bytes) {
      this.settings = settings;
      this.verification = verification;
      this.document = document;
      this.bytes = bytes;
    }
  }

  private final Map<Key, Entry> entries = new LinkedHashMap<>();
  private final long maxBytes;
  private long bytes;
  private long handedOver;
  private long evicted;

  public AnalysedTexts() {
    this(DEFAULT_MAX_BYTES);
  }

  /**
   * @param maxBytes the bound on what the held texts and analyses weigh (0 holds nothing)
   */
  public AnalysedTexts(long maxBytes) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("maxBytes must be >= 0, got " + maxBytes);
    }
    this.maxBytes = maxBytes;
  }

  /**
   * Holds the analysis of {@code text} for the field {@code field} of the index {@code index}.
   *
   * @param index the target index's uuid
   * @param field the {@code neardup} field's full path
   */
  public void put(
      String index,
      String field,
      NearDupSettings settings,
      Verification verification,
      String text,
      NearDupDocument document) {
    long weight = weight(text, document);
    if (weight > maxBytes) {
      return;
    }
    Key key = Key.of(index, field, text);
    synchronized (this) {
      Entry held = entries.get(key);
      if (held != null && held.analysedAs(settings, verification)) {
        held.uses++;
        return;
      }
      if (held != null) {
        entries.remove(key);
        bytes -= held.bytes;
      }
      entries.put(key, new Entry(settings, verification, document, weight));
      bytes += weight;
      Iterator<Entry> oldest = entries.values().iterator();
      while (bytes > maxBytes && oldest.hasNext()) {
        bytes -= oldest.next().bytes;
        oldest.remove();
        evicted++;
      }
    }
  }

  /**
   * The analysis of {@code text} the processor made for this field of this index with these
   * settings and verification, or null when there is none.
   */
  public NearDupDocument take(
      String index,
      String field,
      NearDupSettings settings,
      Verification verification,
      String text) {
    Key key = Key.of(index, field, text);
    synchronized (this) {
      if (entries.isEmpty()) {
        return null;
      }
      Entry held = entries.get(key);
      if (held == null || !held.analysedAs(settings, verification)) {
        return null;
      }
      if (--held.uses == 0) {
        entries.remove(key);
        bytes -= held.bytes;
      }
      handedOver++;
      return held.document;
    }
  }

  /**
   * The Lucene fields of {@code text} in {@code field} of the index {@code index}: from the
   * processor's analysis when one is held, else analysed here.
   *
   * @param index the index's uuid
   */
  public List<IndexableField> fields(String index, NearDupField field, String text) {
    NearDupDocument analysed =
        take(index, field.name(), field.settings(), field.verification(), text);
    NearDupDocumentBuilder builder = field.documentBuilder();
    return analysed == null ? builder.fields(text) : builder.fields(analysed);
  }

  /**
   * The Lucene fields a document gets for its {@code text} in {@code field}: the field's own
   * ({@link #fields}) and, next to the sketch, the document's id in doc values, so that collapse
   * can name the copies of a window without stored fields.
   *
   * @param index the index's uuid
   * @param path the field's full path, for the error
   * @param id the document's id, or null
   * @param hasSketch whether the document holds a sketch of the field already
   * @throws IllegalArgumentException if it does: the field takes one text per document
   */
  public List<IndexableField> documentFields(
      String index, NearDupField field, String path, String text, String id, boolean hasSketch) {
    if (hasSketch) {
      throw new IllegalArgumentException(NearDupMappings.oneText(path));
    }
    List<IndexableField> out = new ArrayList<>(fields(index, field, text));
    if (id != null) {
      out.add(new BinaryDocValuesField(field.idField(), new BytesRef(id)));
    }
    return out;
  }

  /** The number of analyses held. */
  public synchronized int size() {
    return entries.size();
  }

  /** What the held texts and analyses weigh, in bytes. */
  public synchronized long bytes() {
    return bytes;
  }

  /** How many analyses the mappers took. */
  public synchronized long handedOver() {
    return handedOver;
  }

  /** How many analyses went unused because newer ones needed the room. */
  public synchronized long evicted() {
    return evicted;
  }

  private static long weight(String text, NearDupDocument document) {
    long bands = 0;
    for (String band : document.bandTokens()) {
      bands += 48 + 2L * band.length();
    }
    long shingles = 8L * document.shingleCount();
    long exact = document.exactToken() == null ? 0 : 48 + 2L * document.exactToken().length();
    return 128 + 2L * text.length() + bands + shingles + exact + 64 + 8L * document.sketch().size();
  }
}

package io.neardup.engine.contract;

import io.neardup.document.NearDupFields;
import io.neardup.engine.param.NearDupMappings;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;

/** What a {@code neardup} field wrote into a shard, read the same way for both engines. */
public final class IndexedFields {
  private IndexedFields() {}

  /**
   * Each document's sketch and shingle set in the field {@code field}, by the id the field keeps
   * beside them.
   */
  public static Map<String, String> sketchesAndSets(IndexReader reader, String field)
      throws IOException {
    NearDupFields fields = new NearDupFields(field);
    Map<String, String> values = new HashMap<>();
    for (LeafReaderContext leaf : reader.leaves()) {
      BinaryDocValues ids = leaf.reader().getBinaryDocValues(NearDupMappings.idField(field));
      BinaryDocValues sketches = leaf.reader().getBinaryDocValues(fields.sketchField());
      BinaryDocValues sets = leaf.reader().getBinaryDocValues(fields.shinglesField());
      if (ids == null) {
        continue;
      }
      for (int doc = ids.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = ids.nextDoc()) {
        String id = ids.binaryValue().utf8ToString();
        Check.that(sketches.advanceExact(doc), "document [" + id + "] has a sketch");
        Check.that(sets.advanceExact(doc), "document [" + id + "] has a shingle set");
        values.put(id, sketches.binaryValue().toString() + sets.binaryValue().toString());
      }
    }
    return values;
  }
}

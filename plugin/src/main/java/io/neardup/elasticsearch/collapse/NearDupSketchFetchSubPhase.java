package io.neardup.elasticsearch.collapse;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.elasticsearch.mapper.NearDupFieldMapper.NearDupFieldType;
import io.neardup.search.CanonicalKeys;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.util.BytesRef;
import org.elasticsearch.common.document.DocumentField;
import org.elasticsearch.index.mapper.MappedFieldType;
import org.elasticsearch.search.fetch.FetchContext;
import org.elasticsearch.search.fetch.FetchSubPhase;
import org.elasticsearch.search.fetch.FetchSubPhaseProcessor;
import org.elasticsearch.search.fetch.StoredFieldsSpec;

/**
 * On each shard, for searches with {@code neardup_collapse} or {@code neardup_sketches}: attaches
 * to every fetched hit its stored sketch and the value the canonical policy compares, so the
 * coordinating node can collapse the merged hits without another round trip. Both travel in a hit
 * field named {@value #HIT_FIELD}, which {@link NearDupCollapseFilter} removes before the response
 * leaves the node, adding the metadata field {@value NearDupCollapseFilter#HIT_ANNOTATION} with
 * what the collapse found.
 *
 * <p>The field's three values: the serialized sketch ({@code byte[]}, empty if the document has
 * none); the value the canonical policy compares (a {@code Long}, a {@code byte[]} of a keyword, or
 * {@code ""} if none); the document's {@code _id} from the field's doc values ({@code ""} in
 * indexes written before they were kept), so that hits fetched without stored fields can be named.
 */
public final class NearDupSketchFetchSubPhase implements FetchSubPhase {
  /** Name of the transient hit field that carries the sketch to the coordinating node. */
  public static final String HIT_FIELD = "_neardup_sketch";

  private static final byte[] NO_SKETCH = new byte[0];

  @Override
  public FetchSubPhaseProcessor getProcessor(FetchContext context) throws IOException {
    SketchSource ext =
        context.getSearchExt(NearDupCollapseBuilder.NAME) instanceof SketchSource collapse
            ? collapse
            : context.getSearchExt(NearDupSketchesBuilder.NAME) instanceof SketchSource sketches
                ? sketches
                : null;
    if (ext == null) {
      return null;
    }
    MappedFieldType type = context.getSearchExecutionContext().getFieldType(ext.field());
    // the coordinating node checked the mappings; an index without the field has no sketches
    String sketchField = type instanceof NearDupFieldType t ? t.fields().sketchField() : null;
    String idField = type instanceof NearDupFieldType t ? t.idField() : null;
    CanonicalPolicy canonical = ext.canonical();
    return new FetchSubPhaseProcessor() {
      private BinaryDocValues sketches;
      private BinaryDocValues ids;
      private int lastDoc;
      private LeafReaderContext leaf;
      private CanonicalKeys.LeafValues keys;

      @Override
      public void setNextReader(LeafReaderContext readerContext) throws IOException {
        leaf = readerContext;
        open();
      }

      private void open() throws IOException {
        sketches = sketchField == null ? null : leaf.reader().getBinaryDocValues(sketchField);
        ids = idField == null ? null : leaf.reader().getBinaryDocValues(idField);
        keys = CanonicalKeys.leafValues(leaf.reader(), canonical);
        lastDoc = -1;
      }

      @Override
      public void process(HitContext hitContext) throws IOException {
        int doc = hitContext.docId();
        if (doc <= lastDoc) {
          open(); // doc values iterate forwards only; hits are documented to come in doc order
        }
        lastDoc = doc;
        List<Object> values = new ArrayList<>(3);
        if (sketches != null && sketches.advanceExact(doc)) {
          values.add(BytesRef.deepCopyOf(sketches.binaryValue()).bytes);
        } else {
          values.add(NO_SKETCH);
        }
        Object key = keys.value(doc);
        values.add(
            key instanceof BytesRef term
                ? BytesRef.deepCopyOf(term).bytes
                : key == null ? "" : key);
        values.add(ids != null && ids.advanceExact(doc) ? ids.binaryValue().utf8ToString() : "");
        // the annotation's placeholder makes sure the hit's metadata fields are a map the
        // coordinating node can update, as the sketch field does for the document fields
        hitContext
            .hit()
            .addDocumentFields(
                Map.of(HIT_FIELD, new DocumentField(HIT_FIELD, values)),
                Map.of(
                    NearDupCollapseFilter.HIT_ANNOTATION,
                    new DocumentField(NearDupCollapseFilter.HIT_ANNOTATION, List.of(true))));
      }

      @Override
      public StoredFieldsSpec storedFieldsSpec() {
        return StoredFieldsSpec.NO_REQUIREMENTS;
      }
    };
  }
}

package io.neardup.elasticsearch.collapse;

import io.neardup.elasticsearch.mapper.NearDupFieldMapper.NearDupFieldType;
import io.neardup.engine.api.SketchSource;
import io.neardup.engine.shard.HitSketchReader;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.LeafReaderContext;
import org.elasticsearch.common.document.DocumentField;
import org.elasticsearch.search.fetch.FetchContext;
import org.elasticsearch.search.fetch.FetchSubPhase;
import org.elasticsearch.search.fetch.FetchSubPhaseProcessor;
import org.elasticsearch.search.fetch.StoredFieldsSpec;

/**
 * On each shard, for searches with {@code neardup_collapse} or {@code neardup_sketches}: attaches
 * to every fetched hit the values of engine-common's {@link HitSketchReader#hitValues} in the hit
 * field {@value #HIT_FIELD}; {@link NearDupCollapseFilter} then adds the metadata field {@value
 * NearDupCollapseFilter#HIT_ANNOTATION} with what the collapse found.
 *
 * <p>A search collapsed as a rank ({@link NearDupCollapseRankBuilder}) got its sketches in the
 * query phase already; for it this phase reads nothing and only gives the page's hits field maps
 * the coordinating node can annotate.
 */
public final class NearDupSketchFetchSubPhase implements FetchSubPhase {
  /** See {@link HitSketchReader#HIT_FIELD}. */
  public static final String HIT_FIELD = HitSketchReader.HIT_FIELD;

  @Override
  public FetchSubPhaseProcessor getProcessor(FetchContext context) throws IOException {
    SketchSource ext = SketchSource.of(context::getSearchExt);
    if (ext == null) {
      return null;
    }
    if (context.rankBuilder() instanceof NearDupCollapseRankBuilder) {
      // the collapse ran before this fetch, from what the query phase read: the page's hits only
      // need field maps the coordinating node can update (an empty one read from the wire is not)
      return new FetchSubPhaseProcessor() {
        @Override
        public void setNextReader(LeafReaderContext readerContext) {}

        @Override
        public void process(HitContext hitContext) {
          hitContext
              .hit()
              .addDocumentFields(
                  Map.of(HIT_FIELD, new DocumentField(HIT_FIELD, List.of())), placeholder());
        }

        @Override
        public StoredFieldsSpec storedFieldsSpec() {
          return StoredFieldsSpec.NO_REQUIREMENTS;
        }
      };
    }
    HitSketchReader reader =
        ext.hitReader(
            context.getSearchExecutionContext().getFieldType(ext.field())
                    instanceof NearDupFieldType t
                ? t.nearDup()
                : null);
    return new FetchSubPhaseProcessor() {
      @Override
      public void setNextReader(LeafReaderContext readerContext) throws IOException {
        reader.setLeaf(readerContext.reader());
      }

      @Override
      public void process(HitContext hitContext) throws IOException {
        reader.advance(hitContext.docId());
        List<Object> values = reader.hitValues();
        hitContext
            .hit()
            .addDocumentFields(
                Map.of(HIT_FIELD, new DocumentField(HIT_FIELD, values)), placeholder());
      }

      @Override
      public StoredFieldsSpec storedFieldsSpec() {
        return StoredFieldsSpec.NO_REQUIREMENTS;
      }
    };
  }

  /**
   * The annotation's placeholder: it makes sure the hit's metadata fields are a map the
   * coordinating node can update, as the sketch field does for the document fields.
   */
  private static Map<String, DocumentField> placeholder() {
    return Map.of(
        NearDupCollapseFilter.HIT_ANNOTATION,
        new DocumentField(NearDupCollapseFilter.HIT_ANNOTATION, List.of(true)));
  }
}

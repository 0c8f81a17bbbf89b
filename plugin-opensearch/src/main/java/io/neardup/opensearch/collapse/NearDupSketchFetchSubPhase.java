package io.neardup.opensearch.collapse;

import io.neardup.engine.api.SketchSource;
import io.neardup.engine.shard.HitSketchReader;
import io.neardup.opensearch.mapper.NearDupFieldMapper.NearDupFieldType;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;
import org.opensearch.common.document.DocumentField;
import org.opensearch.search.fetch.FetchContext;
import org.opensearch.search.fetch.FetchSubPhase;
import org.opensearch.search.fetch.FetchSubPhaseProcessor;

/**
 * On each shard, for searches that collapse by fetching ({@link CoordinatorCollapse}) or ask for
 * {@code neardup_sketches}: attaches to every fetched hit the values of engine-common's {@link
 * HitSketchReader#hitValues} in the hit field {@value #HIT_FIELD}.
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
    HitSketchReader reader =
        ext.hitReader(
            context.mapperService().fieldType(ext.field()) instanceof NearDupFieldType t
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
        hitContext.hit().setDocumentField(HIT_FIELD, new DocumentField(HIT_FIELD, values));
      }
    };
  }
}

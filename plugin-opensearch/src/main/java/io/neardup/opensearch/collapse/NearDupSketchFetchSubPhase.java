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
 * On each shard, for searches with {@code neardup_collapse} or {@code neardup_sketches}: attaches
 * to every fetched hit its stored sketch and the value the canonical policy compares, so the
 * coordinating node can collapse the merged hits without another round trip. Both travel in a hit
 * field named {@value #HIT_FIELD}, which the coordinating node's collapse ({@link
 * CoordinatorCollapse}) removes before the response leaves the node.
 *
 * <p>The field's three values: the serialized sketch ({@code byte[]}, empty if the document has
 * none); the value the canonical policy compares (a {@code Long}, a {@code byte[]} of a keyword, or
 * {@code ""} if none); the document's {@code _id} from the field's doc values ({@code ""} in
 * indexes written before they were kept), so that hits fetched without stored fields can be named.
 */
public final class NearDupSketchFetchSubPhase implements FetchSubPhase {
  /** Name of the transient hit field that carries the sketch to the coordinating node. */
  public static final String HIT_FIELD = "_neardup_sketch";

  @Override
  public FetchSubPhaseProcessor getProcessor(FetchContext context) throws IOException {
    SketchSource ext =
        context.getSearchExt(NearDupCollapseBuilder.NAME) instanceof NearDupCollapseBuilder collapse
            ? collapse.params()
            : context.getSearchExt(NearDupSketchesBuilder.NAME) instanceof NearDupSketchesBuilder b
                ? b.params()
                : null;
    if (ext == null) {
      return null;
    }
    HitSketchReader reader =
        NearDupFieldType.hitReader(
            context.mapperService().fieldType(ext.field()), ext.canonical(), ext.shingles());
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

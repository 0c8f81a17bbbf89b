package io.neardup.opensearch.mapper;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.param.MappingCache;
import java.util.Map;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.common.Nullable;

/**
 * Field definitions from the mappings of the cluster state, on any node: engine-common's {@link
 * MappingCache} over this engine's index metadata.
 */
public final class MappedFields {
  private final MappingCache cache = new MappingCache();

  /** The mapping of {@code path} in the index, or null if the index does not map it. */
  @Nullable
  public Map<String, Object> lookup(IndexMetadata index, String path) {
    return cache.lookup(
        index.getIndexUUID(),
        index.getMappingVersion(),
        path,
        () -> index.mapping() == null ? null : index.mapping().sourceAsMap());
  }

  /** See {@link MappingCache#checkCanonical}. */
  public boolean checkCanonical(IndexMetadata index, CanonicalPolicy canonical) {
    return MappingCache.checkCanonical(
        index.getIndex().getName(), path -> lookup(index, path), canonical);
  }
}

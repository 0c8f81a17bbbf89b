package io.neardup.elasticsearch.mapper;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.param.MappingCache;
import io.neardup.engine.param.MappingFields;
import io.neardup.settings.NearDupSettings;
import java.util.Map;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.core.Nullable;

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

  /**
   * The near-duplicate settings of a {@code neardup} field's mapping (its parameters in snake_case;
   * absent ones take their defaults).
   */
  public static NearDupSettings nearDupSettings(Map<String, Object> field) {
    return MappingFields.nearDupSettings(field);
  }
}

package io.neardup.opensearch.collapse;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.engine.param.MappingFields;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.cluster.metadata.MappingMetadata;
import org.opensearch.common.Nullable;

/**
 * Looks up field definitions in the mappings of the cluster state, on any node (see the library's
 * {@link MappingFields}), cached per index and mapping version so that a search pays for parsing a
 * mapping once.
 */
public final class MappedFields {
  private static final int MAX_CACHED = 1024;

  private final Map<String, Map<String, Object>> cache = new ConcurrentHashMap<>();

  /** The mapping of {@code path} in the index, or null if the index does not map it. */
  @Nullable
  public Map<String, Object> lookup(IndexMetadata index, String path) {
    String key = index.getIndexUUID() + '/' + index.getMappingVersion() + '/' + path;
    Map<String, Object> found = cache.get(key);
    if (found != null) {
      return found.isEmpty() ? null : found;
    }
    MappingMetadata mapping = index.mapping();
    Map<String, Object> resolved =
        mapping == null ? null : MappingFields.find(mapping.sourceAsMap(), path);
    if (cache.size() >= MAX_CACHED) {
      cache.clear(); // mappings change rarely; a full cache means many indexes or versions
    }
    cache.put(key, resolved == null ? Map.of() : resolved);
    return resolved;
  }

  /** See {@link MappingFields#checkCanonical}. */
  public boolean checkCanonical(IndexMetadata index, CanonicalPolicy canonical) {
    if (canonical.byScore()) {
      return true;
    }
    boolean all = true;
    for (String field : canonical.fields()) {
      Map<String, Object> key = lookup(index, field); // cached: no mapping parsed per search
      if (key == null) {
        all = false;
      } else {
        MappingFields.checkCanonicalField(key, field, index.getIndex().getName());
      }
    }
    return all;
  }
}

package io.neardup.engine.param;

import io.neardup.canonical.CanonicalPolicy;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * {@link MappingCache} over an engine's index metadata {@code M}: an adapter names once how its
 * metadata gives an index's uuid, mapping version, name and mapping, and looks fields up by the
 * metadata itself.
 *
 * @param <M> the engine's index metadata
 */
public class IndexMappings<M> {
  private final MappingCache cache = new MappingCache();
  private final Function<M, String> uuid;
  private final ToLongFunction<M> mappingVersion;
  private final Function<M, String> name;
  private final Function<M, Map<String, Object>> mapping;

  /**
   * @param mapping an index's mapping as a map, null if it has none
   */
  protected IndexMappings(
      Function<M, String> uuid,
      ToLongFunction<M> mappingVersion,
      Function<M, String> name,
      Function<M, Map<String, Object>> mapping) {
    this.uuid = uuid;
    this.mappingVersion = mappingVersion;
    this.name = name;
    this.mapping = mapping;
  }

  /** The mapping of {@code path} in the index, or null if the index does not map it. */
  public Map<String, Object> lookup(M index, String path) {
    return cache.lookup(
        uuid.apply(index), mappingVersion.applyAsLong(index), path, () -> mapping.apply(index));
  }

  /** See {@link MappingCache#checkCanonical}. */
  public boolean checkCanonical(M index, CanonicalPolicy canonical) {
    return MappingCache.checkCanonical(name.apply(index), path -> lookup(index, path), canonical);
  }
}

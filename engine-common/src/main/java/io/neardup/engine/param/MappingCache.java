package io.neardup.engine.param;

import io.neardup.canonical.CanonicalPolicy;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A node's field definitions from the mappings of its cluster state, whatever the engine: a
 * coordinating node holds no shard of the indexes it searches, but every node holds their mappings.
 * Lookups ({@link MappingFields#find}: multi-fields, object properties, dotted names, aliases) are
 * cached per index and mapping version, so a search pays for parsing a mapping once.
 */
public final class MappingCache {
  private static final int MAX_CACHED = 1024;

  private final Map<String, Map<String, Object>> cache = new ConcurrentHashMap<>();

  /**
   * The mapping of {@code path} in an index (its type and parameters, e.g. {@code {"type":
   * "neardup", "threshold": 0.9}}); null if the index does not map it.
   *
   * @param indexUuid the index's uuid
   * @param mappingVersion its mapping's version
   * @param source the index's mapping as a map, read only on a miss (null: no mapping)
   */
  public Map<String, Object> lookup(
      String indexUuid, long mappingVersion, String path, Supplier<Map<String, Object>> source) {
    String key = indexUuid + '/' + mappingVersion + '/' + path;
    Map<String, Object> found = cache.get(key);
    if (found != null) {
      return found.isEmpty() ? null : found;
    }
    Map<String, Object> mapping = source.get();
    Map<String, Object> resolved = mapping == null ? null : MappingFields.find(mapping, path);
    if (cache.size() >= MAX_CACHED) {
      cache.clear(); // mappings change rarely; a full cache means many indexes or versions
    }
    cache.put(key, resolved == null ? Map.of() : resolved);
    return resolved;
  }

  /**
   * Checks that the policy's fields, where the index maps them, are numeric, date, boolean, ip or
   * keyword fields with doc values.
   *
   * @param mapped the index's cached lookup of a path
   * @return whether the index maps every field of the policy
   * @throws IllegalArgumentException naming the field, its type and the index
   */
  public static boolean checkCanonical(
      String index, Function<String, Map<String, Object>> mapped, CanonicalPolicy canonical) {
    if (canonical.byScore()) {
      return true;
    }
    boolean all = true;
    for (String field : canonical.fields()) {
      Map<String, Object> key = mapped.apply(field);
      if (key == null) {
        all = false;
      } else {
        MappingFields.checkCanonicalField(key, field, index);
      }
    }
    return all;
  }
}

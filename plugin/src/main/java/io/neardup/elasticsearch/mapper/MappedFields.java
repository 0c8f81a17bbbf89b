package io.neardup.elasticsearch.mapper;

import io.neardup.engine.param.IndexMappings;
import io.neardup.engine.param.MappingFields;
import io.neardup.settings.NearDupSettings;
import java.util.Map;
import org.elasticsearch.cluster.metadata.IndexMetadata;

/**
 * Field definitions from the mappings of the cluster state, on any node: engine-common's {@link
 * IndexMappings} over this engine's index metadata.
 */
public final class MappedFields extends IndexMappings<IndexMetadata> {
  public MappedFields() {
    super(
        IndexMetadata::getIndexUUID,
        IndexMetadata::getMappingVersion,
        index -> index.getIndex().getName(),
        index -> index.mapping() == null ? null : index.mapping().sourceAsMap());
  }

  /**
   * The near-duplicate settings of a {@code neardup} field's mapping (its parameters in snake_case;
   * absent ones take their defaults).
   */
  public static NearDupSettings nearDupSettings(Map<String, Object> field) {
    return MappingFields.nearDupSettings(field);
  }
}

package io.neardup.opensearch.mapper;

import io.neardup.engine.param.IndexMappings;
import org.opensearch.cluster.metadata.IndexMetadata;

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
}

/** The clustering API, {@code POST /{index}/_neardup/clusters}. */
package io.neardup.opensearch.clusters;

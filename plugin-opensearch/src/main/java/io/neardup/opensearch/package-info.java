/** neardup for OpenSearch: the plugin class that registers the analysis, mapper and query. */
package io.neardup.opensearch;

/** Elasticsearch factories for neardup's token filters and the default normalising analyzer. */
package io.neardup.elasticsearch.analysis;

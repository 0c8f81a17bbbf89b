/** OpenSearch factories for neardup's token filters and the default normalising analyzer. */
package io.neardup.opensearch.analysis;

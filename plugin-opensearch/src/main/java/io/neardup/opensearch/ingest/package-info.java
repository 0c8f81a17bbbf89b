/** The {@code neardup} ingest processor: near-duplicate cluster ids assigned at write time. */
package io.neardup.opensearch.ingest;

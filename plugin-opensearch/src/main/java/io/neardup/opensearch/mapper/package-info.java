/** The {@code neardup} field type: band tokens, sketch doc values and the exact token. */
package io.neardup.opensearch.mapper;

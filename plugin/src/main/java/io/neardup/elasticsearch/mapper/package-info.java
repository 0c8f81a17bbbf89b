/** The {@code neardup} field type: band tokens, sketch doc values and the exact token of a text. */
package io.neardup.elasticsearch.mapper;

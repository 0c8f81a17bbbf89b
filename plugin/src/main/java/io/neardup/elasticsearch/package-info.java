/** The Elasticsearch plugin: registers neardup's token filters, field type and query. */
package io.neardup.elasticsearch;

/**
 * What neardup reads and writes per Lucene document: the fields of one analysed text, the canonical
 * keys of documents, and reads of documents in doc id order.
 */
package io.neardup.document;

/**
 * The CLI's persistent Lucene index: its documents, writing, opening, appends and stored clusters.
 */
package io.neardup.cli.index;

/** The CLI's persistent Lucene index: its documents and layout, opening it and its writer. */
package io.neardup.cli.index;

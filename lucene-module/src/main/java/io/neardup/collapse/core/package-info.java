/**
 * The collapse rule free of Lucene and of every engine: grouping a window's hits by their sketches
 * in the canonical order, the list each mode makes of the groups, and the page cut from it.
 */
package io.neardup.collapse.core;

/**
 * The parameters of neardup: their names in every surface (Lucene factory arguments, engine
 * settings, command-line options), parsing and the errors that name them. A leaf: it imports no
 * other neardup package, so every package may use it.
 */
package io.neardup.param;

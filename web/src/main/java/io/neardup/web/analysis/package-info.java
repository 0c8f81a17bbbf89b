/** Lucene analysis over web pages: the main-text extraction as a char filter. */
package io.neardup.web.analysis;

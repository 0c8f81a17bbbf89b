/**
 * Boilerplate removal from one page: the DOM segmented into text blocks, each classified as content
 * or boilerplate from shallow text features (Kohlschütter, Frankhauser and Nejdl 2010).
 */
package io.neardup.web.boilerplate;

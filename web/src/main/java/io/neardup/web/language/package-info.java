/** Which language a text is written in, to compare pages only with pages of their own language. */
package io.neardup.web.language;

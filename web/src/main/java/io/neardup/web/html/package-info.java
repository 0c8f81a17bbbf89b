/** HTML bytes to a lenient DOM: the charset from the byte order mark, HTTP header or meta tag. */
package io.neardup.web.html;

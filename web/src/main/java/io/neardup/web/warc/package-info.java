/** The HTML pages of WARC files (web crawls such as Common Crawl), with their URL and date. */
package io.neardup.web.warc;

/**
 * Web pages as text for near-duplicate detection: decoding ({@code html}), main-content extraction
 * ({@code boilerplate}) and web archives ({@code warc}).
 */
package io.neardup.web;

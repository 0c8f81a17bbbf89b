package io.neardup.engine.api;

/**
 * A route of one of the REST APIs, as each engine registers it.
 *
 * @param method the HTTP method
 * @param path the path, with {@code {index}} for the index expression
 */
public record RestRoute(String method, String path) {}

/**
 * The option mixins the commands share, their defaults from the library and their checks, and the
 * values they parse into ({@link io.neardup.cli.options.LanguageFilter}).
 */
package io.neardup.cli.options;

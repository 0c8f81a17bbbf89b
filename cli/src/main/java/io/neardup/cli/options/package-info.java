/** The option mixins the commands share, their defaults from the library and their checks. */
package io.neardup.cli.options;

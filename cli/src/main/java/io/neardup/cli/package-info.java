/**
 * The {@code neardup} command-line tool: one picocli command per subcommand over the library, with
 * the input readers, index layout, progress line and result writers they share.
 */
package io.neardup.cli;

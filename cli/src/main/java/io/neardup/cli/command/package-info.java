/** One picocli command per subcommand of {@code neardup}. */
package io.neardup.cli.command;

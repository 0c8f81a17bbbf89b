package io.neardup.cli.options;

import io.neardup.signature.Method;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The near-duplicate method of {@code dedup}, and its parameters. */
public final class DedupMethodOptions {
  @Option(
      names = "--method",
      paramLabel = "NAME",
      defaultValue = "minhash",
      description =
          "The near-duplicate method: minhash (sketch + LSH bands, the default), min-m, mod-n"
              + " (Broder's sketches), simhash (Charikar; Hamming distance), md5, tfidf,"
              + " long-sent, heavy-sent, lex-rand (signatures: equal signature, --threshold does"
              + " not apply). tfidf, heavy-sent and lex-rand read the input twice (collection"
              + " statistics first). --index and --verify apply to minhash only. See docs/methods.md"
              + " for the table of methods.")
  String method;

  @Mixin public MethodParameters parameters;

  /** The method named, with every parameter checked by the library's rule. */
  public Method method(CommandSpec spec) {
    Method m;
    try {
      m = Method.of(method);
    } catch (IllegalArgumentException e) {
      throw Options.invalid(spec, "--method", e.getMessage());
    }
    parameters.check(spec);
    return m;
  }
}

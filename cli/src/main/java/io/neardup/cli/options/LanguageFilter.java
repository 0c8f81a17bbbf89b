package io.neardup.cli.options;

import io.neardup.cli.output.RunSummary;
import io.neardup.util.Mix;
import io.neardup.web.language.LanguageIdentifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The {@code --languages} pre-filter: identifies each document's language ({@link
 * LanguageIdentifier}), keeps the documents of the languages asked for (all with {@code auto}), and
 * gives each language its own partition of the clusterer, so that documents are compared only with
 * documents of their own language. Counts what it sees and sets aside. Thread-safe.
 */
public final class LanguageFilter {
  private final Set<String> keep;
  private final Map<String, LongAdder> seen = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> setAside = new ConcurrentHashMap<>();

  /**
   * @param keep the ISO 639-3 codes to keep, or null to keep all
   */
  private LanguageFilter(Set<String> keep) {
    this.keep = keep;
  }

  /**
   * Parses {@code auto} or a list of language codes.
   *
   * @throws IllegalArgumentException naming a code the identifier does not know
   */
  public static LanguageFilter parse(String value) {
    if (value.trim().equals("auto")) {
      return new LanguageFilter(null);
    }
    return new LanguageFilter(LanguageIdentifier.get().parseLanguages(value));
  }

  /** The language of a text, ISO 639-3 or {@link LanguageIdentifier#UNDETERMINED}. */
  public String identify(String text) {
    String lang = LanguageIdentifier.get().identify(text);
    seen.computeIfAbsent(lang, k -> new LongAdder()).increment();
    return lang;
  }

  /** Whether a document of this language is compared; counts it as set aside if not. */
  public boolean keeps(String lang) {
    if (keep == null || keep.contains(lang)) {
      return true;
    }
    setAside.computeIfAbsent(lang, k -> new LongAdder()).increment();
    return false;
  }

  /** The clusterer partition of a language: never 0, the partition of documents without one. */
  public static long partition(String lang) {
    long h = 0;
    for (byte b : lang.getBytes(StandardCharsets.UTF_8)) {
      h = h << 8 | (b & 0xff);
    }
    return Mix.fmix64(h) | 1;
  }

  /** What the summary says: the languages seen and the documents set aside. */
  public List<String> notes() {
    List<String> notes = new ArrayList<>();
    notes.add("languages (documents compared only within their own language): " + counts(seen));
    if (keep != null) {
      long skipped = setAside.values().stream().mapToLong(LongAdder::sum).sum();
      notes.add(
          String.format(
              Locale.ROOT,
              "--languages %s: %s set aside%s",
              String.join(",", keep),
              RunSummary.count(skipped, "document"),
              skipped == 0 ? "" : " (" + counts(setAside) + ")"));
    }
    return notes;
  }

  private static String counts(Map<String, LongAdder> counts) {
    List<String> parts = new ArrayList<>();
    counts.entrySet().stream()
        .sorted((a, b) ->
            a.getValue().sum() != b.getValue().sum()
                ? Long.compare(b.getValue().sum(), a.getValue().sum())
                : a.getKey().compareTo(b.getKey()))
        .forEach(
            e -> parts.add(String.format(Locale.ROOT, "%s: %,d", e.getKey(), e.getValue().sum())));
    return parts.isEmpty() ? "none" : String.join(", ", parts);
  }
}

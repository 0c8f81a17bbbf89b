package io.neardup.canonical;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Which document of a group of near-duplicates is the canonical ("main") copy: the best-scoring hit
 * (in result lists; in whole-collection clustering, the first indexed), or the document with the
 * lowest or highest value of a field, e.g. the earliest {@code date}, the highest {@code
 * popularity}, the smallest {@code boilerplate_fraction}; or a chain of such keys, each breaking
 * the ties of the one before ({@code earliest,popularity,score}). Documents without a value in a
 * key's field never win over documents with one; remaining ties go to the better score, then to the
 * lower document id, so the choice is deterministic.
 *
 * <p>The named policies of web deduplication (Broder's "earliest, most popular, least boilerplate")
 * are keys with a default field:
 *
 * <ul>
 *   <li>{@code boilerplate[:FIELD]}: the lowest {@value #BOILERPLATE_FIELD} (the fraction of a
 *       page's words its extraction set aside as boilerplate, 0 to 1);
 *   <li>{@code earliest[:FIELD]}: the lowest {@value #DATE_FIELD} (a date, e.g. the WARC-Date);
 *   <li>{@code popularity[:FIELD]}: the highest {@value #POPULARITY_FIELD} (e.g. inbound links).
 * </ul>
 *
 * <p>The policy is also the one canonical order of every engine and tool: {@link #key} makes one
 * value of a document's values, {@link #compare} ranks two such values and {@link #order} ranks a
 * list of hits, so that collapse, clustering and every engine adapter choose alike.
 *
 * <pre>{@code
 * CanonicalPolicy p = CanonicalPolicy.parse("earliest,popularity:inlinks,score");
 * }</pre>
 *
 * @param keys the keys in the order they decide; empty to decide by score
 */
public record CanonicalPolicy(List<Key> keys) {
  /** The best-scoring hit (the first indexed document when there is no score). The default. */
  public static final CanonicalPolicy BEST_SCORE = new CanonicalPolicy(List.of());

  /** The default field of {@code boilerplate}: a page's fraction of boilerplate words, 0 to 1. */
  public static final String BOILERPLATE_FIELD = "boilerplate_fraction";

  /** The default field of {@code earliest}: a date (the WARC-Date of WARC input). */
  public static final String DATE_FIELD = "date";

  /** The default field of {@code popularity}: a number, the higher the more popular. */
  public static final String POPULARITY_FIELD = "popularity";

  private static final String FORMS =
      "canonical must be [score], [FIELD:asc], [FIELD:desc], [boilerplate[:FIELD]],"
          + " [earliest[:FIELD]] or [popularity[:FIELD]], or a comma-separated chain of them"
          + " ending at the latest with [score], got [";

  /**
   * One key of a policy.
   *
   * @param field the field whose value decides
   * @param ascending true if the lowest value wins (earliest date), false if the highest wins
   */
  public record Key(String field, boolean ascending) {
    public Key {
      if (field == null || field.isEmpty()) {
        throw new IllegalArgumentException(
            "canonical field must be non-empty, got [" + field + "]");
      }
    }

    @Override
    public String toString() {
      return field + (ascending ? ":asc" : ":desc");
    }
  }

  public CanonicalPolicy {
    keys = List.copyOf(keys);
    for (int i = 0; i < keys.size(); i++) {
      for (int j = 0; j < i; j++) {
        if (keys.get(i).field().equals(keys.get(j).field())) {
          throw new IllegalArgumentException(
              "canonical field [" + keys.get(i).field() + "] must appear once, got " + keys);
        }
      }
    }
  }

  /** The document with the lowest value of a field wins (e.g. earliest publication date). */
  public static CanonicalPolicy lowest(String field) {
    return new CanonicalPolicy(List.of(new Key(field, true)));
  }

  /** The document with the highest value of a field wins (e.g. popularity, quality). */
  public static CanonicalPolicy highest(String field) {
    return new CanonicalPolicy(List.of(new Key(field, false)));
  }

  /** This policy, with the keys of {@code next} breaking its ties. */
  public CanonicalPolicy then(CanonicalPolicy next) {
    List<Key> all = new ArrayList<>(keys);
    all.addAll(next.keys);
    return new CanonicalPolicy(all);
  }

  /** True if the score decides. */
  public boolean byScore() {
    return keys.isEmpty();
  }

  /** The fields of the keys, in order. */
  public List<String> fields() {
    return keys.stream().map(Key::field).toList();
  }

  /**
   * Parses a comma-separated chain of keys, each {@code FIELD:asc} (lowest value wins; also {@code
   * FIELD:earliest}), {@code FIELD:desc} (highest wins; also {@code FIELD:latest}, {@code
   * FIELD:highest}), a bare {@code FIELD} (ascending), or a named policy {@code boilerplate},
   * {@code earliest}, {@code popularity} with an optional {@code :FIELD}; {@code score} may end the
   * chain (the score breaks the remaining ties anyway) or stand alone.
   *
   * @throws IllegalArgumentException naming the accepted forms
   */
  public static CanonicalPolicy parse(String spec) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException(FORMS + spec + "]");
    }
    String[] parts = spec.split(",", -1);
    List<Key> keys = new ArrayList<>();
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i].trim();
      if (part.isEmpty()) {
        throw new IllegalArgumentException(FORMS + spec + "]");
      }
      if (part.equals("score")) {
        if (i != parts.length - 1) {
          throw new IllegalArgumentException(
              "canonical [score] must come last, as it breaks the ties the keys before it leave,"
                  + " got ["
                  + spec
                  + "]");
        }
        break;
      }
      keys.add(parseKey(part, spec));
    }
    return new CanonicalPolicy(keys);
  }

  /** One key of a chain; see {@link #parse}. */
  public static Key parseKey(String part, String spec) {
    int colon = part.lastIndexOf(':');
    String head = colon < 0 ? part : part.substring(0, colon);
    String tail = colon < 0 ? null : part.substring(colon + 1);
    Boolean order = tail == null ? null : order(tail.toLowerCase(Locale.ROOT));
    if (order == null) {
      Key named = named(head, tail);
      if (named != null) {
        return named;
      }
      if (tail != null) {
        throw new IllegalArgumentException(
            "canonical order must be one of [asc, desc, earliest, latest, lowest, highest], got ["
                + tail
                + "] in ["
                + spec
                + "]");
      }
    }
    if (head.isEmpty()) {
      throw new IllegalArgumentException(FORMS + spec + "]");
    }
    return new Key(head, order == null || order);
  }

  private static Boolean order(String word) {
    return switch (word) {
      case "asc", "earliest", "lowest", "first" -> true;
      case "desc", "latest", "highest", "last" -> false;
      default -> null;
    };
  }

  private static Key named(String name, String field) {
    if (field != null && field.isEmpty()) {
      return null;
    }
    return switch (name) {
      case "boilerplate" -> new Key(field == null ? BOILERPLATE_FIELD : field, true);
      case "earliest" -> new Key(field == null ? DATE_FIELD : field, true);
      case "popularity" -> new Key(field == null ? POPULARITY_FIELD : field, false);
      default -> null;
    };
  }

  /**
   * The one value a document's values make, for {@link #compare}: with one key its value itself;
   * with several, a {@code byte[]} whose unsigned order is the chain's order (each key's value in
   * its direction, a value before none, a number before bytes).
   *
   * @param values the document's value of each key, in key order (see {@link #compare})
   */
  public Object key(Object[] values) {
    if (values.length != keys.size()) {
      throw new IllegalArgumentException(
          "values must have one entry per key (" + keys.size() + "), got " + values.length);
    }
    if (keys.size() == 1) {
      return values[0];
    }
    if (keys.isEmpty()) {
      return null;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(10 * keys.size());
    for (int k = 0; k < values.length; k++) {
      Object v = values[k];
      if (v == null) {
        out.write(1); // after any value, whatever the direction
        continue;
      }
      out.write(0);
      int flip = keys.get(k).ascending() ? 0 : 0xff;
      if (v instanceof Long l) {
        out.write(0); // numbers before bytes, whatever the direction
        long sortable = l ^ Long.MIN_VALUE;
        for (int shift = 56; shift >= 0; shift -= 8) {
          out.write(((int) (sortable >>> shift) & 0xff) ^ flip);
        }
      } else if (v instanceof byte[] b) {
        out.write(1);
        // escaped and terminated, so that a prefix sorts first and keys after it stay aligned
        for (byte x : b) {
          out.write((x & 0xff) ^ flip);
          if (x == 0) {
            out.write(0xff ^ flip);
          }
        }
        out.write(flip);
        out.write(flip);
      } else {
        throw new IllegalArgumentException(
            "canonical value must be a Long or a byte[], got " + v.getClass().getSimpleName());
      }
    }
    return out.toByteArray();
  }

  /**
   * Compares two documents' values ({@link #key}): negative if {@code a} is more canonical, 0 when
   * the keys do not tell them apart (always for a policy by score). With one key, values are a
   * {@link Long} for numeric, date and boolean fields (compared as signed numbers), a {@code
   * byte[]} for keyword and ip fields (compared as unsigned bytes), or null for no value. A value
   * wins over none; a number wins over bytes (a field mapped differently in two indexes), whatever
   * the direction.
   */
  public int compare(Object a, Object b) {
    if (byScore() || (a == null && b == null)) {
      return 0;
    }
    if (a == null || b == null) {
      return a == null ? 1 : -1;
    }
    if (keys.size() > 1) {
      return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
    }
    int c;
    if (a instanceof Long x && b instanceof Long y) {
      c = Long.compare(x, y);
    } else if (a instanceof byte[] x && b instanceof byte[] y) {
      c = Arrays.compareUnsigned(x, y);
    } else {
      return a instanceof Long ? -1 : 1;
    }
    return keys.get(0).ascending() ? c : -c;
  }

  /**
   * The positions of a ranked list of hits from the most to the least canonical: by their values
   * ({@link #compare}), then by rank, so hits the keys do not tell apart keep the search's order.
   *
   * @param values each hit's value, in rank order (see {@link #key}; all null by score)
   */
  public int[] order(Object[] values) {
    int n = values.length;
    Integer[] boxed = new Integer[n];
    for (int i = 0; i < n; i++) {
      boxed[i] = i;
    }
    if (!byScore()) {
      Arrays.sort(boxed, (i, j) -> compare(values[i], values[j])); // stable: ties keep rank order
    }
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = boxed[i];
    }
    return order;
  }

  /** The form {@link #parse} reads: {@code score}, or the keys separated by commas. */
  @Override
  public String toString() {
    if (byScore()) {
      return "score";
    }
    StringBuilder s = new StringBuilder();
    for (Key k : keys) {
      s.append(s.isEmpty() ? "" : ",").append(k);
    }
    return s.toString();
  }
}

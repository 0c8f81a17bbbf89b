package io.neardup.web.boilerplate;

import java.util.List;
import org.jsoup.parser.Parser;

/**
 * The article body a page declares in its JSON-LD (schema.org's {@code articleBody}, as news sites
 * and blogs give it to search engines): the blocks whose text it holds are marked {@link
 * TextBlock#articleBody}, as the blocks of an element marked {@code itemprop="articleBody"} are.
 * Only a body whose last words are on the page counts: a body cut short (a teaser, a paywall's
 * first lines) or a stale copy of the text does not tell where the article ends. When one does, the
 * blocks whose text another of the page's JSON-LD strings holds are marked too: the questions and
 * answers of a page that declares them (schema.org's {@code FAQPage}), a thread's replies, a
 * review, which the page declares as its content beside the article. A page that declares a
 * thread's post ({@code DiscussionForumPosting}) gives its opening post as the body: its replies
 * are its text too, and nothing is marked. Text is compared as its letters and digits in lower
 * case, so that markup, entities, spaces and punctuation the JSON and the page render apart do not
 * matter; a block of fewer than {@value #MIN_BLOCK_WORDS} words (a credit, a single name) is not
 * marked, as its words may occur in any text.
 */
final class ArticleBody {
  /** The JSON key whose string value is the body. */
  private static final String KEY = "articleBody";

  /** The schema.org type of a post in a thread, whose body is its opening post. */
  private static final String DISCUSSION = "DiscussionForumPosting";

  /** Words from which a block whose words the body holds is marked. */
  static final int MIN_BLOCK_WORDS = 4;

  /** The body's last letters and digits that must be on the page. */
  static final int END_LETTERS = 40;

  /**
   * The most letters and digits of a page's JSON-LD strings that are read: far more than an article
   * holds (a long book chapter has a few hundred thousand). A page that declares more (a catalogue
   * in its structured data) is not marked, as looking each block up in all of it would cost more
   * than the page's parsing.
   */
  static final int MAX_DECLARED_LETTERS = 1 << 20;

  /** Words below which a body is no article. */
  static final int MIN_BODY_WORDS = ContentRegion.SHORT_REGION_WORDS;

  private ArticleBody() {}

  /**
   * Marks the blocks whose text the article bodies in {@code linkedData} (the data of JSON-LD
   * scripts) or, when one of those is on the page or the markup declares one ({@code inMarkup}: as
   * {@code itemprop}), its other strings hold. A body the markup only names ("entry-content") is no
   * declaration: the page's JSON-LD strings are not read for it.
   */
  static void mark(List<TextBlock> blocks, List<String> linkedData, boolean inMarkup) {
    if (linkedData.isEmpty()) {
      return;
    }
    boolean body = inMarkup;
    boolean any = false;
    for (String data : linkedData) {
      if (data.contains(DISCUSSION)) {
        return; // a thread's replies are its text as much as its opening post
      }
      any |= data.contains("\"" + KEY + "\"");
    }
    if (!body && !any) {
      return;
    }
    String[] page = new String[blocks.size()];
    StringBuilder all = new StringBuilder();
    for (int i = 0; i < page.length; i++) {
      page[i] = letters(blocks.get(i).text());
      all.append(page[i]);
    }
    StringBuilder declared = new StringBuilder();
    for (String data : linkedData) {
      String key = null;
      int[] end = new int[1];
      for (int i = data.indexOf('"'); i >= 0; i = data.indexOf('"', end[0] + 1)) {
        String value = string(data, i, end);
        if (value == null) {
          break;
        }
        int next = end[0] + 1;
        while (next < data.length() && Character.isWhitespace(data.charAt(next))) {
          next++;
        }
        if (next < data.length() && data.charAt(next) == ':') {
          key = value;
          continue;
        }
        int words = words(value);
        if (words < MIN_BLOCK_WORDS) {
          continue;
        }
        String text =
            letters(value.indexOf('<') >= 0 || value.indexOf('&') >= 0 ? text(value) : value);
        if (KEY.equals(key)
            && words >= MIN_BODY_WORDS
            && text.length() >= END_LETTERS
            && all.indexOf(text.substring(text.length() - END_LETTERS)) >= 0) {
          body = true;
        }
        if (declared.length() + text.length() > MAX_DECLARED_LETTERS) {
          return; // more than any article: each block would be looked for in all of it
        }
        declared.append(text).append('|');
      }
    }
    if (!body) {
      return;
    }
    for (int i = 0; i < page.length; i++) {
      if (!blocks.get(i).articleBody()
          && blocks.get(i).words() >= MIN_BLOCK_WORDS
          && declared.indexOf(page[i]) >= 0) {
        blocks.set(i, blocks.get(i).inArticleBody());
      }
    }
  }

  /** Text of a body written as HTML. */
  private static String text(String html) {
    return Parser.unescapeEntities(html.replaceAll("<[^>]*>", " "), false);
  }

  /**
   * The letters and digits of {@code s} in lower case, nothing between them: a body written as text
   * glues a heading to the paragraph after it ("EventWhen all"), which the page renders as two
   * blocks.
   */
  static String letters(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (BlockSegmenter.isLetterOrDigit(c)) {
        out.append(Character.toLowerCase(c));
      }
    }
    return out.toString();
  }

  /** The words of {@code text}: its runs of letters and digits. */
  private static int words(String text) {
    int n = 0;
    boolean inWord = false;
    for (int i = 0; i < text.length(); i++) {
      boolean letter = BlockSegmenter.isLetterOrDigit(text.charAt(i));
      n += letter && !inWord ? 1 : 0;
      inWord = letter;
    }
    return n;
  }

  /**
   * The JSON string that opens at {@code open} (a double quote), its escapes read, and in {@code
   * end[0]} the index of its closing quote; null if it is not closed.
   */
  static String string(String json, int open, int[] end) {
    StringBuilder out = new StringBuilder();
    for (int i = open + 1; i < json.length(); i++) {
      char c = json.charAt(i);
      if (c == '"') {
        end[0] = i;
        return out.toString();
      }
      if (c != '\\' || i + 1 >= json.length()) {
        out.append(c);
        continue;
      }
      char e = json.charAt(++i);
      switch (e) {
        case 'n', 'r', 't', 'b', 'f' -> out.append(' ');
        case 'u' -> {
          if (i + 4 < json.length()) {
            try {
              out.append((char) Integer.parseInt(json.substring(i + 1, i + 5), 16));
            } catch (NumberFormatException bad) {
              out.append(' ');
            }
            i += 4;
          }
        }
        default -> out.append(e); // \" \\ \/
      }
    }
    return null;
  }
}

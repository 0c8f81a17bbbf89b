package io.neardup.web.boilerplate;

/**
 * The region of a page a block lies in, as the page's own markup declares it with the landmarks of
 * HTML5 and WAI-ARIA. These are standard semantics every template may use, not rules for any one
 * site; a page that declares none is classified from its text features alone.
 */
public enum Landmark {
  /** No landmark, or one that says nothing about boilerplate (e.g. {@code <section>}). */
  NONE,
  /** {@code <main>} or {@code role="main"}: the page's main content. */
  MAIN,
  /**
   * Navigation and page furniture: {@code <nav>}, {@code <aside>}, the page's {@code <header>} (not
   * an article's or section's), any {@code <footer>} (an article's holds its tags, sharing links
   * and author), dialogs ({@code <dialog>}, the roles {@code dialog} and {@code alertdialog}:
   * consent and sign-up boxes over the page), a figure's caption ({@code <figcaption>}: what a
   * picture shows and whose it is, beside the text rather than in it), messages to the user (the
   * roles {@code alert}, {@code status} and {@code tooltip}), the roles {@code navigation}, {@code
   * banner}, {@code contentinfo}, {@code complementary} and {@code search}, and what the page marks
   * with the schema.org properties of its author and dates ({@code itemprop} {@code author}, {@code
   * datePublished}, {@code dateModified}: a byline, an author's box, a dateline), and a block of
   * fewer than {@value BlockClassifier#MIN_LEAD_WORDS} words holding a {@code <time>} (a dateline).
   */
  BOILERPLATE
}

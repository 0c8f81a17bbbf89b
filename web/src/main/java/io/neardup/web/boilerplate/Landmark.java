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
   * Navigation and page furniture: {@code <nav>}, {@code <aside>}, a {@code <header>} or {@code
   * <footer>} of the page (not of an article or section), and the roles {@code navigation}, {@code
   * banner}, {@code contentinfo}, {@code complementary} and {@code search}.
   */
  BOILERPLATE
}

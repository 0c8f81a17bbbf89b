package io.neardup.web.boilerplate;

import java.util.Locale;

/**
 * What a page declares itself in its head with OpenGraph's {@code og:type}: the kinds the
 * extraction reads differently, because their replies are not their text.
 */
public enum PageType {
  /** No type, or one the extraction reads as any page ({@code website}, {@code product.group}). */
  OTHER,
  /** {@code article}, as blogs' and news sites' pages say: its comments are not its text. */
  ARTICLE,
  /**
   * {@code product} or {@code product.item}, one product (a group of products is a collection): its
   * customers' reviews are not its text.
   */
  PRODUCT;

  /** The type an {@code og:type} value declares, in any case and with surrounding spaces. */
  public static PageType of(String ogType) {
    return switch (ogType.trim().toLowerCase(Locale.ROOT)) {
      case "article" -> ARTICLE;
      case "product", "product.item" -> PRODUCT;
      default -> OTHER;
    };
  }
}

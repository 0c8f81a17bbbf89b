package io.neardup.web.boilerplate;

import io.neardup.web.html.HtmlDecoder;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * A page's main text: segments its DOM into blocks and keeps those the {@link Boilerplate} mode
 * keeps. Not thread-safe (it reuses one segmenter): one extractor per thread.
 *
 * <pre>{@code
 * MainTextExtractor extractor = new MainTextExtractor(Boilerplate.LOCAL);
 * String text = extractor.extract(HtmlDecoder.decode(bytes, contentType).html(), url).text();
 * }</pre>
 */
public final class MainTextExtractor {
  private final Boilerplate boilerplate;
  private final BlockSegmenter segmenter = new BlockSegmenter();
  private final BlockClassifier classifier;

  public MainTextExtractor(Boilerplate boilerplate) {
    this(boilerplate, new BlockClassifier());
  }

  public MainTextExtractor(Boilerplate boilerplate, BlockClassifier classifier) {
    this.boilerplate = boilerplate;
    this.classifier = classifier;
  }

  /** Parses decoded HTML leniently and extracts its main text. */
  public MainText extract(String html, String url) {
    return extract(HtmlDecoder.parse(html, url));
  }

  /** Extracts the main text of a parsed page by local removal ({@link Boilerplate#SITE}: too). */
  public MainText extract(Document document) {
    return extract(blocks(document), null);
  }

  /** The text blocks of a parsed page, e.g. to learn {@link SiteTemplates} from. */
  public List<TextBlock> blocks(Document document) {
    Element root = document.body() != null ? document.body() : document;
    return segmenter.segment(root);
  }

  /**
   * Extracts the main text of a page's blocks.
   *
   * @param template for each block whether it is site template (removed before local removal
   *     classifies the rest; if nothing is left, local removal alone decides), or null for none;
   *     used by {@link Boilerplate#SITE} only
   */
  public MainText extract(List<TextBlock> blocks, boolean[] template) {
    boolean[] content;
    if (boilerplate == Boilerplate.NONE) {
      content = new boolean[blocks.size()];
      java.util.Arrays.fill(content, true);
    } else if (boilerplate == Boilerplate.SITE && template != null) {
      List<TextBlock> rest = new ArrayList<>();
      for (int i = 0; i < blocks.size(); i++) {
        if (!template[i]) {
          rest.add(blocks.get(i));
        }
      }
      boolean[] restContent = classifier.classify(rest);
      // a recurring block that the page's own extraction keeps is a line its content shares with
      // the other pages of its directory (every entry's "Inherits: Object"), not template: the same
      // content under another site's template, where the line does not recur, keeps it too
      boolean[] own = classifier.classify(blocks);
      content = new boolean[blocks.size()];
      int kept = 0;
      for (int i = 0, j = 0; i < blocks.size(); i++) {
        content[i] = template[i] ? own[i] : restContent[j++];
        kept += content[i] ? blocks.get(i).words() : 0;
      }
      if (kept < BlockClassifier.MIN_TEXT_WORDS) {
        // (nearly) all of it recurs on the group's pages: a copy of a page, or a short entry that
        // differs from the others by a few lines of what looks like template, compared as local
        // removal alone sees it
        content = own;
      }
    } else {
      content = classifier.classify(blocks);
    }
    StringBuilder text = new StringBuilder();
    int contentWords = 0;
    int totalWords = 0;
    for (int i = 0; i < blocks.size(); i++) {
      TextBlock b = blocks.get(i);
      totalWords += b.words();
      if (content[i]) {
        contentWords += b.words();
        if (text.length() > 0) {
          text.append('\n');
        }
        text.append(b.text());
      }
    }
    return new MainText(text.toString(), blocks, content, contentWords, totalWords);
  }
}

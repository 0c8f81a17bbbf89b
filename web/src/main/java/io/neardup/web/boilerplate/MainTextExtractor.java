package io.neardup.web.boilerplate;

import io.neardup.web.html.HtmlDecoder;
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

  /** Extracts the main text of a parsed page. */
  public MainText extract(Document document) {
    Element root = document.body() != null ? document.body() : document;
    List<TextBlock> blocks = segmenter.segment(root);
    boolean[] content;
    if (boilerplate == Boilerplate.NONE) {
      content = new boolean[blocks.size()];
      java.util.Arrays.fill(content, true);
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

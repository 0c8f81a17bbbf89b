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
  /**
   * The main text's words from which a page shows some text of its own, though too little to be
   * read without what it hides: a reference entry's one sentence.
   */
  static final int MIN_SHOWN_WORDS = 5;

  private final Boilerplate boilerplate;
  private final BlockSegmenter segmenter = new BlockSegmenter();
  private final BlockClassifier classifier;
  private MainText lastRead;

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
    Element root = document.body() != null ? document.body() : document;
    MainText best = null;
    for (BlockSegmenter.Shown shown : BlockSegmenter.Shown.values()) {
      if (best != null && !segmenter.showsMore(shown)) {
        continue; // the same blocks again
      }
      // a page that shows a few words of its own reads only what streamed rendering hides, not a
      // panel, menu or dialog that a style hides beside its short text; one that shows (next to)
      // nothing reads everything hidden
      boolean shows = best != null && best.contentWords() >= MIN_SHOWN_WORDS;
      if ((shown == BlockSegmenter.Shown.STREAMED && !shows)
          || (shown == BlockSegmenter.Shown.ALL_TEXT && shows)) {
        continue;
      }
      MainText read = extract(segmenter.segment(root, shown), null);
      if (best == null || read.contentWords() > best.contentWords()) {
        best = read;
      }
      if (best.contentWords() >= BlockClassifier.MIN_TEXT_WORDS) {
        break;
      }
    }
    return best;
  }

  /**
   * The text blocks of a parsed page, e.g. to learn {@link SiteTemplates} from, as {@link
   * #extract(Document)} reads them. A page whose main text is (nearly) empty in a browser that runs
   * none of its scripts is read as a client without scripts renders it ({@code <noscript>}: a forum
   * or shop whose posts a script renders gives clients without scripts the same posts there). If
   * that leaves it short of a text too, a page that shows some words of its own ({@value
   * #MIN_SHOWN_WORDS} or more: a reference entry's one sentence) is read with what its markup hides
   * until a script puts it in place (streamed server rendering waits in elements marked {@code
   * hidden}), not with a panel that a style hides beside its text (a search's help, a menu); a page
   * that shows (next to) nothing of its own is read with all it hides (a shop that shows its
   * products only once a script has run).
   */
  public List<TextBlock> blocks(Document document) {
    // choosing the reading classified the blocks: kept for extract(blocks, null) of this list
    lastRead = extract(document);
    return lastRead.blocks();
  }

  /**
   * Extracts the main text of a page's blocks.
   *
   * @param template for each block whether it is site template (removed before local removal
   *     classifies the rest; if nothing is left, local removal alone decides; the parts of the
   *     page's layout that hold only template, its {@link SiteTemplates#chrome}, are dropped either
   *     way), or null for none; used by {@link Boilerplate#SITE} only
   */
  public MainText extract(List<TextBlock> blocks, boolean[] template) {
    if (template == null && lastRead != null && blocks == lastRead.blocks()) {
      return lastRead; // the blocks that blocks(Document) just read and classified
    }
    return text(blocks, decide(blocks, template, null));
  }

  /**
   * Extracts the main text of a page's blocks as {@link #extract(List, boolean[])} does, and says
   * why each block was kept or dropped: what a user reads to see why two pages were or were not
   * paired. It costs a copy of the verdicts per step of the classifier.
   */
  public ExplainedText explain(List<TextBlock> blocks, boolean[] template) {
    BlockReason[] reasons = new BlockReason[blocks.size()];
    ExplainedText.Template[] use = {ExplainedText.Template.NOT_USED};
    MainText main = text(blocks, decide(blocks, template, new Explanation(reasons, use)));
    return new ExplainedText(main, List.of(reasons), use[0]);
  }

  /** Where {@link #decide} writes why, when asked. */
  private record Explanation(BlockReason[] reasons, ExplainedText.Template[] template) {}

  /** Which blocks are content; {@code why} (if not null) gets why. */
  private boolean[] decide(List<TextBlock> blocks, boolean[] template, Explanation why) {
    boolean[] content;
    if (boilerplate == Boilerplate.NONE) {
      content = new boolean[blocks.size()];
      java.util.Arrays.fill(content, true);
      if (why != null) {
        java.util.Arrays.fill(why.reasons(), BlockReason.ALL_TEXT);
      }
    } else if (boilerplate == Boilerplate.SITE && template != null) {
      List<TextBlock> rest = new ArrayList<>();
      for (int i = 0; i < blocks.size(); i++) {
        if (!template[i]) {
          rest.add(blocks.get(i));
        }
      }
      BlockTrace restTrace = new BlockTrace(rest);
      boolean[] restContent = classifier.classify(rest, restTrace);
      // a recurring block that the page's own extraction keeps is a line its content shares with
      // the other pages of its directory (every entry's "Inherits: Object"), not template: the same
      // content under another site's template, where the line does not recur, keeps it too
      BlockTrace ownTrace = new BlockTrace(blocks);
      boolean[] own = classifier.classify(blocks, ownTrace);
      content = new boolean[blocks.size()];
      int kept = 0;
      for (int i = 0, j = 0; i < blocks.size(); i++) {
        if (template[i]) {
          content[i] = own[i];
          if (why != null) {
            why.reasons()[i] = own[i] ? ownTrace.reasons()[i] : BlockReason.TEMPLATE;
          }
        } else {
          // a line of the page's own that its local extraction keeps stays: taking the template
          // out changes the neighbours the rest is judged by, which may add lines, not drop them
          if (why != null) {
            why.reasons()[i] =
                restContent[j] || !own[i] ? restTrace.reasons()[j] : ownTrace.reasons()[i];
          }
          content[i] = restContent[j++] || own[i];
        }
        kept += content[i] ? blocks.get(i).words() : 0;
      }
      if (why != null) {
        why.template()[0] = ExplainedText.Template.REMOVED;
      }
      if (kept < BlockClassifier.MIN_TEXT_WORDS
          || (!rest.isEmpty() && restTrace.noArticle() && !ownTrace.noArticle())) {
        // (nearly) all of it recurs on the group's pages: a copy of a page, or a short entry that
        // differs from the others by a few lines of what looks like template, compared as local
        // removal alone sees it; so is a page that the template's lines leave without an article
        // while it has one: what is left of its text (a class's member lines, once its recurring
        // headings are out) would be kept whole, and its copy under another site's template keeps
        // what local removal keeps
        content = own;
        if (why != null) {
          System.arraycopy(ownTrace.reasons(), 0, why.reasons(), 0, content.length);
          why.template()[0] = ExplainedText.Template.IGNORED;
        }
      }
      // the header and footer every page of the directory shares stay out, whatever local removal
      // says of them: on a page with no article it keeps all of its text
      boolean[] chrome = SiteTemplates.chrome(blocks, template);
      for (int i = 0; chrome != null && i < blocks.size(); i++) {
        if (chrome[i] && content[i]) {
          content[i] = false;
          if (why != null) {
            why.reasons()[i] = BlockReason.TEMPLATE;
          }
        }
      }
    } else {
      content = classify(blocks, why);
      if (why != null && boilerplate == Boilerplate.SITE) {
        why.template()[0] = ExplainedText.Template.NONE_LEARNT;
      }
    }
    return content;
  }

  private boolean[] classify(List<TextBlock> blocks, Explanation why) {
    if (why == null) {
      return classifier.classify(blocks);
    }
    BlockTrace trace = new BlockTrace(blocks);
    boolean[] content = classifier.classify(blocks, trace);
    System.arraycopy(trace.reasons(), 0, why.reasons(), 0, content.length);
    return content;
  }

  private static MainText text(List<TextBlock> blocks, boolean[] content) {
    int length = 0;
    for (int i = 0; i < blocks.size(); i++) {
      length += content[i] ? blocks.get(i).text().length() + 1 : 0;
    }
    // sized once: a page's text is most of what extraction allocates
    StringBuilder text = new StringBuilder(length);
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

package io.neardup.cli.report;

import io.neardup.web.boilerplate.BlockReason;
import io.neardup.web.boilerplate.ExplainedText;
import io.neardup.web.boilerplate.SiteTemplates;
import io.neardup.web.boilerplate.TextBlock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A web page's text blocks as a report shows them: in order, each kept or dropped with the reason
 * the extraction gives ({@link ExplainedText}), and how they stand against another page's blocks
 * (the canonical's), so a reader sees why two pages were or were not paired.
 *
 * <p>Bounded whatever the page: runs of more than {@value #RUN} dropped blocks with one reason (a
 * menu, a footer) are folded into their first two blocks, a line that counts the rest, and their
 * last block; at most {@value #MAX_ROWS} rows are shown, then one line that counts the rest, and
 * each block's text is cut at {@value #MAX_CHARS} characters. Every block is counted and compared,
 * shown or not; what is kept of a hidden block is its checksum, words and reason.
 */
final class PageBlocks {
  /** Rows shown of a page. */
  static final int MAX_ROWS = 120;

  /** Characters shown of a block's text. */
  static final int MAX_CHARS = 200;

  /** Dropped blocks with one reason in a row beyond which the run is folded. */
  static final int RUN = 5;

  /** A row of the view. */
  sealed interface Row permits Block, Fold {}

  /**
   * A block.
   *
   * @param number its place on the page, from 1
   * @param text its text, cut at {@link #MAX_CHARS} characters
   * @param cut whether the text was cut
   * @param checksum its text's checksum (case and spacing folded), as site templates count blocks
   */
  record Block(
      int number,
      String text,
      boolean cut,
      int words,
      double linkDensity,
      String landmark,
      BlockReason reason,
      long checksum)
      implements Row {
    boolean kept() {
      return reason.kept();
    }
  }

  /**
   * Blocks not shown one by one.
   *
   * @param first the place of the first of them, from 1
   * @param reason their one reason (a folded run of dropped blocks), or null (the rest of a long
   *     page)
   */
  record Fold(int first, int blocks, int words, int keptBlocks, int keptWords, BlockReason reason)
      implements Row {}

  private final List<Row> rows;
  private final long[] checksums;
  private final BlockReason[] reasons;
  private final int[] words;
  private final ExplainedText.Template template;

  private PageBlocks(
      List<Row> rows,
      long[] checksums,
      BlockReason[] reasons,
      int[] words,
      ExplainedText.Template template) {
    this.rows = rows;
    this.checksums = checksums;
    this.reasons = reasons;
    this.words = words;
    this.template = template;
  }

  /** The view of a page as the extraction explained it. */
  static PageBlocks of(ExplainedText page) {
    List<TextBlock> blocks = page.main().blocks();
    int n = blocks.size();
    long[] checksums = new long[n];
    BlockReason[] reasons = page.reasons().toArray(new BlockReason[0]);
    int[] words = new int[n];
    for (int i = 0; i < n; i++) {
      checksums[i] = SiteTemplates.checksum(blocks.get(i));
      words[i] = blocks.get(i).words();
    }
    List<Row> rows = new ArrayList<>();
    int i = 0;
    while (i < n) {
      if (rows.size() >= MAX_ROWS) {
        rows.add(fold(i, n, words, reasons, null));
        break;
      }
      int end = i;
      while (!reasons[i].kept() && end < n && reasons[end] == reasons[i]) {
        end++;
      }
      if (end - i > RUN && rows.size() + 4 > MAX_ROWS) {
        rows.add(fold(i, n, words, reasons, null));
        break;
      }
      if (end - i > RUN) {
        // a menu or a footer: its first blocks show what it is, its last where it ends
        rows.add(block(i, blocks.get(i), reasons[i], checksums[i]));
        rows.add(block(i + 1, blocks.get(i + 1), reasons[i + 1], checksums[i + 1]));
        rows.add(fold(i + 2, end - 1, words, reasons, reasons[i]));
        rows.add(block(end - 1, blocks.get(end - 1), reasons[end - 1], checksums[end - 1]));
        i = end;
      } else {
        rows.add(block(i, blocks.get(i), reasons[i], checksums[i]));
        i++;
      }
    }
    return new PageBlocks(rows, checksums, reasons, words, page.template());
  }

  private static Block block(int i, TextBlock b, BlockReason reason, long checksum) {
    String text = b.text();
    boolean cut = text.length() > MAX_CHARS;
    if (cut) {
      int end = MAX_CHARS;
      if (Character.isLowSurrogate(text.charAt(end))) {
        end--;
      }
      text = text.substring(0, end).strip();
    }
    return new Block(
        i + 1,
        text,
        cut,
        b.words(),
        b.linkDensity(),
        b.landmark().name().toLowerCase(java.util.Locale.ROOT),
        reason,
        checksum);
  }

  private static Fold fold(int from, int to, int[] words, BlockReason[] reasons, BlockReason one) {
    int w = 0;
    int kept = 0;
    int keptWords = 0;
    for (int i = from; i < to; i++) {
      w += words[i];
      if (reasons[i].kept()) {
        kept++;
        keptWords += words[i];
      }
    }
    return new Fold(from + 1, to - from, w, kept, keptWords, one);
  }

  /** The rows shown, in page order. */
  List<Row> rows() {
    return rows;
  }

  /** What became of the page's site template. */
  ExplainedText.Template template() {
    return template;
  }

  /** The number of blocks on the page. */
  int blocks() {
    return reasons.length;
  }

  /** The number of blocks kept. */
  int keptBlocks() {
    int k = 0;
    for (BlockReason r : reasons) {
      k += r.kept() ? 1 : 0;
    }
    return k;
  }

  /** The words of the blocks kept. */
  int keptWords() {
    int k = 0;
    for (int i = 0; i < reasons.length; i++) {
      k += reasons[i].kept() ? words[i] : 0;
    }
    return k;
  }

  /** The words of all blocks. */
  int totalWords() {
    int k = 0;
    for (int w : words) {
      k += w;
    }
    return k;
  }

  /** The blocks and words of each reason, in the reasons' order. */
  Map<BlockReason, int[]> byReason() {
    Map<BlockReason, int[]> by = new EnumMap<>(BlockReason.class);
    for (int i = 0; i < reasons.length; i++) {
      int[] c = by.computeIfAbsent(reasons[i], r -> new int[2]);
      c[0]++;
      c[1] += words[i];
    }
    return by;
  }

  /**
   * The page's blocks by checksum: a block's reason where the page keeps it, else the reason of its
   * first occurrence.
   */
  Map<Long, BlockReason> index() {
    Map<Long, BlockReason> index = new HashMap<>(2 * reasons.length);
    for (int i = 0; i < reasons.length; i++) {
      BlockReason r = reasons[i];
      index.merge(checksums[i], r, (old, now) -> old.kept() ? old : now.kept() ? now : old);
    }
    return index;
  }

  /**
   * How this page's blocks stand against another's (the canonical's).
   *
   * @param other the other page's {@link #index()}
   */
  Against against(PageBlocks otherPage, Map<Long, BlockReason> other) {
    Map<Long, BlockReason> mine = index();
    int[] shared = new int[2];
    int[] droppedThere = new int[2];
    int[] absent = new int[2];
    Map<BlockReason, int[]> droppedThereWhy = new EnumMap<>(BlockReason.class);
    for (int i = 0; i < reasons.length; i++) {
      if (!reasons[i].kept()) {
        continue;
      }
      BlockReason there = other.get(checksums[i]);
      int[] c = there == null ? absent : there.kept() ? shared : droppedThere;
      c[0]++;
      c[1] += words[i];
      if (there != null && !there.kept()) {
        int[] w = droppedThereWhy.computeIfAbsent(there, r -> new int[2]);
        w[0]++;
        w[1] += words[i];
      }
    }
    int[] onlyThere = new int[2];
    int[] droppedHere = new int[2];
    for (int i = 0; i < otherPage.reasons.length; i++) {
      if (!otherPage.reasons[i].kept()) {
        continue;
      }
      BlockReason here = mine.get(otherPage.checksums[i]);
      if (here == null || !here.kept()) {
        onlyThere[0]++;
        onlyThere[1] += otherPage.words[i];
        if (here != null) {
          droppedHere[0]++;
          droppedHere[1] += otherPage.words[i];
        }
      }
    }
    return new Against(
        other, shared, droppedThere, droppedThereWhy, absent, onlyThere, droppedHere);
  }

  /**
   * How a page's blocks stand against the canonical's; each count is {blocks, words}.
   *
   * @param canonical the canonical's blocks by checksum
   * @param shared blocks kept here and in the canonical
   * @param droppedThere blocks kept here that the canonical has but drops
   * @param droppedThereWhy those by the canonical's reason
   * @param absent blocks kept here that the canonical does not have
   * @param onlyThere blocks the canonical keeps that this page does not keep
   * @param droppedHere those of them this page has but drops
   */
  record Against(
      Map<Long, BlockReason> canonical,
      int[] shared,
      int[] droppedThere,
      Map<BlockReason, int[]> droppedThereWhy,
      int[] absent,
      int[] onlyThere,
      int[] droppedHere) {

    /** How a block of this page stands in the canonical: its reason there, or null if absent. */
    BlockReason there(Block b) {
      return canonical.get(b.checksum());
    }
  }
}

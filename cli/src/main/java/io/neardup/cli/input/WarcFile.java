package io.neardup.cli.input;

import io.neardup.web.html.HtmlDecoder;
import io.neardup.web.warc.WarcPages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;

/** The HTML responses of a WARC file; the id is the WARC-Target-URI. */
final class WarcFile extends CorpusReader {
  private final WarcPages warc;
  private final Pages pages;
  private final Set<String> wanted;
  private final long size;
  private long offset;

  WarcFile(Path file, Pages pages, Set<String> wanted) throws IOException {
    super(file);
    this.size = Files.size(file);
    this.warc = new WarcPages(file, MAX_PAGE_BYTES);
    this.pages = pages;
    this.wanted = wanted;
  }

  @Override
  Record read() throws IOException, BadRecord {
    while (true) {
      WarcPages.Entry entry;
      try {
        entry = warc.next();
      } catch (WarcPages.CorruptWarcException e) {
        throw new BadRecord(name + " at byte offset " + e.offset(), e.getMessage());
      } catch (WarcPages.PageTooLargeException e) {
        throw new BadRecord(
            name + " at byte offset " + e.offset(),
            e.getMessage() + moreMemory(Runtime.getRuntime().maxMemory() * 4, PAGE_PARTS));
      }
      if (entry == null) {
        return null;
      }
      offset = entry.offset();
      String location = name + " at byte offset " + entry.offset();
      if (entry instanceof WarcPages.Skipped skipped) {
        pages.setAside(skipped.reason());
        continue;
      }
      WarcPages.Page page = (WarcPages.Page) entry;
      if (page.url() == null) {
        throw new BadRecord(location, "record has no WARC-Target-URI to be its id");
      }
      checkId(location, page.url());
      String html = HtmlDecoder.decode(page.body(), page.contentType()).html();
      String date =
          page.date() == null ? null : page.date().truncatedTo(ChronoUnit.SECONDS).toString();
      return pages.record(
          page.url(), html, page.url(), WebCorpus.fields(wanted, page.url(), date), location);
    }
  }

  @Override
  public List<String> notes() {
    return pages.notes();
  }

  @Override
  public long position() {
    return Math.min(offset, size);
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  public void close() throws IOException {
    try {
      warc.close();
    } finally {
      pages.close();
    }
  }
}

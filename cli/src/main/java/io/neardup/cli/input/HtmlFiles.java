package io.neardup.cli.input;

import io.neardup.cli.output.CliFailure;
import io.neardup.web.html.HtmlDecoder;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** The .html/.htm files under a directory, in the order of their relative paths. */
final class HtmlFiles extends CorpusReader {
  private final Path root;
  private final URI base;
  private final Pages pages;
  private final Set<String> wanted;
  private final List<Path> files;
  private int next;

  HtmlFiles(Path root, String baseUrl, Pages pages, Set<String> wanted) throws IOException {
    super(root);
    this.root = root;
    String problem = baseUrl == null ? null : WebCorpus.baseUrlProblem(baseUrl);
    if (problem != null) {
      throw new CliFailure("--base-url " + problem);
    }
    this.base =
        baseUrl == null ? null : URI.create(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
    this.pages = pages;
    this.wanted = wanted;
    this.files = files(root);
  }

  @Override
  Record read() throws IOException, BadRecord {
    while (next < files.size()) {
      Path file = files.get(next++);
      if (!WebCorpus.isHtmlName(file)) {
        pages.setAside("file not named .html or .htm");
        continue;
      }
      String id = relative(root, file);
      String location = printable(file.toString());
      checkId(location, id);
      long bytes = Files.size(file);
      if (bytes > MAX_PAGE_BYTES) {
        throw new BadRecord(location, tooLarge("page", bytes, PAGE_PARTS));
      }
      String url = url(id);
      String html = HtmlDecoder.decode(Files.readAllBytes(file), null).html();
      return pages.record(id, html, url, WebCorpus.fields(wanted, url, null), location);
    }
    return null;
  }

  private String url(String id) {
    if (base == null) {
      return null;
    }
    try {
      return base.resolve(new URI(null, null, id, null)).toString();
    } catch (URISyntaxException e) {
      return null; // a file name no URL can hold: its links stay relative
    }
  }

  @Override
  public List<String> notes() {
    return pages.notes();
  }

  @Override
  public long position() {
    return next;
  }

  @Override
  public long size() {
    return files.size();
  }

  @Override
  public void close() throws IOException {
    pages.close();
  }
}

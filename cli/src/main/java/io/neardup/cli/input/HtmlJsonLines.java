package io.neardup.cli.input;

import io.neardup.cli.options.InputOptions;
import io.neardup.cli.output.CliFailure;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** JSONL whose records hold a page's HTML in {@code --html-field}. */
final class HtmlJsonLines extends CorpusReader {
  private final CorpusReader lines;
  private final String urlField;
  private final Set<String> wanted;
  private final Pages pages;

  HtmlJsonLines(InputOptions input, Pages pages, Set<String> wanted) throws IOException {
    super(input.input);
    Set<String> fields = new java.util.LinkedHashSet<>(wanted);
    if (input.urlField != null) {
      fields.add(input.urlField);
    }
    String problem = CorpusReader.unreadable(input.input);
    if (problem != null) {
      throw new CliFailure(problem);
    }
    JsonLines lines = new JsonLines(input.input, input.idField, input.htmlField, fields);
    lines.textKind = "html";
    lines.maxLineBytes = MAX_PAGE_BYTES;
    lines.maxLineParts = PAGE_PARTS;
    this.lines = lines;
    this.urlField = input.urlField;
    this.wanted = wanted;
    this.pages = pages;
  }

  @Override
  Record read() throws IOException, BadRecord {
    Record r = lines.read();
    if (r == null) {
      return null;
    }
    String url = null;
    Map<String, Object> fields = new LinkedHashMap<>(r.fields());
    if (urlField != null) {
      Object value = wanted.contains(urlField) ? fields.get(urlField) : fields.remove(urlField);
      if (value != null && !(value instanceof String)) {
        throw new BadRecord(
            r.location(), "url field [" + urlField + "] must be a string, got [" + value + "]");
      }
      url = (String) value;
    }
    return pages.record(r.id(), r.text(), url, fields, r.location());
  }

  @Override
  public List<String> notes() {
    return pages.notes();
  }

  @Override
  public long position() {
    return lines.position();
  }

  @Override
  public long size() {
    return lines.size();
  }

  @Override
  public void close() throws IOException {
    try {
      lines.close();
    } finally {
      pages.close();
    }
  }
}

package io.neardup.cli.input;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The regular, non-hidden files under a directory, in the order of their relative paths. */
final class TextFiles extends CorpusReader {
  private final Path root;
  private final List<Path> files;
  private int next;

  TextFiles(Path root) throws IOException {
    super(root);
    this.root = root;
    this.files = files(root);
  }

  @Override
  Record read() throws IOException, BadRecord {
    if (next >= files.size()) {
      return null;
    }
    Path file = files.get(next++);
    String id = relative(root, file);
    String location = printable(file.toString());
    checkId(location, id);
    long bytes = Files.size(file);
    if (bytes > MAX_RECORD_BYTES) {
      throw new BadRecord(location, tooLarge("file", bytes, RECORD_PARTS));
    }
    byte[] content = Files.readAllBytes(file);
    int length = decode(content, content.length, location, "");
    return Record.ofChars(id, Arrays.copyOf(chars(), length), Map.of(), location);
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
  public void close() {}
}

package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cli.input.CorpusReader;
import io.neardup.cli.output.ResultFiles;
import io.neardup.testkit.SampleCorpus;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad records: reported with their line number; --on-error decides whether the run goes on. */
class InputErrorsTest {
  @TempDir Path tmp;
  Path input;
  String base;

  @BeforeEach
  void writeInput() throws Exception {
    base = new SampleCorpus(3).generate(0, 1).get(0).text().replace("\n", " ").replace("\"", "'");
    input = tmp.resolve("corpus.jsonl");
    Files.writeString(
        input,
        String.join(
            "\n",
            "{\"id\": \"a\", \"text\": \"" + base + "\", \"year\": 2001}",
            "{\"id\": \"b\", \"text\": \"" + base + " Share this story.\"",
            "{\"id\": \"c\", \"body\": \"no text field\"}",
            "",
            "[1, 2, 3]",
            "{\"id\": \"a\", \"text\": \"the same id again\"}",
            "{\"id\": {\"x\": 1}, \"text\": \"an object id\"}",
            "{\"id\": \"d\", \"text\": 42}",
            "{\"id\": \"e\", \"text\": \"" + base + " Comments are closed.\", \"year\": \"late\"}",
            "{\"id\": \"f\", \"text\": \"" + base + " Read more.\", \"year\": 1999}",
            ""));
  }

  @Test
  void skipReportsEveryBadLineAndGoesOn() throws Exception {
    Path pairs = tmp.resolve("pairs.tsv");
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            input,
            "--on-error",
            "skip",
            "--canonical",
            "year:asc",
            "--pairs",
            pairs,
            "--clusters",
            tmp.resolve("clusters.jsonl"));
    assertEquals(0, r.exit(), r.toString());
    String name = input.toString();
    for (String expected :
        List.of(
            name + ":2: skipped: invalid JSON",
            name + ":3: skipped: no text field [text]",
            name + ":5: skipped: expected a JSON object, got an array",
            name + ":6: skipped: duplicate id [a], first seen at " + name + ":1",
            name + ":7: skipped: id field [id] must be a string or an integer, got an object",
            name + ":8: skipped: text field [text] must be a string, got a number",
            name + ":9: skipped: field [year] must be an integer as at " + name + ":1, got [late]",
            "indexed 2 documents",
            "(7 bad records skipped)")) {
      assertTrue(r.err().contains(expected), "expected [" + expected + "] in\n" + r.err());
    }
    assertFalse(r.err().contains(":4:"), "blank lines are no records: " + r.err());
    List<ResultFiles.Pair> found = Cli.pairs(pairs);
    assertEquals(1, found.size(), found.toString());
    assertEquals("a", found.get(0).a());
    assertEquals("f", found.get(0).b());
  }

  @Test
  void failStopsAtTheFirstBadLine() {
    Path index = tmp.resolve("index");
    Cli.Result r = Cli.run("index", "--input", input, "--index", index);
    assertEquals(NearDupCli.EXIT_FAILURE, r.exit(), r.toString());
    assertTrue(r.err().contains(input + ":2: invalid JSON at column"), r.err());
    assertTrue(r.err().contains("--on-error skip"), r.err());
    assertFalse(r.err().contains(":3:"), r.err());
    Cli.Result clusters = Cli.run("clusters", "--index", index);
    assertEquals(NearDupCli.EXIT_FAILURE, clusters.exit(), "nothing committed: " + clusters);
  }

  @Test
  void aNullIdOrTextIsNamedAsNullNotAsMissing() throws Exception {
    Path nulls = tmp.resolve("nulls.jsonl");
    Files.writeString(
        nulls,
        String.join(
            "\n",
            "{\"id\": \"a\", \"text\": \"" + base + "\"}",
            "{\"id\": null, \"text\": \"" + base + " One.\"}",
            "{\"id\": \"b\", \"text\": null}",
            "{\"id\": \"c\"}",
            "{\"id\": \"d\", \"text\": \"" + base + " Two.\"}",
            ""));
    Cli.Result r = Cli.run("dedup", "--input", nulls, "--on-error", "skip");
    assertEquals(0, r.exit(), r.toString());
    for (String expected :
        List.of(
            nulls + ":2: skipped: id field [id] is null",
            nulls + ":3: skipped: text field [text] is null",
            nulls + ":4: skipped: no text field [text]",
            "indexed 2 documents")) {
      assertTrue(r.err().contains(expected), "expected [" + expected + "] in\n" + r.err());
    }
  }

  @Test
  void duplicateIdFailsWithBothLines() throws Exception {
    Path dup = tmp.resolve("dup.jsonl");
    Files.writeString(
        dup,
        "{\"id\": 7, \"text\": \"one two three four five six\"}\n"
            + "{\"id\": \"7\", \"text\": \"seven eight nine ten eleven\"}\n");
    Cli.Result r = Cli.run("dedup", "--input", dup);
    assertEquals(NearDupCli.EXIT_FAILURE, r.exit(), r.toString());
    assertTrue(
        r.err().contains(dup + ":2: duplicate id [7], first seen at " + dup + ":1"), r.err());
  }

  @Test
  void customIdAndTextFields() throws Exception {
    Path custom = tmp.resolve("custom.jsonl");
    Files.writeString(
        custom,
        "{\"key\": \"x\", \"body\": \""
            + base
            + "\"}\n{\"key\": \"y\", \"body\": \""
            + base
            + "\"}\n");
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            custom,
            "--id-field",
            "key",
            "--text-field",
            "body",
            "--canonical",
            "key:desc",
            "--clusters",
            "-");
    assertEquals(0, r.exit(), r.toString());
    assertEquals("{\"canonical\": \"y\", \"members\": [\"x\", \"y\"], \"size\": 2}\n", r.out());
  }

  @Test
  void aLineOfThirtyMegabytesIsRead() throws Exception {
    // more than Jackson's default limit of 20 M chars a string; written here, not kept in the tree
    StringBuilder big = new StringBuilder(31 << 20);
    while (big.length() < 30 << 20) {
      big.append(base).append(' ');
    }
    Path large = tmp.resolve("large.jsonl");
    Files.writeString(
        large,
        "{\"id\": \"big\", \"text\": \""
            + big
            + "\"}\n{\"id\": \"small\", \"text\": \""
            + base
            + "\"}\n");
    big = null;
    assertTrue(Files.size(large) > 30 << 20);
    Cli.Result r = Cli.run("index", "--input", large, "--index", tmp.resolve("index"));
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.err().contains("indexed 2 documents"), r.err());
    assertTrue(r.err().contains("(0 bad records skipped)"), r.err());
  }

  @Test
  void idsWithControlCharactersOrBlankAreBadRecords() throws Exception {
    Path ids = tmp.resolve("ids.jsonl");
    Files.writeString(
        ids,
        String.join(
            "\n",
            "{\"id\": \"a\", \"text\": \"" + base + "\"}",
            "{\"id\": \"tab\\there\", \"text\": \"" + base + " One.\"}",
            "{\"id\": \"line\\nbreak\", \"text\": \"" + base + " Two.\"}",
            "{\"id\": \"carriage\\r\", \"text\": \"" + base + " Three.\"}",
            "{\"id\": \"  \", \"text\": \"" + base + " Four.\"}",
            "{\"id\": \"\", \"text\": \"" + base + " Five.\"}",
            "{\"id\": \"b\", \"text\": \"" + base + " Six.\"}",
            "{\"id\": \"nul\\u0000\", \"text\": \"" + base + " Seven.\"}",
            "{\"id\": \"separator\u2028\", \"text\": \"" + base + " Eight.\"}",
            ""));
    Path pairs = tmp.resolve("pairs.tsv");
    Cli.Result r = Cli.run("dedup", "--input", ids, "--on-error", "skip", "--pairs", pairs);
    assertEquals(0, r.exit(), r.toString());
    for (String expected :
        List.of(
            ids
                + ":2: skipped: id must not contain a tab, line break or other control character, got [tab\\there]",
            ids
                + ":3: skipped: id must not contain a tab, line break or other control character, got [line\\nbreak]",
            ids
                + ":4: skipped: id must not contain a tab, line break or other control character, got [carriage\\r]",
            ids + ":5: skipped: id must not be empty or whitespace only, got [  ]",
            ids + ":6: skipped: id must not be empty or whitespace only, got []",
            ids
                + ":8: skipped: id must not contain a tab, line break or other control character,"
                + " got [nul\\u0000]",
            ids
                + ":9: skipped: id must not contain a tab, line break or other control character,"
                + " got [separator\\u2028]",
            "indexed 2 documents")) {
      assertTrue(r.err().contains(expected), "expected [" + expected + "] in\n" + r.err());
    }
    List<ResultFiles.Pair> found = Cli.pairs(pairs);
    assertEquals(1, found.size(), found.toString());
    assertEquals("b", found.get(0).b());
    assertEquals(2, Files.readAllLines(pairs).size(), "a header and one pair: " + found);

    Cli.Result fail = Cli.run("dedup", "--input", ids, "--pairs", pairs);
    assertEquals(NearDupCli.EXIT_FAILURE, fail.exit(), fail.toString());
    assertTrue(
        fail.err()
            .contains(ids + ":2: id must not contain a tab, line break or other control character"),
        fail.err());

    // the same rule for file names, the ids of directory input
    Path dir = Files.createDirectories(tmp.resolve("texts"));
    Files.writeString(dir.resolve("a.txt"), base);
    Files.writeString(dir.resolve("tab\there.txt"), base + " One.");
    Files.writeString(dir.resolve("b.txt"), base + " Two.");
    Cli.Result texts = Cli.run("dedup", "--input", dir, "--on-error", "skip", "--pairs", "-");
    assertEquals(0, texts.exit(), texts.toString());
    assertTrue(
        texts
            .err()
            .contains(
                dir
                    + "/tab\\there.txt: skipped: id must not contain a tab, line break or other control character, got"
                    + " [tab\\there.txt]"),
        texts.err());
    assertTrue(texts.out().startsWith(ResultFiles.PAIRS_HEADER + "\na.txt\tb.txt\t"), texts.out());
  }

  @Test
  void fieldsNoOptionNamesDoNotDecideWhetherARecordIsKept() throws Exception {
    String blob = "x".repeat(40_000);
    Path extra = tmp.resolve("extra.jsonl");
    Files.writeString(
        extra,
        String.join(
            "\n",
            "{\"id\": \"a\", \"views\": 225, \"text\": \"" + base + "\"}",
            "{\"id\": \"b\", \"views\": 2.5, \"text\": \"" + base + " One.\"}",
            "{\"id\": \"c\", \"views\": \"1.2k\", \"text\": \"" + base + " Two.\"}",
            "{\"id\": \"d\", \"blob\": \"" + blob + "\", \"text\": \"" + base + " Three.\"}",
            "{\"id\": \"e\", \"meta\": {\"x\": [1, {\"y\": null}]}, \"_own\": 1, \"text\": \""
                + base
                + " Four.\"}",
            ""));
    Cli.Result r = Cli.run("dedup", "--input", extra, "--clusters", "-");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.err().contains("indexed 5 documents"), r.err());

    // a field an option names is read, and must keep one type
    Cli.Result canonical =
        Cli.run(
            "dedup",
            "--input",
            extra,
            "--canonical",
            "views:desc",
            "--on-error",
            "skip",
            "--clusters",
            "-");
    assertEquals(0, canonical.exit(), canonical.toString());
    assertTrue(
        canonical
            .err()
            .contains(
                extra + ":2: skipped: field [views] must be an integer as at " + extra + ":1"),
        canonical.err());
    assertTrue(
        canonical.err().contains(extra + ":3: skipped: field [views] must be an integer"),
        canonical.err());
    assertTrue(canonical.err().contains("indexed 3 documents"), canonical.err());
    assertTrue(canonical.out().startsWith("{\"canonical\": \"a\""), canonical.out());

    Cli.Result fields =
        Cli.run("index", "--input", extra, "--index", tmp.resolve("index"), "--fields", "blob");
    assertEquals(NearDupCli.EXIT_FAILURE, fields.exit(), fields.toString());
    assertTrue(fields.err().contains(extra + ":4: field [blob] is 40000 bytes long"), fields.err());
  }

  @Test
  void gzipInputIsReadWhateverItsName() throws Exception {
    Path plain = tmp.resolve("plain.jsonl");
    Files.writeString(
        plain,
        String.join(
            "\n",
            "{\"id\": \"a\", \"text\": \"" + base + "\"}",
            "{\"id\": \"b\", \"text\": \"" + base + " One.\"}",
            "{\"id\": \"c\", \"text\": \"" + base + " Two.\"}",
            ""));
    byte[] bytes = Files.readAllBytes(plain);
    int half = bytes.length / 2;
    // two gzip members, as `cat a.gz b.gz` makes: the second starts in the middle of a line
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    gz.write(gzip(bytes, 0, half));
    gz.write(gzip(bytes, half, bytes.length - half));
    for (String name : List.of("corpus.jsonl.gz", "corpus-gz.jsonl")) {
      Path file = tmp.resolve(name);
      Files.write(file, gz.toByteArray());
      Cli.Result r = Cli.run("dedup", "--input", file, "--on-error", "skip", "--clusters", "-");
      assertEquals(0, r.exit(), r.toString());
      assertTrue(r.err().contains("indexed 3 documents"), r.err());
      assertTrue(r.err().contains("(0 bad records skipped)"), r.err());
      assertTrue(r.out().contains("\"size\": 3}"), r.out());
      // progress counts the compressed bytes, which the size is given in
      try (CorpusReader reader = CorpusReader.open(file, "id", "text", Set.of())) {
        assertEquals(Files.size(file), reader.size());
        int records = 0;
        while (reader.next() != null) {
          records++;
        }
        assertEquals(3, records);
        assertEquals(reader.size(), reader.position());
      }
    }
  }

  @Test
  void aFieldAskedForMustBeAScalarWhateverItsValue() throws Exception {
    Path file = tmp.resolve("fields.jsonl");
    Files.writeString(
        file,
        String.join(
            "\n",
            "{\"id\": \"a\", \"text\": \"" + base + "\", \"year\": 2001}",
            "{\"id\": \"b\", \"text\": \"" + base + " One.\", \"year\": [2002]}",
            "{\"id\": \"c\", \"text\": \"" + base + " Two.\", \"year\": {\"y\": 1}}",
            "{\"id\": \"d\", \"text\": \"" + base + " Three.\", \"year\": null}",
            "{\"id\": \"e\", \"text\": \"" + base + " Four.\", \"other\": [1]}",
            ""));
    Cli.Result r =
        Cli.run(
            "dedup", "--input", file, "--on-error", "skip", "--fields", "year", "--clusters", "-");
    assertEquals(0, r.exit(), r.toString());
    for (String expected :
        List.of(
            file
                + ":2: skipped: field [year] must be a string, number or boolean (or null), got"
                + " an array",
            file
                + ":3: skipped: field [year] must be a string, number or boolean (or null), got"
                + " an object",
            "indexed 3 documents",
            "(2 bad records skipped)")) {
      assertTrue(r.err().contains(expected), "expected [" + expected + "] in\n" + r.err());
    }
  }

  @Test
  void damagedGzipIsReportedAndReadingGoesOnAtTheNextMember() throws Exception {
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 6; i++) {
      lines.append("{\"id\": \"d").append(i).append("\", \"text\": \"").append(base);
      lines.append(" Part ").append(i).append(".\"}\n");
    }
    byte[] bytes = lines.toString().getBytes(StandardCharsets.UTF_8);
    int third = lines.indexOf("{\"id\": \"d2\"");
    byte[] first = gzip(bytes, 0, third);
    byte[] second = gzip(bytes, third, bytes.length - third);
    // junk between two members, as a damaged boundary leaves: gzip -t flags it
    ByteArrayOutputStream junk = new ByteArrayOutputStream();
    junk.write(first);
    junk.write("JUNKJUNK".getBytes(StandardCharsets.US_ASCII));
    junk.write(second);
    Path file = tmp.resolve("junk.jsonl.gz");
    Files.write(file, junk.toByteArray());

    Cli.Result fail = Cli.run("dedup", "--input", file, "--clusters", "-");
    assertEquals(NearDupCli.EXIT_FAILURE, fail.exit(), fail.toString());
    assertTrue(
        fail.err()
            .contains(
                file
                    + " after line 2: the data after a gzip member at byte offset "
                    + first.length
                    + " is damaged: these bytes are not a gzip member; the next gzip member starts"
                    + " at byte offset "
                    + (first.length + 8)),
        fail.err());

    Cli.Result skip = Cli.run("dedup", "--input", file, "--on-error", "skip", "--clusters", "-");
    assertEquals(0, skip.exit(), skip.toString());
    assertTrue(skip.err().contains("indexed 6 documents"), skip.err());
    assertTrue(skip.err().contains("(1 bad record skipped)"), skip.err());

    // a member cut short: what it held up to the cut is read, the loss is reported
    byte[] cut = java.util.Arrays.copyOf(junk.toByteArray(), first.length + 8 + 20);
    Files.write(file, cut);
    Cli.Result shorter = Cli.run("dedup", "--input", file, "--on-error", "skip", "--clusters", "-");
    assertEquals(0, shorter.exit(), shorter.toString());
    assertTrue(
        shorter
            .err()
            .contains(
                "the gzip member at byte offset "
                    + (first.length + 8)
                    + " is damaged: it is cut short: the file ends inside it; no gzip member"
                    + " follows it: the rest of the file is lost"),
        shorter.err());
    assertTrue(shorter.err().contains("indexed 2 documents"), shorter.err());

    // a corrupt CRC-32 in a member's trailer is damage too, and zero padding after the last is not
    byte[] badCrc = junk.toByteArray();
    badCrc[first.length - 8] ^= 1;
    ByteArrayOutputStream padded = new ByteArrayOutputStream();
    padded.write(badCrc);
    padded.write(new byte[512]);
    Files.write(file, padded.toByteArray());
    Cli.Result crc = Cli.run("dedup", "--input", file, "--on-error", "skip", "--clusters", "-");
    assertEquals(0, crc.exit(), crc.toString());
    assertTrue(
        crc.err().contains("the gzip member at byte offset 0 is damaged: its data does not match"),
        crc.err());
    // the member's lines were read before its trailer; the junk is passed over on the way on
    assertTrue(crc.err().contains("indexed 6 documents"), crc.err());
    assertTrue(crc.err().contains("(1 bad record skipped)"), crc.err());
  }

  @Test
  void aRecordTooLargeForTheHeapIsABadRecordNamingTheFix() throws Exception {
    // 64 MB of heap takes records of up to 4 MiB: one of 6 MB is named with the heap that takes
    // it, where it ended in an OutOfMemoryError, and the others are read
    Path big = tmp.resolve("big.jsonl");
    StringBuilder text = new StringBuilder(6 << 20);
    for (int i = 0; text.length() < (6 << 20); i++) {
      text.append("word").append(i).append(' ');
    }
    Files.writeString(
        big,
        "{\"id\": \"a\", \"text\": \""
            + base
            + "\"}\n{\"id\": \"huge\", \"text\": \""
            + text
            + "\"}\n{\"id\": \"b\", \"text\": \""
            + base
            + " More.\"}\n");
    Cli.Result fail = Cli.runWithHeap("64m", "dedup", "--input", big, "--clusters", "-");
    assertEquals(NearDupCli.EXIT_FAILURE, fail.exit(), fail.toString());
    assertTrue(fail.err().contains(big + ":2: line must be at most "), fail.err());
    assertTrue(
        fail.err().contains("give neardup more memory (NEARDUP_JAVA_OPTS=-Xmx1g takes records of"),
        fail.err());
    assertFalse(fail.err().contains("OutOfMemoryError"), fail.err());

    Cli.Result skip =
        Cli.runWithHeap("64m", "dedup", "--input", big, "--on-error", "skip", "--clusters", "-");
    assertEquals(0, skip.exit(), skip.toString());
    assertTrue(skip.err().contains(big + ":2: skipped: line must be at most "), skip.err());
    assertTrue(skip.err().contains("indexed 2 documents"), skip.err());
    assertTrue(skip.out().contains("\"size\": 2}"), skip.out());
  }

  @Test
  void otherCompressionsAreRefusedSayingHowToDecompress() throws Exception {
    Path zst = tmp.resolve("corpus.jsonl.zst");
    Files.write(zst, new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, 0x24, 0x10, 0, 0});
    Cli.Result r = Cli.run("dedup", "--input", zst, "--on-error", "skip");
    assertEquals(NearDupCli.EXIT_USAGE, r.exit(), r.toString());
    assertTrue(r.err().contains("'--input': " + zst + " is compressed with zstd"), r.err());
    assertTrue(r.err().contains("zstd -d " + zst), r.err());

    Path xz = tmp.resolve("corpus.jsonl");
    Files.write(xz, new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0, 0, 4});
    Cli.Result x = Cli.run("index", "--input", xz, "--index", tmp.resolve("index"));
    assertEquals(NearDupCli.EXIT_USAGE, x.exit(), x.toString());
    assertTrue(x.err().contains(xz + " is compressed with xz"), x.err());
    assertTrue(x.err().contains("xz -dk " + xz), x.err());
  }

  @Test
  void aRunWhoseRecordsAreAllBadFailsEvenWhenSkipping() throws Exception {
    Path bad = tmp.resolve("bad.jsonl");
    Files.writeString(bad, "not json\n{\"id\": \"a\"}\n[1]\n");
    Cli.Result r = Cli.run("dedup", "--input", bad, "--on-error", "skip");
    assertEquals(NearDupCli.EXIT_FAILURE, r.exit(), r.toString());
    assertTrue(r.err().contains(bad + ":3: skipped: expected a JSON object"), r.err());
    assertTrue(
        r.err().contains(bad + ": all 3 records read are bad (see above): nothing to index"),
        r.err());

    Path empty = tmp.resolve("empty.jsonl");
    Files.writeString(empty, "\n");
    Cli.Result none = Cli.run("dedup", "--input", empty);
    assertEquals(0, none.exit(), "no record is not all bad: " + none);
  }

  @Test
  void invalidUtf8IsABadRecordInBothKindsOfInput() throws Exception {
    Path mixed = tmp.resolve("mixed.jsonl");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.write(("{\"id\": \"a\", \"text\": \"" + base + "\"}\n").getBytes(StandardCharsets.UTF_8));
    bytes.write("{\"id\": \"b\", \"text\": \"caf".getBytes(StandardCharsets.UTF_8));
    bytes.write(new byte[] {(byte) 0xc3, 0x28});
    bytes.write(("\"}\n{\"id\": \"c\", \"text\": \"" + base + " One.\"}\n").getBytes());
    Files.write(mixed, bytes.toByteArray());
    Cli.Result skip = Cli.run("dedup", "--input", mixed, "--on-error", "skip", "--clusters", "-");
    assertEquals(0, skip.exit(), skip.toString());
    assertTrue(
        skip.err()
            .contains(
                mixed
                    + ":2: skipped: text must be valid UTF-8, got invalid bytes [c3] at byte"
                    + " offset 24 of the line"),
        skip.err());
    assertTrue(skip.err().contains("indexed 2 documents"), skip.err());

    Cli.Result fail = Cli.run("dedup", "--input", mixed, "--clusters", "-");
    assertEquals(NearDupCli.EXIT_FAILURE, fail.exit(), fail.toString());
    assertTrue(fail.err().contains(mixed + ":2: text must be valid UTF-8"), fail.err());

    Path dir = Files.createDirectories(tmp.resolve("texts"));
    Files.writeString(dir.resolve("a.txt"), base);
    Files.write(dir.resolve("b.txt"), new byte[] {'o', 'k', ' ', (byte) 0xff});
    Cli.Result texts = Cli.run("dedup", "--input", dir, "--clusters", "-");
    assertEquals(NearDupCli.EXIT_FAILURE, texts.exit(), texts.toString());
    assertTrue(
        texts
            .err()
            .contains(
                dir + "/b.txt: text must be valid UTF-8, got invalid bytes [ff] at byte offset 3"),
        texts.err());
  }

  private static byte[] gzip(byte[] bytes, int offset, int length) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OutputStream gz = new GZIPOutputStream(out)) {
      gz.write(bytes, offset, length);
    }
    return out.toByteArray();
  }
}

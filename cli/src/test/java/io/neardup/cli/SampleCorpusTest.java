package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.testkit.ExactTruth;
import io.neardup.testkit.SampleCorpus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed sample corpus and truth are what {@link SampleCorpus} generates. Run with {@code
 * -Dneardup.samples.write=true} to regenerate them after changing the generator.
 */
class SampleCorpusTest {
  static final Path SAMPLES =
      Path.of(System.getProperty("basedir", "."))
          .toAbsolutePath()
          .resolve("../samples")
          .normalize();

  @Test
  void committedSamplesAreTheGeneratorsOutput(@TempDir Path tmp) throws Exception {
    if (Boolean.getBoolean("neardup.samples.write")) {
      SampleCorpus.write(SAMPLES);
    }
    SampleCorpus.write(tmp);
    for (String name : new String[] {"corpus.jsonl", "truth.tsv"}) {
      assertTrue(Files.exists(SAMPLES.resolve(name)), "missing " + SAMPLES.resolve(name));
      assertEquals(
          Files.readString(tmp.resolve(name), StandardCharsets.UTF_8),
          Files.readString(SAMPLES.resolve(name), StandardCharsets.UTF_8),
          name
              + " differs from the generator's output: regenerate with"
              + " -Dneardup.samples.write=true");
    }
    assertTrue(Files.size(SAMPLES.resolve("corpus.jsonl")) < 1_000_000, "corpus under 1 MB");
  }

  @Test
  void familiesAreTheOnlyNearDuplicates() {
    List<SampleCorpus.Doc> docs = SampleCorpus.committed();
    Map<String, SampleCorpus.Doc> byId = new HashMap<>();
    docs.forEach(d -> byId.put(d.id(), d));
    int families = 0;
    for (ExactTruth.Pair p : SampleCorpus.truth(docs, SampleCorpus.TRUTH_FLOOR)) {
      SampleCorpus.Doc a = byId.get(p.a());
      SampleCorpus.Doc b = byId.get(p.b());
      if (a.family() != b.family()) {
        assertTrue(p.similarity() < 0.5, "unrelated articles too similar: " + p);
        continue;
      }
      families++;
      if (a.kind() == SampleCorpus.Kind.ORIGINAL || b.kind() == SampleCorpus.Kind.ORIGINAL) {
        SampleCorpus.Kind copy = a.kind() == SampleCorpus.Kind.ORIGINAL ? b.kind() : a.kind();
        switch (copy) {
          case SYNDICATED, REFORMATTED -> assertEquals(1.0, p.similarity(), 1e-12, p.toString());
          case HEAVY_EDIT, TRUNCATED -> assertTrue(p.similarity() < 0.8, p.toString());
          default -> assertTrue(p.similarity() > 0.7, p.toString());
        }
      }
    }
    assertTrue(families > 100, "families give " + families + " pairs");
  }
}

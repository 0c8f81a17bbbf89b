package io.neardup.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One test naming convention per test runner, over every module's test sources: JUnit 5 tests end
 * in {@code Test}; tests on Lucene's test framework (randomized runner) start with {@code Test}, as
 * in Lucene; tests on Elasticsearch's or OpenSearch's test framework end in {@code Tests}, as in
 * those projects; tests that need the packaged build (failsafe, after {@code package}) end in
 * {@code IT}. A class that is no test must not be named like one: surefire would run it.
 */
class NamingConventionTest {
  private enum Runner {
    JUNIT("JUnit 5: name it *Test (or *IT when it needs the packaged build)"),
    LUCENE("Lucene's test framework: name it Test*"),
    ENGINE("the engine's test framework: name it *Tests (or *IT when it needs the packaged build)");

    final String rule;

    Runner(String rule) {
      this.rule = rule;
    }

    boolean accepts(String name) {
      return switch (this) {
        case JUNIT -> name.endsWith("Test") || name.endsWith("IT");
        case LUCENE -> name.startsWith("Test") && !name.endsWith("Tests");
        case ENGINE -> name.endsWith("Tests") || name.endsWith("IT");
      };
    }
  }

  private static final Pattern JUNIT =
      Pattern.compile(
          "import org\\.junit\\.jupiter\\.(api\\.(Test|RepeatedTest|TestFactory)"
              + "|params\\.ParameterizedTest);");
  private static final Pattern ENGINE =
      Pattern.compile("import (static )?org\\.(elasticsearch|opensearch)\\.");
  private static final Pattern LUCENE = Pattern.compile("import org\\.apache\\.lucene\\.tests\\.");
  private static final Pattern TEST_METHOD = Pattern.compile("public void test[A-Z_]\\w*\\(");
  private static final Pattern EXTENDS_TEST_CASE =
      Pattern.compile("extends \\w+(TestCase|Tests)\\b");

  @Test
  void everyTestIsNamedAsItsRunnerExpects() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent();
    List<String> wrong = new ArrayList<>();
    int tests = 0;
    try (Stream<Path> walk = Files.walk(root)) {
      List<Path> sources =
          walk.filter(p -> p.toString().endsWith(".java"))
              .filter(p -> p.toString().contains("/src/test/java/"))
              .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/."))
              .sorted()
              .toList();
      for (Path file : sources) {
        String name = file.getFileName().toString().replace(".java", "");
        Runner runner = runner(name, Files.readString(file));
        if (runner == null) {
          if (name.startsWith("Test") || name.endsWith("Test") || name.endsWith("Tests")) {
            wrong.add(root.relativize(file) + ": no test, but named like one");
          }
          continue;
        }
        tests++;
        if (!runner.accepts(name)) {
          wrong.add(root.relativize(file) + ": " + runner.rule);
        }
      }
    }
    assertTrue(tests > 100, "found only " + tests + " tests under " + root);
    assertEquals(List.of(), wrong);
  }

  /** The runner of a test source, or null for a class that holds no test. */
  private static Runner runner(String name, String source) {
    if (JUNIT.matcher(source).find()) {
      return Runner.JUNIT;
    }
    boolean tests = TEST_METHOD.matcher(source).find() || EXTENDS_TEST_CASE.matcher(source).find();
    if (!tests || source.contains("abstract class " + name + " ")) {
      return null;
    }
    if (ENGINE.matcher(source).find()) {
      return Runner.ENGINE;
    }
    return LUCENE.matcher(source).find() ? Runner.LUCENE : null;
  }
}

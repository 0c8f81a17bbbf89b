package io.neardup.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No package cycles in any module's main code: the packages of a module depend on each other one
 * way only, so each can be read knowing only the ones below it. A package depends on another when
 * its code (not its comments) names a class of it, imported or fully qualified.
 */
class PackageCycleTest {
  /**
   * Modules whose packages still form a cycle, with the packages in it: the test fails if one grows
   * or goes away (then remove it here).
   */
  private static final Map<String, Set<String>> KNOWN = Map.of();

  private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
  private static final Pattern REFERENCE =
      Pattern.compile("\\b(io\\.neardup(?:\\.[a-z0-9_]+)*)\\.[A-Z]");

  @Test
  void noModuleHasAPackageCycle() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent();
    Map<String, List<Set<String>>> cycles = new TreeMap<>();
    int modules = 0;
    try (Stream<Path> dirs = Files.list(root)) {
      for (Path module : dirs.sorted().toList()) {
        Path main = module.resolve("src/main/java");
        if (!Files.isDirectory(main)) {
          continue;
        }
        modules++;
        List<Set<String>> found = cycles(dependencies(main));
        if (!found.isEmpty()) {
          cycles.put(module.getFileName().toString(), found);
        }
      }
    }
    assertTrue(modules >= 10, "found only " + modules + " modules under " + root);
    Map<String, List<Set<String>>> known = new TreeMap<>();
    KNOWN.forEach((module, packages) -> known.put(module, List.of(new TreeSet<>(packages))));
    assertEquals(known, cycles, "package cycles per module (KNOWN lists those not yet broken)");
  }

  @Test
  void findsACycleAndOnlyACycle() {
    Map<String, Set<String>> graph = new HashMap<>();
    graph.put("a", Set.of("b"));
    graph.put("b", Set.of("c"));
    graph.put("c", Set.of("a", "d"));
    graph.put("d", Set.of());
    assertEquals(List.of(new TreeSet<>(Set.of("a", "b", "c"))), cycles(graph));
    graph.put("c", Set.of("d"));
    assertTrue(cycles(graph).isEmpty(), "a chain is no cycle");
  }

  /** Each package of a source tree and the packages of the tree it names. */
  private static Map<String, Set<String>> dependencies(Path main) throws IOException {
    Map<String, Set<String>> graph = new HashMap<>();
    try (Stream<Path> walk = Files.walk(main)) {
      for (Path file : walk.filter(p -> p.toString().endsWith(".java")).toList()) {
        String source = Files.readString(file);
        Matcher p = PACKAGE.matcher(source);
        if (!p.find()) {
          continue;
        }
        Set<String> uses = graph.computeIfAbsent(p.group(1), k -> new TreeSet<>());
        for (String line : code(source)) {
          Matcher m = REFERENCE.matcher(line);
          while (m.find()) {
            if (!m.group(1).equals(p.group(1))) {
              uses.add(m.group(1));
            }
          }
        }
      }
    }
    graph.values().forEach(uses -> uses.retainAll(graph.keySet()));
    return graph;
  }

  /** The lines of code: neither the package line nor comments. */
  private static List<String> code(String source) {
    List<String> lines = new ArrayList<>();
    boolean comment = false;
    for (String line : source.split("\n")) {
      String t = line.strip();
      if (comment) {
        comment = !t.contains("*/");
        continue;
      }
      if (t.startsWith("/*")) {
        comment = !t.contains("*/");
        continue;
      }
      if (!t.startsWith("//") && !t.startsWith("*") && !t.startsWith("package ")) {
        lines.add(t);
      }
    }
    return lines;
  }

  /** The strongly connected components of more than one package (Tarjan's algorithm). */
  private static List<Set<String>> cycles(Map<String, Set<String>> graph) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new TreeSet<>();
    List<Set<String>> out = new ArrayList<>();
    for (String start : new TreeSet<>(graph.keySet())) {
      if (!index.containsKey(start)) {
        visit(start, graph, index, low, stack, onStack, out);
      }
    }
    return out;
  }

  private static void visit(
      String v,
      Map<String, Set<String>> graph,
      Map<String, Integer> index,
      Map<String, Integer> low,
      Deque<String> stack,
      Set<String> onStack,
      List<Set<String>> out) {
    index.put(v, index.size());
    low.put(v, index.get(v));
    stack.push(v);
    onStack.add(v);
    for (String w : graph.getOrDefault(v, Set.of())) {
      if (!index.containsKey(w)) {
        visit(w, graph, index, low, stack, onStack, out);
        low.put(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.contains(w)) {
        low.put(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v).equals(index.get(v))) {
      Set<String> component = new TreeSet<>();
      String w;
      do {
        w = stack.pop();
        onStack.remove(w);
        component.add(w);
      } while (!w.equals(v));
      if (component.size() > 1) {
        out.add(component);
      }
    }
  }
}

package io.neardup.opensearch;

import static org.hamcrest.Matchers.equalTo;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.apache.lucene.util.Version;
import org.opensearch.test.OpenSearchTestCase;

/**
 * The library and engine-common are built against Lucene 10.5.1, but in OpenSearch 3.8.0 they run
 * on Lucene 10.5.0: their sources must compile against OpenSearch's Lucene, so that it uses nothing
 * 10.5.0 lacks (a missing method would otherwise surface only as a {@link NoSuchMethodError} on the
 * path that calls it). The tests of this module then run the library itself on 10.5.0.
 */
public class LibraryOnOpenSearchLuceneTests extends OpenSearchTestCase {

  public void testLibrarySourcesCompileAgainstOpenSearchsLucene() throws IOException {
    assertThat(Version.LATEST.toString(), equalTo("10.5.0"));
    String sources = System.getProperty("neardup.library.sources");
    assumeTrue("the build passes the library's source folder", sources != null);
    List<String> files;
    files = new ArrayList<>();
    for (String folder : sources.split(File.pathSeparator)) {
      try (Stream<Path> walk = Files.walk(Path.of(folder))) {
        walk.filter(p -> p.toString().endsWith(".java")).map(Path::toString).forEach(files::add);
      }
    }
    assertFalse("no sources under " + sources, files.isEmpty());
    // the test class path without the library's own classes: Lucene 10.5.0, hash4j, the JDK
    String classPath =
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(e ->
                !e.contains("neardup-lucene")
                    && !e.contains("lucene-module")
                    && !e.contains("neardup-engine-common")
                    && !e.contains("engine-common"))
            .collect(Collectors.joining(File.pathSeparator));
    List<String> options =
        List.of(
            "--release",
            "21",
            "-proc:none",
            "-nowarn",
            "-classpath",
            classPath,
            "-d",
            createTempDir().toString());
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter errors = new StringWriter();
    try (StandardJavaFileManager fileManager = javac.getStandardFileManager(null, null, null)) {
      boolean compiled =
          javac
              .getTask(
                  errors,
                  fileManager,
                  null,
                  options,
                  null,
                  fileManager.getJavaFileObjectsFromStrings(files))
              .call();
      assertTrue("the library does not compile against Lucene 10.5.0:\n" + errors, compiled);
    }
  }
}

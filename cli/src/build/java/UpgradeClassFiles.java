import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites the class files under a package of a jar that are older than Java 6 (version 50) as
 * Java 8 class files (version 52) with stack map frames, in place; their code is unchanged.
 *
 * <p>Why: the JVM's class data archive, which {@code bin/neardup} writes at the first run, keeps no
 * class older than version 50 once it has been linked, so each run loaded and verified such classes
 * again from the jar (picocli's are compiled for Java 5). The build of the command-line jar runs this
 * after shading:
 *
 * <pre>
 * java -cp asm.jar UpgradeClassFiles.java JAR PACKAGE/
 * </pre>
 *
 * It fails when no class under the package needed it, so that a newer library that no longer needs
 * it is noticed and the step removed.
 */
public final class UpgradeClassFiles {
  private UpgradeClassFiles() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: UpgradeClassFiles JAR PACKAGE/");
      System.exit(2);
    }
    Path jar = Path.of(args[0]).toAbsolutePath();
    String prefix = args[1];
    int upgraded = 0;
    // the jar's own classes answer the common superclass questions of the frame computation
    try (URLClassLoader classes =
            new URLClassLoader(
                new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + jar.toUri()), Map.of())) {
      List<Path> files;
      try (Stream<Path> walk = Files.walk(zip.getPath("/" + prefix))) {
        files = walk.filter(p -> p.toString().endsWith(".class")).toList();
      }
      for (Path file : files) {
        byte[] old = Files.readAllBytes(file);
        ClassReader reader = new ClassReader(old);
        if (reader.readUnsignedShort(6) >= Opcodes.V1_6) {
          continue;
        }
        ClassWriter writer =
            new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
              @Override
              protected ClassLoader getClassLoader() {
                return classes;
              }
            };
        reader.accept(
            new ClassVisitor(Opcodes.ASM9, writer) {
              @Override
              public void visit(
                  int version,
                  int access,
                  String name,
                  String signature,
                  String superName,
                  String[] interfaces) {
                super.visit(Opcodes.V1_8, access, name, signature, superName, interfaces);
              }
            },
            ClassReader.SKIP_FRAMES);
        Files.write(file, writer.toByteArray());
        upgraded++;
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    if (upgraded == 0) {
      System.err.println(
          "UpgradeClassFiles: no class file under " + prefix + " in " + jar + " is older than 50");
      System.exit(1);
    }
  }
}

package dev.warren.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Which compiled classes of the library name a class or package: every class a class refers to is
 * named in its constant pool. For the tests that keep optional APIs optional.
 */
public final class ClassReferences {

  private static final Path CLASSES = Path.of("target/classes");

  private ClassReferences() {}

  /**
   * The library's classes (paths under {@code target/classes}) that name {@code name}, e.g. {@code
   * jakarta/servlet/}.
   */
  public static List<String> classesNaming(String name) throws IOException {
    byte[] needle = name.getBytes(StandardCharsets.UTF_8);
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(CLASSES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
        if (contains(Files.readAllBytes(file), needle)) {
          found.add(CLASSES.relativize(file).toString());
        }
      }
    }
    return found;
  }

  /**
   * The classes naming {@code name} whose path starts with none of {@code allowed} (a package
   * folder such as {@code dev/warren/internal/health/}, or one class file); fails when no class at
   * all names it, so that a scan that sees nothing cannot pass.
   */
  public static List<String> classesNamingOutside(String name, String... allowed)
      throws IOException {
    List<String> naming = classesNaming(name);
    if (naming.isEmpty()) {
      throw new AssertionError("no compiled class names " + name + ": the scan sees nothing");
    }
    return naming.stream()
        .filter(c -> java.util.Arrays.stream(allowed).noneMatch(c::startsWith))
        .toList();
  }

  /** The file under {@code target/classes} at {@code relative}. */
  public static Path compiled(String relative) {
    return CLASSES.resolve(relative);
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i <= haystack.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}

package dev.warren.cli;

/** A command line the tool cannot run (exit code 2); its message is a {@code WARREN-33x} text. */
final class UsageException extends Exception {

  UsageException(String message) {
    super(message);
  }
}

package dev.warren.internal.telemetry;

/** A span made current on this thread, until closed. */
@FunctionalInterface
public interface Scope extends AutoCloseable {

  /** Nothing to close. */
  Scope NONE = () -> {};

  @Override
  void close();
}

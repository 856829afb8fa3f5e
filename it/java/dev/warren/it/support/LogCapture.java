package dev.warren.it.support;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Captures what Warren logs (logger {@code dev.warren}) while installed: for a whole test class as
 * a JUnit extension ({@code @RegisterExtension static final LogCapture logs = new LogCapture();}),
 * or for a block with {@link #start()} and try-with-resources.
 */
public final class LogCapture extends Handler
    implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

  private static final Logger WARREN = Logger.getLogger("dev.warren");
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();

  /** A capture that installs itself before the test class and removes itself after it. */
  public LogCapture() {}

  @Override
  public void beforeAll(ExtensionContext context) {
    WARREN.addHandler(this);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    close();
  }

  /** Starts capturing. */
  public static LogCapture start() {
    LogCapture capture = new LogCapture();
    WARREN.addHandler(capture);
    return capture;
  }

  @Override
  public void publish(LogRecord record) {
    records.add(record);
  }

  /** The messages captured so far that contain {@code text}. */
  public List<String> messagesContaining(String text) {
    return records.stream()
        .map(LogRecord::getMessage)
        .filter(m -> m != null && m.contains(text))
        .collect(Collectors.toList());
  }

  /** Every message captured so far, with the thrown exception's text. */
  public List<String> all() {
    return records.stream()
        .map(r -> r.getMessage() + (r.getThrown() == null ? "" : " | " + r.getThrown()))
        .collect(Collectors.toList());
  }

  @Override
  public void flush() {}

  @Override
  public void close() {
    WARREN.removeHandler(this);
  }
}

package dev.warren.it.support;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/** Captures what Warren logs (logger {@code dev.warren}) while installed. */
public final class LogCapture extends Handler implements AutoCloseable {

  private static final Logger WARREN = Logger.getLogger("dev.warren");
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();

  private LogCapture() {}

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

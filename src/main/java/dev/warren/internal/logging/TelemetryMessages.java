package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.util.logging.Logger;

/** The messages of area {@link MessageArea#TELEMETRY}. */
public final class TelemetryMessages {

  private TelemetryMessages() {}

  public static final Message TELEMETRY_UNAVAILABLE =
      new Message(
          180,
          Level.WARN,
          "Warren found the OpenTelemetry API but cannot use it ({error}); it runs "
              + "without traces and metrics. |Use OpenTelemetry API 1.40 or later, or "
              + "set 'warren.telemetry.enabled=false' to silence this");

  public static void telemetryUnavailable(Logger log, String error) {
    TELEMETRY_UNAVAILABLE.log(log, error);
  }

  public static final Message AMBIGUOUS_OPEN_TELEMETRY =
      new Message(
          181,
          Level.WARN,
          "more than one CDI bean of type 'io.opentelemetry.api.OpenTelemetry' "
              + "({beans}); Warren's traces and metrics use GlobalOpenTelemetry instead. "
              + "|Keep one such bean, or set 'warren.telemetry.enabled=false'");

  public static void ambiguousOpenTelemetry(Logger log, String beans) {
    AMBIGUOUS_OPEN_TELEMETRY.log(log, beans);
  }
}

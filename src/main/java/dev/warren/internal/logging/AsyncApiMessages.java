package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.util.logging.Logger;

/** The messages of area {@link MessageArea#ASYNCAPI}. */
public final class AsyncApiMessages {

  private AsyncApiMessages() {}

  public static final Message ASYNC_API_NOT_SERVED =
      new Message(
          90,
          Level.WARN,
          "Warren does not serve its AsyncAPI document and page in this web "
              + "application: {why}; |fix the 'warren.asyncapi.*' settings, or set "
              + "'warren.asyncapi.enabled=false' to turn the endpoint off");

  public static void asyncApiNotServed(Logger log, String why) {
    ASYNC_API_NOT_SERVED.log(log, why);
  }

  public static final Message ASYNC_API_UNAVAILABLE =
      new Message(
          91,
          Level.WARN,
          "the AsyncAPI endpoint '{path}' cannot reach Warren's document: {why}; "
              + "|Warren's CDI extension must run in this application (CDI enabled, "
              + "Warren's jar in the application), or set 'warren.asyncapi.enabled=false'");

  public static String asyncApiUnavailable(String path, String why) {
    return ASYNC_API_UNAVAILABLE.text(path, why);
  }
}

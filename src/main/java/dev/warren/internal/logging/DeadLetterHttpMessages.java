package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.util.logging.Logger;

/** The messages of area {@link MessageArea#DEAD_LETTER_HTTP}. */
public final class DeadLetterHttpMessages {

  private DeadLetterHttpMessages() {}

  public static final Message NOT_SERVED =
      new Message(
          340,
          Level.WARN,
          "Warren does not serve its dead letter operations over HTTP in this web application: "
              + "{why}; |fix the 'warren.dead-letters.http.*' settings (see docs/dead-letters.md, "
              + "Over HTTP), or set 'warren.dead-letters.http.enabled=false'");

  public static void notServed(Logger log, String why) {
    NOT_SERVED.log(log, why);
  }

  public static String notServedText(String why) {
    return NOT_SERVED.text(why);
  }

  public static final Message BAD_REQUEST =
      new Message(
          341,
          Level.THROWN,
          "dead letters over HTTP: {what} is '{value}': {problem}; |{fix}",
          "what the text says after the ';' (the parameter's form, or the operations and their "
              + "methods)");

  public static String badRequest(String what, String value, String problem, String fix) {
    return BAD_REQUEST.text(what, value, problem, fix);
  }

  public static final Message CROSS_SITE =
      new Message(
          342,
          Level.THROWN,
          "dead letters over HTTP: {operation} refused, nothing changed: {why}; |send it from the "
              + "application's own origin (or a client such as curl) with the header "
              + "'Content-Type: application/json', not from another site's page");

  public static String crossSite(String operation, String why) {
    return CROSS_SITE.text(operation, why);
  }

  public static final Message NOT_PERMITTED =
      new Message(
          343,
          Level.THROWN,
          "dead letters over HTTP: {who} may not use '{path}': {why}; |log in as a user with the "
              + "role '{role}' (warren.dead-letters.http.role), given to users in the server's "
              + "realm and the application's login-config (see docs/dead-letters.md, Over HTTP)");

  public static String notPermitted(String who, String path, String why, String role) {
    return NOT_PERMITTED.text(who, path, why, role);
  }

  public static final Message AUDIT =
      new Message(
          344,
          Level.INFO,
          "dead letters over HTTP: user '{user}' ran {operation} ({query}), {mode}: {outcome}");

  public static void audit(
      Logger log, String user, String operation, Object query, boolean dryRun, String outcome) {
    AUDIT.log(log, user, operation, query, dryRun ? "dry run" : "not a dry run", outcome);
  }
}

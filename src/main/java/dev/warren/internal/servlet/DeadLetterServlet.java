package dev.warren.internal.servlet;

import dev.warren.DeadLetterQuery;
import dev.warren.DeadLetterReport;
import dev.warren.DeadLetters;
import dev.warren.internal.logging.DeadLetterHttpMessages;
import jakarta.enterprise.inject.spi.CDI;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.logging.Logger;

/**
 * The dead letter operations over HTTP, below the configured path: {@code GET count}, {@code GET
 * browse}, {@code POST replay}, {@code POST purge}, each with its query in the request parameters
 * ({@link QueryParameters}), answering JSON ({@link DeadLetterJson}). The container's security
 * constraint (added by {@link DeadLetterHttpInitializer}) lets only users in the role through; this
 * servlet checks again (no user: 401, through the application's login method; a user without the
 * role: 403), refuses cross-site requests that would change state ({@link CrossSite}), and logs
 * every replay and purge with the user (WARREN-344). Each request runs the operation on the
 * request's thread and blocks it until the operation is done.
 */
final class DeadLetterServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = Logger.getLogger(DeadLetterServlet.class.getName());
  private static final String OPERATIONS =
      "use GET count, GET browse, POST replay or POST purge below the path";

  private final String path;
  private final String role;

  DeadLetterServlet(String path, String role) {
    this.path = path;
    this.role = role;
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException, ServletException {
    handle(request, response, false);
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response)
      throws IOException, ServletException {
    handle(request, response, true);
  }

  private void handle(HttpServletRequest request, HttpServletResponse response, boolean post)
      throws IOException, ServletException {
    response.setHeader("Cache-Control", "no-store");
    response.setHeader("X-Content-Type-Options", "nosniff");
    String user = user(request, response);
    if (user == null) {
      return;
    }
    String operation;
    DeadLetterQuery query;
    try {
      operation = operation(request, post, response);
      if (post) {
        String refusal =
            CrossSite.refusal(
                request.getContentType(),
                request.getHeader("Sec-Fetch-Site"),
                request.getHeader("Origin"),
                request.getScheme(),
                host(request));
        if (refusal != null) {
          throw new HttpProblem(403, DeadLetterHttpMessages.crossSite(operation, refusal));
        }
      }
      query = QueryParameters.parse(operation, request.getParameterMap());
    } catch (HttpProblem problem) {
      send(
          response, problem.status(), DeadLetterJson.error(problem.status(), problem.getMessage()));
      return;
    }
    DeadLetters deadLetters;
    try {
      deadLetters = CDI.current().select(DeadLetters.class).get();
    } catch (RuntimeException e) {
      String message =
          DeadLetterHttpMessages.notServedText(
              "the DeadLetters bean cannot be reached ("
                  + e
                  + "): Warren's CDI extension must run in this application");
      send(response, 503, DeadLetterJson.error(503, message));
      return;
    }
    run(deadLetters, operation, query, user, response);
  }

  private void run(
      DeadLetters deadLetters,
      String operation,
      DeadLetterQuery query,
      String user,
      HttpServletResponse response)
      throws IOException {
    boolean changes = operation.equals("replay") || operation.equals("purge");
    String json;
    try {
      switch (operation) {
        case "count" -> json = DeadLetterJson.count(user, query, deadLetters.count(query));
        case "browse" -> json = DeadLetterJson.page(user, query, deadLetters.browse(query));
        default -> {
          DeadLetterReport report =
              operation.equals("replay") ? deadLetters.replay(query) : deadLetters.purge(query);
          DeadLetterHttpMessages.audit(
              LOG,
              user,
              operation,
              query,
              report.dryRun(),
              "queue '"
                  + report.queue()
                  + "': "
                  + report.examined()
                  + " examined, "
                  + report.selected()
                  + " selected, "
                  + report.done()
                  + " done, "
                  + report.failed().size()
                  + " failed");
          json = DeadLetterJson.report(user, operation, query, report);
        }
      }
    } catch (RuntimeException e) {
      int status = status(e);
      if (changes) {
        DeadLetterHttpMessages.audit(
            LOG, user, operation, query, query.isDryRun(), "stopped (" + e.getMessage() + ")");
      }
      send(response, status, DeadLetterJson.error(status, String.valueOf(e.getMessage())));
      return;
    }
    send(response, 200, json);
  }

  /** The status of an error of the API: its WARREN id says which. */
  static int status(RuntimeException e) {
    String message = String.valueOf(e.getMessage());
    if (message.startsWith("WARREN-300") || message.startsWith("WARREN-302")) {
      return 404;
    }
    if (message.startsWith("WARREN-301") || e instanceof IllegalArgumentException) {
      return 400;
    }
    if (message.startsWith("WARREN-303")) {
      return 503;
    }
    return 500;
  }

  /**
   * The user's name, or {@code null} when the request was answered: no user (after the login method
   * had its say) or one without the role.
   */
  private String user(HttpServletRequest request, HttpServletResponse response) throws IOException {
    Principal principal = request.getUserPrincipal();
    if (principal == null) {
      boolean authenticated;
      String why = "no user is logged in";
      try {
        authenticated = request.authenticate(response);
      } catch (ServletException e) {
        authenticated = false;
        why += " and the application has no login method that can ask for one (" + e + ")";
      }
      principal = authenticated ? request.getUserPrincipal() : null;
      if (principal == null) {
        if (!response.isCommitted()) {
          String message =
              DeadLetterHttpMessages.notPermitted(
                  "an anonymous request", request.getRequestURI(), why, role);
          send(response, 401, DeadLetterJson.error(401, message));
        }
        return null;
      }
    }
    if (!request.isUserInRole(role)) {
      String message =
          DeadLetterHttpMessages.notPermitted(
              "user '" + principal.getName() + "'",
              request.getRequestURI(),
              "the user is not in the role '" + role + "'",
              role);
      send(response, 403, DeadLetterJson.error(403, message));
      return null;
    }
    return principal.getName();
  }

  private String operation(HttpServletRequest request, boolean post, HttpServletResponse response) {
    String info = request.getPathInfo();
    String operation = info == null ? "" : info.replaceFirst("^/", "");
    boolean read = operation.equals("count") || operation.equals("browse");
    boolean change = operation.equals("replay") || operation.equals("purge");
    if (!read && !change) {
      throw new HttpProblem(
          404,
          DeadLetterHttpMessages.badRequest(
              "the operation", operation, "not an operation of '" + path + "'", OPERATIONS));
    }
    if (read == post) {
      response.setHeader("Allow", read ? "GET" : "POST");
      throw new HttpProblem(
          405,
          DeadLetterHttpMessages.badRequest(
              "the method of " + operation,
              request.getMethod(),
              read
                  ? "it changes nothing, so it is a GET"
                  : "it changes dead letters, so it is a POST",
              OPERATIONS));
    }
    return operation;
  }

  /** The request's {@code Host} header, else the server's name and port. */
  private static String host(HttpServletRequest request) {
    String host = request.getHeader("Host");
    return host != null && !host.isBlank()
        ? host.trim()
        : request.getServerName() + ":" + request.getServerPort();
  }

  private static void send(HttpServletResponse response, int status, String json)
      throws IOException {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    response.setStatus(status);
    response.setContentType("application/json;charset=UTF-8");
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }
}

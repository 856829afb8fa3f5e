package dev.warren.internal.servlet;

import dev.warren.AsyncApiDocument;
import dev.warren.internal.asyncapi.AsyncApiPage;
import dev.warren.internal.logging.AsyncApiMessages;
import jakarta.enterprise.inject.spi.CDI;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.Logger;

/**
 * Answers {@code GET} at the document's path with the {@link AsyncApiDocument} as JSON, and at the
 * page's path with {@link AsyncApiPage}. The document is taken from CDI at the first request (the
 * container may start servlets before CDI is up) and kept: it never changes.
 */
final class AsyncApiServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = Logger.getLogger(AsyncApiServlet.class.getName());

  private final String path;
  private final String pagePath;
  private transient volatile String json;
  private transient volatile boolean warned;

  AsyncApiServlet(String path, String pagePath) {
    this.path = path;
    this.pagePath = pagePath;
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String document;
    try {
      document = document();
    } catch (RuntimeException e) {
      String message = AsyncApiMessages.asyncApiUnavailable(request.getServletPath(), e.toString());
      if (!warned) {
        warned = true;
        AsyncApiMessages.ASYNC_API_UNAVAILABLE.log(LOG, request.getServletPath(), e.toString());
      }
      response.setStatus(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
      write(response, "text/plain", message);
      return;
    }
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("Cache-Control", "no-cache");
    if (pagePath.equals(request.getServletPath())) {
      response.setHeader("Content-Security-Policy", AsyncApiPage.CONTENT_SECURITY_POLICY);
      write(response, "text/html", AsyncApiPage.html(document, request.getContextPath() + path));
    } else {
      write(response, "application/json", document);
    }
  }

  private String document() {
    String known = json;
    if (known == null) {
      known = CDI.current().select(AsyncApiDocument.class).get().json();
      json = known;
    }
    return known;
  }

  private static void write(HttpServletResponse response, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    response.setContentType(type + ";charset=UTF-8");
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }
}

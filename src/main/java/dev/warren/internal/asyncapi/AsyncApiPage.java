package dev.warren.internal.asyncapi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The HTML page that shows an AsyncAPI document: one self-contained file (its style and script
 * inline, no fonts, images or requests) that lists the channels, operations, messages and schemas
 * of the document embedded in it. The script renders them with DOM calls only, never from markup,
 * so names in the document cannot inject anything. {@link #CONTENT_SECURITY_POLICY} allows exactly
 * the page's own style and script and nothing else.
 */
public final class AsyncApiPage {

  private static final String TEMPLATE = template();

  /** A policy that lets the page run its own style and script and load nothing at all. */
  public static final String CONTENT_SECURITY_POLICY =
      "default-src 'none'; style-src '"
          + hash(between(TEMPLATE, "<style>", "</style>"))
          + "'; script-src '"
          + hash(between(TEMPLATE, "<script>", "</script>"))
          + "'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

  private AsyncApiPage() {}

  /**
   * The page of {@code json}.
   *
   * @param json the AsyncAPI document
   * @param jsonHref where the page links to the document as JSON
   */
  public static String html(String json, String jsonHref) {
    // '<' only occurs inside JSON strings, where its escape means the same: the JSON cannot end
    // the script element that holds it
    return TEMPLATE
        .replace("@@JSON_HREF@@", attribute(jsonHref))
        .replace("@@DOCUMENT@@", json.replace("<", "\\u003c"));
  }

  private static String attribute(String text) {
    return text.replace("&", "&amp;")
        .replace("\"", "&quot;")
        .replace("<", "&lt;")
        .replace(">", "&gt;");
  }

  private static String template() {
    try (InputStream in = AsyncApiPage.class.getResourceAsStream("page.html")) {
      if (in == null) {
        throw new IllegalStateException("page.html is missing from Warren's jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String between(String text, String start, String end) {
    int from = text.indexOf(start) + start.length();
    return text.substring(from, text.indexOf(end, from));
  }

  private static String hash(String content) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.UTF_8));
      return "sha256-" + Base64.getEncoder().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}

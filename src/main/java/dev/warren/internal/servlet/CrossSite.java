package dev.warren.internal.servlet;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The rule that keeps another site's page from changing dead letters with the operator's browser
 * session (cross-site request forgery): a request that changes state must say {@code Content-Type:
 * application/json}, which a form cannot send and a script of another origin cannot send without a
 * CORS preflight (which Warren never answers), must not come from another site by the browser's
 * {@code Sec-Fetch-Site}, and must not carry an {@code Origin} other than the request's own. A pure
 * function of the request's headers.
 */
final class CrossSite {

  private CrossSite() {}

  /**
   * Why the request is refused, or {@code null} when it may change state.
   *
   * @param contentType the {@code Content-Type} header, {@code null} when absent
   * @param fetchSite the {@code Sec-Fetch-Site} header, {@code null} when absent
   * @param origin the {@code Origin} header, {@code null} when absent
   * @param scheme the request's scheme ({@code http} or {@code https})
   * @param host the request's {@code Host} header (host, or host:port)
   */
  static String refusal(
      String contentType, String fetchSite, String origin, String scheme, String host) {
    if (fetchSite != null) {
      String site = fetchSite.trim().toLowerCase(Locale.ROOT);
      if (site.equals("cross-site") || site.equals("same-site")) {
        return "the browser says it comes from another site (Sec-Fetch-Site: " + site + ")";
      }
    }
    if (origin != null) {
      String own = origin(scheme, host);
      String theirs = normalize(origin);
      if (theirs == null || !theirs.equals(own)) {
        return "its Origin '" + origin + "' is not the application's own '" + own + "'";
      }
    }
    if (contentType == null || !mediaType(contentType).equals("application/json")) {
      return "its Content-Type is "
          + (contentType == null ? "missing" : "'" + contentType + "'")
          + ", not application/json (as a form or another site's page would send it)";
    }
    return null;
  }

  private static String mediaType(String contentType) {
    int semicolon = contentType.indexOf(';');
    String type = semicolon < 0 ? contentType : contentType.substring(0, semicolon);
    return type.trim().toLowerCase(Locale.ROOT);
  }

  /** {@code scheme://host[:port]}, without the scheme's default port, lower case. */
  static String origin(String scheme, String host) {
    String own = normalize(scheme + "://" + host);
    return own == null ? scheme + "://" + host : own;
  }

  private static String normalize(String origin) {
    try {
      URI uri = new URI(origin.trim());
      if (uri.getScheme() == null || uri.getHost() == null) {
        return null;
      }
      String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
      int port = uri.getPort();
      boolean defaultPort =
          port == -1
              || (scheme.equals("http") && port == 80)
              || (scheme.equals("https") && port == 443);
      return scheme
          + "://"
          + uri.getHost().toLowerCase(Locale.ROOT)
          + (defaultPort ? "" : ":" + port);
    } catch (URISyntaxException e) {
      return null;
    }
  }
}

package dev.warren.internal.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * The parts of an {@code amqp://} or {@code amqps://} URI. Unlike the raw client, an empty path
 * (with or without the trailing slash) means the default virtual host {@code /}.
 *
 * @param tls whether the scheme is {@code amqps}
 * @param host the host name
 * @param port the port, defaulted per scheme
 * @param username the user, {@code null} when the URI has none
 * @param password the password, {@code null} when the URI has none
 * @param virtualHost the decoded virtual host
 */
public record AmqpUri(
    boolean tls, String host, int port, String username, String password, String virtualHost) {

  /** How to write reserved characters in the user info, for messages. */
  static final String PERCENT_ENCODE =
      "percent-encode the user name and password: write '/' as %2F, '?' as %3F, '#' as %23,"
          + " '@' as %40, '%' as %25 and ':' in the user name as %3A";

  /**
   * Parses {@code text}.
   *
   * @throws IllegalArgumentException with a reason that repeats nothing of the user info (user name
   *     and password)
   */
  public static AmqpUri parse(String text) {
    String trimmed = text.trim();
    requireEncodedUserInfo(trimmed);
    URI uri;
    try {
      uri = new URI(trimmed);
    } catch (URISyntaxException e) {
      // the reason alone: the exception's message would repeat the URI, password and all
      throw new IllegalArgumentException(
          "not a URI ("
              + e.getReason()
              + ")"
              + (trimmed.contains("@") ? "; " + PERCENT_ENCODE : ""));
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase();
    boolean tls;
    if (scheme.equals("amqp")) {
      tls = false;
    } else if (scheme.equals("amqps")) {
      tls = true;
    } else {
      throw new IllegalArgumentException("the scheme must be amqp:// or amqps://");
    }
    if (uri.getHost() == null) {
      throw new IllegalArgumentException(noHost(uri.getRawAuthority()));
    }
    int port = uri.getPort() == -1 ? (tls ? 5671 : 5672) : uri.getPort();
    String user = null;
    String password = null;
    String userInfo = uri.getRawUserInfo();
    if (userInfo != null) {
      int colon = userInfo.indexOf(':');
      user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
      password = colon < 0 ? null : decode(userInfo.substring(colon + 1));
    }
    String rawPath = uri.getRawPath() == null ? "" : uri.getRawPath();
    String vhostPart = rawPath.startsWith("/") ? rawPath.substring(1) : rawPath;
    if (vhostPart.contains("/")) {
      throw new IllegalArgumentException(
          "the path may name one virtual host; write '/' inside a name as %2f");
    }
    String vhost = vhostPart.isEmpty() ? "/" : decode(vhostPart);
    return new AmqpUri(tls, uri.getHost(), port, user, password, vhost);
  }

  /**
   * Refuses a URI whose user info holds an unencoded {@code /}, {@code ?}, {@code #} or {@code @}.
   * The authority ends at the first {@code /}, {@code ?} or {@code #}, so such a character in the
   * password would make {@link URI} read the password's first part as a host and port (a port that
   * is no number, or worse one that is, and a host named after the user) and its rest as the path,
   * query or fragment: every message built from those parts would show a piece of the password. The
   * user info ends at an {@code @}, so an {@code @} after the authority's end, or two in it, means
   * the user info was cut or split; the message repeats nothing of the URI. (An {@code @} in the
   * virtual host is refused too: written as %40 it is read as intended.)
   */
  private static void requireEncodedUserInfo(String text) {
    int schemeEnd = text.indexOf("://");
    if (schemeEnd < 0) {
      return; // not hierarchical: refused for its scheme, without repeating it
    }
    String rest = text.substring(schemeEnd + 3);
    int authorityEnd = rest.length();
    for (char delimiter : new char[] {'/', '?', '#'}) {
      int at = rest.indexOf(delimiter);
      if (at >= 0 && at < authorityEnd) {
        authorityEnd = at;
      }
    }
    String authority = rest.substring(0, authorityEnd);
    if (rest.indexOf('@', authorityEnd) >= 0) {
      throw new IllegalArgumentException(
          "the user name or password holds a '/', '?' or '#' that is not percent-encoded (or the"
              + " virtual host an '@'), so the URI cannot be read as meant; "
              + PERCENT_ENCODE);
    }
    if (authority.indexOf('@') != authority.lastIndexOf('@')) {
      throw new IllegalArgumentException(
          "the user name or password holds an '@' that is not percent-encoded; " + PERCENT_ENCODE);
    }
  }

  /**
   * Why {@link URI} found no host: the authority (after any user info, which may hold a password
   * and is never repeated) has a port that is no number, or a host name that is not valid.
   */
  private static String noHost(String authority) {
    if (authority == null || authority.isEmpty()) {
      return "the URI names no host; write amqp://host[:port][/virtual-host]";
    }
    String hint =
        authority.indexOf('@') >= 0
            ? " (if the user name or password holds a reserved character, " + PERCENT_ENCODE + ")"
            : "";
    return noHostReason(authority) + hint;
  }

  private static String noHostReason(String authority) {
    String hostPort = authority.substring(authority.lastIndexOf('@') + 1);
    int colon = hostPort.lastIndexOf(':');
    if (colon >= 0 && !hostPort.endsWith("]")) {
      String port = hostPort.substring(colon + 1);
      if (!port.matches("[0-9]+")) {
        return "the port '" + port + "' is not a number; write a port from 1 to 65535";
      }
      hostPort = hostPort.substring(0, colon);
    }
    if (hostPort.isEmpty()) {
      return "the URI names no host; write amqp://host[:port][/virtual-host]";
    }
    return "'"
        + hostPort
        + "' is not a valid host name (letters, digits, '-' and '.', no '_' or spaces)";
  }

  private static String decode(String raw) {
    return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  /** {@code host:port}, for messages. */
  public String address() {
    return host + ":" + port;
  }

  @Override
  public String toString() {
    return (tls ? "amqps" : "amqp") + "://" + address() + " (virtual host '" + virtualHost + "')";
  }
}

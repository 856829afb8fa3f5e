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

  /**
   * Parses {@code text}.
   *
   * @throws IllegalArgumentException with a reason that never repeats the password
   */
  public static AmqpUri parse(String text) {
    URI uri;
    try {
      uri = new URI(text.trim());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a URI (" + e.getReason() + ")");
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
   * Why {@link URI} found no host: the authority (after any user info, which may hold a password
   * and is never repeated) has a port that is no number, or a host name that is not valid.
   */
  private static String noHost(String authority) {
    if (authority == null || authority.isEmpty()) {
      return "the URI names no host; write amqp://host[:port][/virtual-host]";
    }
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

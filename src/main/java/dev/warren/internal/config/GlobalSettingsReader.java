package dev.warren.internal.config;

import static dev.warren.internal.config.WarrenConfig.ADDRESSES;
import static dev.warren.internal.config.WarrenConfig.ASYNCAPI_ENABLED;
import static dev.warren.internal.config.WarrenConfig.ASYNCAPI_PAGE_PATH;
import static dev.warren.internal.config.WarrenConfig.ASYNCAPI_PATH;
import static dev.warren.internal.config.WarrenConfig.ASYNCAPI_TITLE;
import static dev.warren.internal.config.WarrenConfig.ASYNCAPI_VERSION;
import static dev.warren.internal.config.WarrenConfig.BROKER_CONSUMER_TIMEOUT;
import static dev.warren.internal.config.WarrenConfig.CONNECTIONS;
import static dev.warren.internal.config.WarrenConfig.CONNECTION_NAME;
import static dev.warren.internal.config.WarrenConfig.DECLARE_TOPOLOGY;
import static dev.warren.internal.config.WarrenConfig.DEFAULT_ASYNCAPI_PAGE_PATH;
import static dev.warren.internal.config.WarrenConfig.DEFAULT_ASYNCAPI_PATH;
import static dev.warren.internal.config.WarrenConfig.DEFAULT_ASYNCAPI_VERSION;
import static dev.warren.internal.config.WarrenConfig.DEFAULT_BROKER_CONSUMER_TIMEOUT;
import static dev.warren.internal.config.WarrenConfig.DEFAULT_RECOVERY_INTERVAL;
import static dev.warren.internal.config.WarrenConfig.DEFAULT_RETRY_COUNT_HEADER;
import static dev.warren.internal.config.WarrenConfig.DEFAULT_SHUTDOWN_TIMEOUT;
import static dev.warren.internal.config.WarrenConfig.DEFAULT_URI;
import static dev.warren.internal.config.WarrenConfig.INSTANCE_ID;
import static dev.warren.internal.config.WarrenConfig.MANAGED_THREAD_FACTORY;
import static dev.warren.internal.config.WarrenConfig.PASSWORD;
import static dev.warren.internal.config.WarrenConfig.RECOVERY_INTERVAL;
import static dev.warren.internal.config.WarrenConfig.RETRY_COUNT_HEADER;
import static dev.warren.internal.config.WarrenConfig.SHUTDOWN_TIMEOUT;
import static dev.warren.internal.config.WarrenConfig.URI;
import static dev.warren.internal.config.WarrenConfig.USERNAME;
import static dev.warren.internal.config.WarrenConfig.VIRTUAL_HOST;
import static dev.warren.internal.config.WarrenConfig.positive;

import com.rabbitmq.client.Address;
import dev.warren.internal.logging.StartupMessages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the application-wide settings: the connection, the global switches, the publisher's (by
 * {@link PublisherSettingsReader}) and the AsyncAPI document's. Deployment-time only.
 */
final class GlobalSettingsReader {

  private GlobalSettingsReader() {}

  /** Reads the application-wide settings. */
  static GlobalSettings read(ConfigReader config, String defaultConnectionName) {
    ConnectionSettings connection = connection(config, defaultConnectionName);
    boolean declare = config.read(DECLARE_TOPOLOGY, false, WarrenConfig::parseBoolean);
    Duration shutdown = config.read(SHUTDOWN_TIMEOUT, DEFAULT_SHUTDOWN_TIMEOUT, Durations::parse);
    String header =
        config.read(RETRY_COUNT_HEADER, DEFAULT_RETRY_COUNT_HEADER, WarrenConfig::nonBlank);
    String threads = config.read(MANAGED_THREAD_FACTORY, null, WarrenConfig::nonBlank);
    Duration consumerTimeout =
        config.read(
            BROKER_CONSUMER_TIMEOUT,
            DEFAULT_BROKER_CONSUMER_TIMEOUT,
            text -> positive(Durations.parse(text)));
    return new GlobalSettings(
        connection,
        declare,
        shutdown,
        header,
        PublisherSettingsReader.read(config),
        threads,
        consumerTimeout,
        config.read(INSTANCE_ID, defaultInstanceId(), WarrenConfig::nonBlank));
  }

  /** The host (where the environment names it) and the process: unique among running instances. */
  private static String defaultInstanceId() {
    String host = System.getenv("HOSTNAME");
    return (host == null || host.isBlank() ? "" : host + "/") + ProcessHandle.current().pid();
  }

  /**
   * Reads the AsyncAPI settings.
   *
   * @param defaultTitle the document's title when {@link WarrenConfig#ASYNCAPI_TITLE} is not set
   */
  static AsyncApiSettings asyncApi(ConfigReader config, String defaultTitle) {
    String title = config.read(ASYNCAPI_TITLE, defaultTitle, WarrenConfig::nonBlank);
    String version =
        config.read(ASYNCAPI_VERSION, DEFAULT_ASYNCAPI_VERSION, WarrenConfig::nonBlank);
    boolean enabled = config.read(ASYNCAPI_ENABLED, true, WarrenConfig::parseBoolean);
    String path =
        config.read(ASYNCAPI_PATH, DEFAULT_ASYNCAPI_PATH, GlobalSettingsReader::parsePath);
    String pagePath =
        config.read(
            ASYNCAPI_PAGE_PATH, DEFAULT_ASYNCAPI_PAGE_PATH, GlobalSettingsReader::parsePath);
    if (pagePath.equals(path)) {
      config.problem(
          StartupMessages.invalidConfig(
              ASYNCAPI_PAGE_PATH, pagePath, "must differ from '" + ASYNCAPI_PATH + "'"));
    }
    return new AsyncApiSettings(title, version, enabled, path, pagePath);
  }

  private static ConnectionSettings connection(ConfigReader config, String defaultConnectionName) {
    AmqpUri uri = config.read(URI, AmqpUri.parse(DEFAULT_URI), AmqpUri::parse);
    List<Address> addresses =
        config.read(
            ADDRESSES,
            List.of(new Address(uri.host(), uri.port())),
            text -> parseAddresses(text, uri.port()));
    String user = config.read(USERNAME, uri.username() == null ? "guest" : uri.username(), s -> s);
    String password = config.raw(PASSWORD).orElse(uri.password());
    String vhost = config.read(VIRTUAL_HOST, uri.virtualHost(), s -> s);
    String name = config.read(CONNECTION_NAME, defaultConnectionName, s -> s);
    Duration recovery =
        config.read(
            RECOVERY_INTERVAL, DEFAULT_RECOVERY_INTERVAL, text -> positive(Durations.parse(text)));
    ConnectionLayout layout =
        config.read(CONNECTIONS, ConnectionLayout.BY_ROLE, WarrenConfig::parseConnections);
    return new ConnectionSettings(
        addresses,
        uri.tls(),
        user,
        password == null ? "guest" : password,
        vhost,
        name,
        recovery,
        layout);
  }

  private static List<Address> parseAddresses(String text, int defaultPort) {
    List<Address> result = new ArrayList<>();
    for (String part : text.split(",")) {
      String trimmed = part.trim();
      if (trimmed.isEmpty()) {
        continue;
      }
      int colon = trimmed.lastIndexOf(':');
      if (colon < 0) {
        result.add(new Address(trimmed, defaultPort));
      } else {
        result.add(
            new Address(trimmed.substring(0, colon), parsePort(trimmed.substring(colon + 1))));
      }
    }
    if (result.isEmpty()) {
      throw new IllegalArgumentException("expected host:port[,host:port...]");
    }
    return List.copyOf(result);
  }

  private static int parsePort(String text) {
    int port = WarrenConfig.parseInt(text);
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("a port must be between 1 and 65535");
    }
    return port;
  }

  /** Parses an exact servlet path: {@code /} and more, no wildcard, no space, no query. */
  static String parsePath(String text) {
    String path = text.trim();
    if (!path.startsWith("/") || path.length() < 2) {
      throw new IllegalArgumentException(
          "expected a path starting with '/', e.g. /warren/asyncapi.json");
    }
    for (char c : path.toCharArray()) {
      if (c == '*' || c == '?' || c == '#' || Character.isWhitespace(c)) {
        throw new IllegalArgumentException(
            "expected an exact path without '*', '?', '#' or spaces");
      }
    }
    return path;
  }
}

package dev.warren.internal.config;

import com.rabbitmq.client.Address;
import com.rabbitmq.client.ConnectionFactory;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import javax.net.ssl.SSLContext;

/**
 * How to reach the broker. {@link #toString()} never shows the password.
 *
 * @param addresses one or more broker addresses
 * @param tls whether to use TLS
 * @param username the user
 * @param password the password (never printed)
 * @param virtualHost the virtual host
 * @param connectionName the client-provided connection name, the start of each connection's name
 * @param recoveryInterval how long the client waits between attempts to recover a lost connection
 *     (the first attempt is immediate)
 * @param layout which connections there are: by role, one shared, or one per consumer
 */
public record ConnectionSettings(
    List<Address> addresses,
    boolean tls,
    String username,
    String password,
    String virtualHost,
    String connectionName,
    Duration recoveryInterval,
    ConnectionLayout layout) {

  /** Whether consumers, publishing and requests share one connection. */
  public boolean shared() {
    return layout == ConnectionLayout.SHARED;
  }

  /** Whether each consumer has a connection of its own. */
  public boolean perConsumer() {
    return layout == ConnectionLayout.PER_CONSUMER;
  }

  /** The name of the consumers' connection: {@code <connection-name>-consumers}, unless shared. */
  public String consumersName() {
    return shared() ? connectionName : connectionName + "-consumers";
  }

  /**
   * The name of one consumer's own connection (per-consumer layout): {@code
   * <connection-name>-consumer-<consumer>}.
   */
  public String consumerName(String consumer) {
    return connectionName + "-consumer-" + consumer;
  }

  /**
   * The name of the connection for publishing and requests: {@code <connection-name>-publisher},
   * unless shared.
   */
  public String publisherName() {
    return shared() ? connectionName : connectionName + "-publisher";
  }

  /** A connection factory with these settings and automatic recovery on. */
  public ConnectionFactory factory() {
    return configure(new ConnectionFactory());
  }

  /** Gives {@code factory} these settings and automatic recovery. */
  public <F extends ConnectionFactory> F configure(F factory) {
    factory.setUsername(username);
    factory.setPassword(password);
    factory.setVirtualHost(virtualHost);
    factory.setAutomaticRecoveryEnabled(true);
    factory.setTopologyRecoveryEnabled(true);
    // the first attempt at once (a cut connection to a live broker is back within milliseconds),
    // then every interval; the client's default waits 5 s before each attempt
    long intervalMillis = recoveryInterval.toMillis();
    factory.setRecoveryDelayHandler(attempts -> attempts == 0 ? 0 : intervalMillis);
    if (tls) {
      // the JVM's trust store and hostname verification: never trust every certificate
      try {
        factory.useSslProtocol(SSLContext.getDefault());
      } catch (GeneralSecurityException e) {
        throw new IllegalStateException("TLS is not available in this JVM", e);
      }
      factory.enableHostnameVerification();
    }
    return factory;
  }

  /** Where the broker is, for messages: {@code 'host:port' (virtual host '/')}. */
  public String where() {
    return addresses.stream()
            .map(a -> a.getHost() + ":" + a.getPort())
            .collect(Collectors.joining(", ", "'", "'"))
        + " (virtual host '"
        + virtualHost
        + "')";
  }

  @Override
  public String toString() {
    return where() + " as '" + username + "'";
  }
}

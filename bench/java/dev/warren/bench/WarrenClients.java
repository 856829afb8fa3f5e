package dev.warren.bench;

import com.rabbitmq.client.Connection;
import dev.warren.Publisher;
import dev.warren.Requester;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Warren's side of the publish and request/reply runs: an application bean with the injected {@link
 * Publisher} and {@link Requester}. It also injects Warren's connection, so that the connection is
 * open before the clock starts, as the raw side's is.
 */
@ApplicationScoped
public class WarrenClients {

  @Inject Publisher publisher;

  @Inject Requester requester;

  @Inject Connection connection;

  /** The publisher, once Warren's connection is open. */
  public Publisher publisher() {
    requireOpen();
    return publisher;
  }

  /** The requester, once Warren's connection is open. */
  public Requester requester() {
    requireOpen();
    return requester;
  }

  /** Warren's connection. */
  public Connection connection() {
    return connection;
  }

  private void requireOpen() {
    if (!connection.isOpen()) {
      throw new IllegalStateException("Warren's connection is not open");
    }
  }
}

package dev.warren.bench;

import com.rabbitmq.client.Connection;
import dev.warren.Publisher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Warren's side of the publish run: an application bean with the injected {@link Publisher}. It
 * also injects Warren's connection, so that the connection is open before the clock starts, as the
 * raw side's is.
 */
@ApplicationScoped
public class PublishingBean {

  @Inject Publisher publisher;

  @Inject Connection connection;

  /** The publisher, once Warren's connection is open. */
  public Publisher publisher() {
    if (!connection.isOpen()) {
      throw new IllegalStateException("Warren's connection is not open");
    }
    return publisher;
  }

  /** Warren's connection. */
  public Connection connection() {
    return connection;
  }
}

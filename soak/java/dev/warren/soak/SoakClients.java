package dev.warren.soak;

import com.rabbitmq.client.Connection;
import dev.warren.Publisher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The application bean that holds Warren's {@link Publisher} and its publishing connection. */
@ApplicationScoped
public class SoakClients {

  @Inject Publisher publisher;

  @Inject Connection connection;

  public Publisher publisher() {
    return publisher;
  }

  public Connection connection() {
    return connection;
  }
}

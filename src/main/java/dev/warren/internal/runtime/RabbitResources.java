package dev.warren.internal.runtime;

import com.rabbitmq.client.AlreadyClosedException;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.warren.AsyncApiDocument;
import dev.warren.Publisher;
import dev.warren.Requester;
import dev.warren.internal.asyncapi.AsyncApi;
import dev.warren.internal.extension.WarrenExtension;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeoutException;

/**
 * Makes the raw client injectable: {@code @Inject Connection} is Warren's shared connection (do not
 * close it: Warren does at shutdown), {@code @Inject Channel} a dedicated channel closed when the
 * injecting bean is destroyed; also the application's {@code Publisher}, {@code Requester} and
 * {@code AsyncApiDocument} (one per application, built on first use). Added to every deployment by
 * the extension.
 */
public class RabbitResources {

  @Inject WarrenExtension extension;

  @Produces
  Connection connection() {
    try {
      return extension.runtime().connection();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (TimeoutException e) {
      throw new IllegalStateException(e);
    }
  }

  @Produces
  Publisher publisher() {
    return extension.runtime().publisher();
  }

  @Produces
  Requester requester() {
    return extension.runtime().requester();
  }

  @Produces
  @ApplicationScoped
  AsyncApiDocument asyncApi() {
    return new AsyncApi(extension.deployment(), extension.runtime().codec());
  }

  @Produces
  Channel channel() {
    try {
      return connection().createChannel();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  void close(@Disposes Channel channel) throws IOException, TimeoutException {
    if (channel.isOpen()) {
      try {
        channel.close();
      } catch (AlreadyClosedException e) {
        // closed meanwhile (by the broker or with the connection): nothing left to do
      }
    }
  }
}

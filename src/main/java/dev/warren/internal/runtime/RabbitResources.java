package dev.warren.internal.runtime;

import com.rabbitmq.client.AlreadyClosedException;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.warren.AsyncApiDocument;
import dev.warren.DeadLetters;
import dev.warren.Outbox;
import dev.warren.Publisher;
import dev.warren.Requester;
import dev.warren.Warren;
import dev.warren.internal.asyncapi.AsyncApi;
import dev.warren.internal.deadletter.RabbitDeadLetters;
import dev.warren.internal.logging.OutboxMessages;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeoutException;

/**
 * Makes the raw client injectable: {@code @Inject @Warren Connection} is Warren's connection for
 * publishing and requests (do not close it: Warren does at shutdown), {@code @Inject @Warren
 * Channel} a dedicated channel closed when the injecting bean is destroyed; also the application's
 * {@code Publisher}, {@code Requester}, {@code DeadLetters} and {@code AsyncApiDocument} (one per
 * application, built on first use). Added to every deployment by the extension, which also adds the
 * unqualified {@code Connection} and {@code Channel} when the application has none of its own, made
 * by {@link #connection(WarrenRuntime)} and {@link #channel(WarrenRuntime)}.
 */
public class RabbitResources {

  @Inject Deployed deployed;

  @Produces
  @Warren
  Connection connection() {
    return connection(deployed.runtime());
  }

  @Produces
  Publisher publisher() {
    return deployed.runtime().publisher();
  }

  /** {@code @Outbox Publisher}; deployment fails when an injection point uses it unprepared. */
  @Produces
  @Outbox
  Publisher outboxPublisher() {
    dev.warren.internal.outbox.Outbox outbox = deployed.outbox();
    if (outbox == null) {
      throw new IllegalStateException(OutboxMessages.noDataSource("a programmatic lookup"));
    }
    return outbox.publisher();
  }

  @Produces
  Requester requester() {
    return deployed.runtime().requester();
  }

  /** Each call opens a connection of its own, so one instance serves every caller. */
  @Produces
  @ApplicationScoped
  DeadLetters deadLetters() {
    WarrenRuntime runtime = deployed.runtime();
    return new RabbitDeadLetters(
        runtime.connectionFactory(),
        deployed.deployment().global().connection().addresses(),
        deployed.deployment().consumers(),
        deployed.deployment().global().retryCountHeader());
  }

  @Produces
  @ApplicationScoped
  AsyncApiDocument asyncApi() {
    return new AsyncApi(deployed.deployment(), deployed.runtime().codec());
  }

  @Produces
  @Warren
  Channel channel() {
    return channel(deployed.runtime());
  }

  void dispose(@Disposes @Warren Channel channel) {
    closeChannel(channel);
  }

  /** Warren's connection for publishing and requests, opened on first use. */
  public static Connection connection(WarrenRuntime runtime) {
    try {
      return runtime.connection();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (TimeoutException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A new channel on Warren's connection for publishing and requests. */
  public static Channel channel(WarrenRuntime runtime) {
    try {
      return connection(runtime).createChannel();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Closes an injected channel when its bean is destroyed; runs on the thread that destroys it. A
   * channel the broker already closed (a 404 or 406 from the application's own call) is aborted:
   * the client's recovering connection keeps every channel until {@code close()} or {@code abort()}
   * is called on it and would open it again, unused, at each recovery.
   */
  public static void closeChannel(Channel channel) {
    if (!channel.isOpen()) {
      abortQuietly(channel);
      return;
    }
    try {
      channel.close();
    } catch (AlreadyClosedException e) {
      // closed meanwhile (by the broker or with the connection): the client let go of it
    } catch (IOException | TimeoutException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void abortQuietly(Channel channel) {
    try {
      channel.abort();
    } catch (IOException | RuntimeException e) {
      // already closed: all that matters is that the connection no longer recovers it
    }
  }
}

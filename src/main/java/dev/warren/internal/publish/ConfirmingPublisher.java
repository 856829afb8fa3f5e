package dev.warren.internal.publish;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Connection;
import dev.warren.OutgoingMessage;
import dev.warren.PublishException;
import dev.warren.PublishException.Reason;
import dev.warren.Publisher;
import dev.warren.internal.codec.PayloadEncoder;
import dev.warren.internal.config.PublisherSettings;
import dev.warren.internal.logging.PublishingMessages;
import dev.warren.internal.telemetry.SendKind;
import dev.warren.internal.telemetry.Sending;
import dev.warren.internal.telemetry.Telemetry;
import dev.warren.spi.Codec;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * The application's {@link Publisher}: encodes the payload and publishes on one channel in confirm
 * mode through a {@link ConfirmTracker}. When that channel closes (a channel error such as a
 * missing exchange, or a lost connection) the next publish opens a new one. Created on first use,
 * closed at shutdown after its outstanding confirms.
 *
 * <p>Which thread runs each step of a publish's life:
 *
 * <ol>
 *   <li>{@link #publish}: the caller's thread (the application's, a handler's worker, or a
 *       completion thread when a callback publishes). It encodes the payload, checks the exchange
 *       the first time one is used and opens the channel when there is none (both wait for the
 *       broker's answer, once), then hands the message to the tracker: an application thread waits
 *       there while {@code max-in-flight} of its messages have not completed; a thread that {@link
 *       MustNotBlock} never waits, its message queued if the window is full.
 *   <li>A queued message, or a nacked one republished: sent on {@code internal} ({@code
 *       warren-internal}).
 *   <li>The broker's ack, nack or return, or the channel's close: the connection's I/O thread,
 *       which settles the message and frees its window place (no callback runs there).
 *   <li>The confirm timeout: Warren's timer ({@code warren-timer}), every tenth of the timeout.
 *   <li>The returned stage completes, and the application's callbacks run, on {@code completions}
 *       ({@code warren-confirms}, two threads shared with the requester). A callback may publish or
 *       request (never waits for a window) but must not block waiting for another of Warren's
 *       stages ({@code join()}, {@code get()}): that stage completes on these same threads.
 * </ol>
 */
public final class ConfirmingPublisher implements Publisher {

  private static final int CHANNEL_ATTEMPTS = 3;

  private final ConnectionSource connection;
  private final PublisherSettings settings;
  private final Codec codec;
  private final Executor internal;
  private final Executor completions;
  private final Executor brokerCalls;
  private final ExchangeCheck exchanges;
  private final Telemetry telemetry;
  // written under this publisher's monitor, which is held across opening a channel; read without
  // it by the confirm sweep (Warren's timer) and health checks, which never wait on the network
  private volatile ConfirmTracker tracker;

  /**
   * @param connection opens (or returns) the application's connection
   * @param settings confirm timeout, window and nack republishes
   * @param codec encodes payloads that are not bytes or text; {@code null} when none is available
   * @param internal where Warren's own work runs (republishing nacked messages)
   * @param completions where publish stages complete, and so the callers' callbacks run
   * @param brokerCalls where a publish from a thread that {@link MustNotBlock} waits for the broker
   *     when it has to (the exchange's first check, opening the channel)
   * @param telemetry reports each publish: a span until its confirm, and metrics
   */
  public ConfirmingPublisher(
      ConnectionSource connection,
      PublisherSettings settings,
      Codec codec,
      Executor internal,
      Executor completions,
      Executor brokerCalls,
      Telemetry telemetry) {
    this.connection = connection;
    this.settings = settings;
    this.codec = codec;
    this.internal = internal;
    this.completions = completions;
    this.brokerCalls = brokerCalls;
    this.exchanges = new ExchangeCheck(connection);
    this.telemetry = telemetry;
  }

  @Override
  public CompletionStage<Void> publish(String exchange, String routingKey, Object payload) {
    Objects.requireNonNull(exchange, "exchange");
    Objects.requireNonNull(routingKey, "routingKey");
    Objects.requireNonNull(
        payload, () -> PublishingMessages.messageWithoutPayload(exchange, routingKey));
    // OutgoingMessage.to(exchange, routingKey).payload(payload).build(), without making it
    return publish(exchange, routingKey, payload, null);
  }

  @Override
  public CompletionStage<Void> publish(OutgoingMessage message) {
    Objects.requireNonNull(message, "message");
    return publish(message.exchange(), message.routingKey(), message.payload(), message);
  }

  /**
   * @param message what else the message sets, {@code null} for nothing: persistent and mandatory
   */
  private CompletionStage<Void> publish(
      String exchange, String routingKey, Object payload, OutgoingMessage message) {
    Sending sending = telemetry.sending(SendKind.PUBLISH, exchange, routingKey);
    CompletionStage<Void> published = send(exchange, routingKey, payload, message, sending);
    return sending.recording() ? Sending.endingWith(published, sending) : published;
  }

  private CompletionStage<Void> send(
      String exchange,
      String routingKey,
      Object payload,
      OutgoingMessage message,
      Sending sending) {
    AMQP.BasicProperties properties =
        message == null || setsOnlyPersistence(message)
            ? PayloadEncoder.plain(payload, message == null || message.persistent())
            : null;
    byte[] body;
    try {
      if (properties != null) {
        body = PayloadEncoder.plainBody(payload); // most messages: properties made once
      } else {
        AMQP.BasicProperties.Builder built = new AMQP.BasicProperties.Builder();
        body = PayloadEncoder.encode(payload, codec, built);
        properties = describe(message, built);
      }
    } catch (Exception e) {
      return notSent(exchange, routingKey, "the payload could not be encoded (" + e + ")", e);
    }
    properties = sending.carry(properties);
    boolean mandatory = message == null || message.mandatory();
    ConfirmTracker current = tracker;
    if ((current == null || !current.isOpen() || !exchanges.known(exchange))
        && MustNotBlock.here()) {
      // a callback on a completion thread (or Warren's own thread) never waits for the broker:
      // the exchange's check or the channel's opening runs on brokerCalls, the stage after it
      AMQP.BasicProperties described = properties;
      try {
        return CompletableFuture.supplyAsync(
                () -> sendEncoded(exchange, routingKey, mandatory, described, body), brokerCalls)
            .thenCompose(sent -> sent);
      } catch (RejectedExecutionException e) {
        return notSent(exchange, routingKey, "Warren is shutting down", e);
      }
    }
    return sendEncoded(exchange, routingKey, mandatory, properties, body);
  }

  /** Sends an encoded message: checks its exchange once, then publishes on the current channel. */
  private CompletionStage<Void> sendEncoded(
      String exchange,
      String routingKey,
      boolean mandatory,
      AMQP.BasicProperties properties,
      byte[] body) {
    try {
      if (exchanges.missing(exchange)) {
        return notSent(
            exchange,
            routingKey,
            "exchange '"
                + exchange
                + "' does not exist; declare it (or fix the name). Only this message failed:"
                + " Warren checks an exchange before its first message goes to it",
            null);
      }
      for (int attempt = 0; attempt < CHANNEL_ATTEMPTS; attempt++) {
        CompletableFuture<Void> confirmation =
            tracker().publish(exchange, routingKey, mandatory, properties, body);
        if (confirmation != null) {
          return confirmation;
        }
      }
      return notSent(exchange, routingKey, "every channel opened for it closed at once", null);
    } catch (IOException | TimeoutException | RuntimeException e) {
      return notSent(exchange, routingKey, "no channel could be opened (" + e + ")", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return notSent(exchange, routingKey, "interrupted while waiting for unconfirmed messages", e);
    }
  }

  /**
   * Whether {@code message} sets nothing but its payload, persistence and mandatory flag: then its
   * properties are {@link PayloadEncoder#plain}'s. Every other attribute of {@link OutgoingMessage}
   * is checked here ({@code ConfirmingPublisherPlainTest} fails when one is added and not here).
   */
  static boolean setsOnlyPersistence(OutgoingMessage message) {
    return message.headers().isEmpty()
        && message.expiration() == null
        && message.priority() == null
        && message.contentType() == null
        && message.contentEncoding() == null
        && message.messageId() == null
        && message.correlationId() == null
        && message.replyTo() == null
        && message.timestamp() == null
        && message.type() == null
        && message.appId() == null;
  }

  /** The properties of {@code message}, whose payload {@link PayloadEncoder#encode} wrote. */
  private static AMQP.BasicProperties describe(
      OutgoingMessage message, AMQP.BasicProperties.Builder properties) {
    properties
        .deliveryMode(message == null || message.persistent() ? 2 : 1)
        .headers(message == null || message.headers().isEmpty() ? null : message.headers());
    if (message != null) {
      properties
          .expiration(
              message.expiration() == null ? null : Long.toString(message.expiration().toMillis()))
          .priority(message.priority())
          .messageId(message.messageId())
          .correlationId(message.correlationId())
          .replyTo(message.replyTo());
      PayloadEncoder.describe(message, properties);
    }
    return properties.build();
  }

  private static CompletionStage<Void> notSent(
      String exchange, String routingKey, String why, Throwable cause) {
    return CompletableFuture.failedFuture(
        new PublishException(
            Reason.NOT_SENT,
            exchange,
            routingKey,
            PublishingMessages.notSent(exchange, routingKey, why),
            cause));
  }

  /** The current tracker, on a new channel when the last one closed. */
  private synchronized ConfirmTracker tracker() throws IOException, TimeoutException {
    if (tracker == null || !tracker.isOpen()) {
      if (tracker != null) {
        exchanges.forget(); // an exchange may have been deleted since it was checked
        // a dead channel may still be recovered by the client after a connection loss: let go of
        // it for good, so that it neither lingers nor competes with the new one
        try {
          tracker.channel().abort();
        } catch (IOException | RuntimeException e) {
          // already gone
        }
      }
      tracker =
          new ConfirmTracker(
              connection.get().createChannel(),
              settings.maxInFlight(),
              settings.confirmTimeout(),
              settings.nackRepublishes(),
              internal,
              completions);
    }
    return tracker;
  }

  /** Fails messages unconfirmed past the confirm timeout; called periodically. */
  public void expire() {
    ConfirmTracker current = currentTracker();
    if (current != null) {
      current.expire();
    }
  }

  /** Where the publisher gets its connection: the application's, opened on first use. */
  @FunctionalInterface
  public interface ConnectionSource {
    /** The open connection. */
    Connection get() throws IOException, TimeoutException;
  }

  /** Waits for outstanding confirms until the deadline (shutdown). */
  public void awaitConfirms(long deadlineNanos) throws InterruptedException {
    ConfirmTracker current = currentTracker();
    if (current != null) {
      current.awaitConfirms(deadlineNanos);
    }
  }

  /** How many messages are sent and not yet confirmed, on the current channel. */
  public int unconfirmed() {
    ConfirmTracker current = currentTracker();
    return current == null ? 0 : current.unconfirmed();
  }

  private ConfirmTracker currentTracker() {
    return tracker;
  }
}

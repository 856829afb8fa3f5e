package dev.warren.internal.reply;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import dev.warren.OutgoingMessage;
import dev.warren.RequestException;
import dev.warren.RequestException.Reason;
import dev.warren.Requester;
import dev.warren.internal.codec.PayloadDecoder;
import dev.warren.internal.codec.PayloadEncoder;
import dev.warren.internal.logging.ReplyMessages;
import dev.warren.internal.publish.ConfirmingPublisher.ConnectionSource;
import dev.warren.internal.publish.ExchangeCheck;
import dev.warren.internal.publish.MustNotBlock;
import dev.warren.internal.telemetry.SendKind;
import dev.warren.internal.telemetry.Sending;
import dev.warren.internal.telemetry.Telemetry;
import dev.warren.spi.Codec;
import jakarta.enterprise.util.TypeLiteral;
import java.io.IOException;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The application's {@link Requester}, over direct reply-to (SPEC section 8). One request channel
 * at a time: on opening it, a no-ack consumer on {@value #REPLY_TO} starts before any request is
 * published on it; requests go out on that same channel (the broker requires it) with {@code
 * reply_to} and a unique {@code correlation_id}, and replies are matched to waiting requests by
 * that id. Replies are never acknowledged: a no-ack consumer's deliveries need no settlement (an
 * ack would close the channel with 406 "unknown delivery tag").
 *
 * <p>When the channel closes (connection lost, a channel error such as a request to a missing
 * exchange, shutdown), every request waiting on it fails at once; the next request opens a new
 * channel, and the old one is aborted so that the client's recovery does not bring it back.
 *
 * <p>Lifecycle: created on first use by the runtime, closed at shutdown. Replies arrive where the
 * channel's connection runs its consumer callbacks (the runtime has them run on the connection's
 * I/O thread: the reply consumer only hands each reply on, as the return listener does there) and
 * are decoded and completed on {@code completions}, in one task: the stage waits for that executor
 * either way, and one hop less is one thread wake-up less per round trip. Timeouts run on {@code
 * timer}, one task per distinct timeout rather than per request ({@link Deadlines}).
 *
 * <p>The parts: {@link RequestChannel} holds the channel and its reply consumer, {@link
 * WaitingRequests} the requests waiting on it with their timeouts, {@link PendingRequest} one
 * request until its stage completes; this class encodes a request, chooses the thread that may wait
 * for the broker, keeps the current request channel and sends.
 *
 * <p>Which thread runs each step of a request's life:
 *
 * <ol>
 *   <li>{@link #request}: the caller's thread (the application's, a handler's worker, or a
 *       completion thread when a callback requests). It encodes the payload, checks the exchange
 *       the first time one is used and opens the request channel when there is none (both wait for
 *       the broker's answer, once), registers the request and its timeout and publishes it. There
 *       is no window: it never waits for other requests.
 *   <li>The reply, or the broker's return of an unroutable request: the connection's I/O thread,
 *       which only takes the request out of the waiting ones and hands it to {@code completions}.
 *   <li>The timeout: Warren's timer ({@code warren-timer}), which fails the request the same way.
 *   <li>The channel's close: the client's shutdown listener, which fails every waiting request.
 *   <li>The reply is decoded (whatever the decoder throws, an {@code Error} too, fails the stage as
 *       {@code UNDECODABLE_REPLY}), the stage completes and the application's callbacks run, on
 *       {@code completions} ({@code warren-confirms}, two threads shared with the publisher). A
 *       callback may request or publish (neither waits for a window there) but must not block
 *       waiting for another of Warren's stages: that stage completes on these same threads.
 * </ol>
 */
public final class DirectReplyRequester implements Requester {

  /** The direct reply-to pseudo-queue. */
  public static final String REPLY_TO = "amq.rabbitmq.reply-to";

  private static final int CHANNEL_ATTEMPTS = 3;

  private final ChannelSource channels;
  private final Codec codec;
  private final Executor completions;
  private final Executor brokerCalls;
  private final ScheduledExecutorService timer;
  private final ExchangeCheck exchanges;
  private final Telemetry telemetry;
  // unique across requesters and restarts, so that a reply can never match another's request
  private final String idPrefix = randomPrefix();
  private final AtomicLong ids = new AtomicLong();
  private final Map<Type, PayloadDecoder> decoders = new ConcurrentHashMap<>();
  private volatile RequestChannel current; // written under this requester's monitor
  private boolean closed;

  /**
   * @param connection opens (or returns) the application's connection, where exchanges are checked
   * @param channels opens a request channel on that connection
   * @param codec encodes payloads and decodes replies that are neither bytes nor text; {@code null}
   *     when none is available
   * @param completions where replies are decoded and request stages complete, and so where the
   *     callers' callbacks run
   * @param brokerCalls where a request from a thread that {@link MustNotBlock} waits for the broker
   *     when it has to (the exchange's first check, opening the request channel)
   * @param timer runs the timeouts
   * @param telemetry reports each request: a span until its reply, and metrics
   */
  public DirectReplyRequester(
      ConnectionSource connection,
      ChannelSource channels,
      Codec codec,
      Executor completions,
      Executor brokerCalls,
      ScheduledExecutorService timer,
      Telemetry telemetry) {
    this.channels = channels;
    this.codec = codec;
    this.completions = completions;
    this.brokerCalls = brokerCalls;
    this.timer = timer;
    this.exchanges = new ExchangeCheck(connection);
    this.telemetry = telemetry;
  }

  @Override
  public <R> CompletionStage<R> request(
      String exchange, String routingKey, Object payload, Class<R> replyType, Duration timeout) {
    return payloadOnly(
        exchange, routingKey, payload, Objects.requireNonNull(replyType, "replyType"), timeout);
  }

  @Override
  public <R> CompletionStage<R> request(
      String exchange,
      String routingKey,
      Object payload,
      TypeLiteral<R> replyType,
      Duration timeout) {
    return payloadOnly(
        exchange,
        routingKey,
        payload,
        Objects.requireNonNull(replyType, "replyType").getType(),
        timeout);
  }

  /** Most requests: no OutgoingMessage is made for them, and no properties builder. */
  private <R> CompletionStage<R> payloadOnly(
      String exchange, String routingKey, Object payload, Type replyType, Duration timeout) {
    return start(
        Objects.requireNonNull(exchange, "exchange"),
        Objects.requireNonNull(routingKey, "routingKey"),
        Objects.requireNonNull(payload, "payload"),
        null,
        replyType,
        timeout);
  }

  @Override
  public <R> CompletionStage<R> request(OutgoingMessage request, Type replyType, Duration timeout) {
    Objects.requireNonNull(request, "request");
    if (request.replyTo() != null
        || request.correlationId() != null
        || request.expiration() != null) {
      throw new IllegalArgumentException(
          "a request's reply-to, correlation id and expiration are Warren's (direct reply-to,"
              + " a unique id, the timeout): leave them unset");
    }
    return start(
        request.exchange(),
        request.routingKey(),
        request.payload(),
        request,
        Objects.requireNonNull(replyType, "replyType"),
        timeout);
  }

  /**
   * @param message what the request sets beyond its payload; {@code null} when nothing
   */
  private <R> CompletionStage<R> start(
      String exchange,
      String routingKey,
      Object payload,
      OutgoingMessage message,
      Type replyType,
      Duration timeout) {
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isZero() || timeout.isNegative()) {
      throw new IllegalArgumentException("timeout must be longer than zero: " + timeout);
    }
    Sending sending = telemetry.sending(SendKind.REQUEST, exchange, routingKey);
    CompletionStage<R> replied =
        send(exchange, routingKey, payload, message, replyType, timeout, sending);
    return sending.recording() ? Sending.endingWith(replied, sending) : replied;
  }

  private <R> CompletionStage<R> send(
      String exchange,
      String routingKey,
      Object payload,
      OutgoingMessage message,
      Type replyType,
      Duration timeout,
      Sending sending) {
    // what the request carries but its correlation id, which each attempt sets
    AMQP.BasicProperties described = message == null ? PayloadEncoder.plain(payload, false) : null;
    byte[] body;
    try {
      if (described != null) {
        body = PayloadEncoder.plainBody(payload); // bytes or text and nothing else: made once
      } else {
        AMQP.BasicProperties.Builder properties = new AMQP.BasicProperties.Builder();
        body = PayloadEncoder.encode(payload, codec, properties);
        if (message != null) {
          PayloadEncoder.describe(message, properties);
          properties
              .headers(message.headers().isEmpty() ? null : message.headers())
              .priority(message.priority())
              .messageId(message.messageId());
        }
        described = properties.build();
      }
    } catch (Exception e) {
      return notSent(exchange, routingKey, "the payload could not be encoded (" + e + ")", e);
    }
    long millis = timeout.toMillis();
    // a request still queued when its requester gave up is not worth answering
    String expiration = millis >= 1 && millis <= Integer.MAX_VALUE ? Long.toString(millis) : null;
    if (PayloadDecoder.needsCodec(replyType) && codec == null) {
      return notSent(
          exchange,
          routingKey,
          "no codec to decode a reply into '"
              + replyType.getTypeName()
              + "': add a JSON-B implementation or a dev.warren.spi.Codec bean",
          null);
    }
    PayloadDecoder decoder = decoders.get(replyType); // no capturing lambda when it is known
    if (decoder == null) {
      decoder = decoders.computeIfAbsent(replyType, t -> PayloadDecoder.of(t, codec));
    }
    if (!(ready() && exchanges.known(exchange)) && MustNotBlock.here()) {
      // a reply's callback (or Warren's own thread) never waits for the broker: the exchange's
      // check or the request channel's opening runs on brokerCalls, the request after it
      AMQP.BasicProperties request = described;
      PayloadDecoder replies = decoder;
      try {
        return CompletableFuture.supplyAsync(
                () ->
                    this.<R>sendEncoded(
                        exchange,
                        routingKey,
                        request,
                        body,
                        replyType,
                        replies,
                        timeout,
                        expiration,
                        sending),
                brokerCalls)
            .thenCompose(sent -> sent);
      } catch (RejectedExecutionException e) {
        return notSent(exchange, routingKey, "Warren is shutting down", e);
      }
    }
    return sendEncoded(
        exchange, routingKey, described, body, replyType, decoder, timeout, expiration, sending);
  }

  /** Whether the request channel is open, so that a request asks the broker nothing first. */
  private boolean ready() {
    RequestChannel current = this.current;
    return current != null && current.isOpen();
  }

  /** Sends an encoded request: checks its exchange once, then publishes on the request channel. */
  private <R> CompletionStage<R> sendEncoded(
      String exchange,
      String routingKey,
      AMQP.BasicProperties described,
      byte[] body,
      Type replyType,
      PayloadDecoder decoder,
      Duration timeout,
      String expiration,
      Sending sending) {
    try {
      if (exchanges.missing(exchange)) {
        return notSent(
            exchange,
            routingKey,
            "exchange '"
                + exchange
                + "' does not exist; declare it (or fix the name). Only this request failed:"
                + " Warren checks an exchange before its first request goes to it",
            null);
      }
    } catch (IOException | TimeoutException | RuntimeException e) {
      return notSent(exchange, routingKey, "no channel could be opened (" + e + ")", e);
    }
    PendingRequest<R> pending =
        new PendingRequest<R>(exchange, routingKey, replyType, decoder, timeout, completions);
    for (int attempt = 0; attempt < CHANNEL_ATTEMPTS; attempt++) {
      RequestChannel channel;
      try {
        channel = channel();
      } catch (IOException | TimeoutException | RuntimeException e) {
        return notSent(exchange, routingKey, "no request channel could be opened (" + e + ")", e);
      }
      String id = idPrefix + ids.incrementAndGet();
      AMQP.BasicProperties properties = withId(described, id, expiration);
      if (channel.send(id, pending, sending.carry(properties), body)) {
        return pending.future;
      }
    }
    return notSent(
        exchange, routingKey, "every request channel opened for it closed at once", null);
  }

  /** Closes the request channel: requests still waiting fail (shutdown). */
  public void close() {
    RequestChannel last;
    synchronized (this) {
      closed = true;
      last = current;
      current = null;
    }
    if (last != null) {
      last.close();
    }
  }

  /** The current request channel, a new one when the last one closed. */
  private synchronized RequestChannel channel() throws IOException, TimeoutException {
    if (closed) {
      throw new IllegalStateException("Warren has shut down; its requester is closed");
    }
    if (current == null || !current.isOpen()) {
      if (current != null) {
        exchanges.forget(); // an exchange may have been deleted since it was checked
        current.abort();
      }
      Channel channel = channels.open();
      if (channel == null) {
        throw new IOException("the connection has no free channel number");
      }
      current = new RequestChannel(channel, completions, timer);
    }
    return current;
  }

  /** {@code described} as the request with {@code id}: transient, and replied to directly. */
  private static AMQP.BasicProperties withId(
      AMQP.BasicProperties described, String id, String expiration) {
    return new AMQP.BasicProperties(
        described.getContentType(),
        described.getContentEncoding(),
        described.getHeaders(),
        1,
        described.getPriority(),
        id,
        REPLY_TO,
        expiration,
        described.getMessageId(),
        described.getTimestamp(),
        described.getType(),
        described.getUserId(),
        described.getAppId(),
        described.getClusterId());
  }

  /**
   * A random UUID in 22 characters rather than its 36: the id travels on every request and reply.
   */
  private static String randomPrefix() {
    UUID random = UUID.randomUUID();
    ByteBuffer bits = ByteBuffer.allocate(16);
    bits.putLong(random.getMostSignificantBits()).putLong(random.getLeastSignificantBits());
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bits.array()) + ".";
  }

  private static <R> CompletionStage<R> notSent(
      String exchange, String routingKey, String why, Throwable cause) {
    return CompletableFuture.failedFuture(
        new RequestException(
            Reason.NOT_SENT,
            exchange,
            routingKey,
            ReplyMessages.requestNotSent(exchange, routingKey, why),
            cause));
  }

  /** Where request channels come from. */
  @FunctionalInterface
  public interface ChannelSource {
    /**
     * A new channel on the application's connection.
     *
     * @return {@code null} when the connection has no free channel number
     */
    Channel open() throws IOException, TimeoutException;
  }
}

package dev.warren.test;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A message to deliver with {@link WarrenTestKit#deliver}: a payload (encoded as Warren's publisher
 * would: {@code byte[]} as it is, {@code String} as UTF-8, anything else by the application's
 * codec, JSON-B by default) or a raw body, headers, properties, the redelivered flag and the
 * attempt number.
 *
 * <pre>{@code
 * TestMessage.payload(new Order("o-1", 2)).header("tenant", "acme").attempt(3)
 * }</pre>
 */
public final class TestMessage {

  Object payload;
  byte[] body;
  final Map<String, Object> headers = new LinkedHashMap<>();
  boolean redelivered;
  int attempt = 1;
  String exchange = "";
  String routingKey;
  String messageId;
  String correlationId;
  String contentType;
  String contentEncoding;
  Instant timestamp;
  String appId;
  String type;
  String userId;
  String replyTo;
  Integer priority;
  Duration expiration;
  boolean persistent = true;

  private TestMessage() {}

  /** A message whose body is {@code payload}, encoded as Warren's publisher encodes it. */
  public static TestMessage payload(Object payload) {
    TestMessage message = new TestMessage();
    message.payload = Objects.requireNonNull(payload, "payload");
    return message;
  }

  /** A message with exactly this body (for example one a codec cannot decode). */
  public static TestMessage body(byte[] body) {
    TestMessage message = new TestMessage();
    message.body = Objects.requireNonNull(body, "body").clone();
    return message;
  }

  /** Adds a header (plain Java values: they reach the handler as a real delivery's would). */
  public TestMessage header(String name, Object value) {
    headers.put(Objects.requireNonNull(name, "name"), value);
    return this;
  }

  /** Adds headers. */
  public TestMessage headers(Map<String, ?> more) {
    more.forEach(this::header);
    return this;
  }

  /** The broker's {@code redelivered} flag. */
  public TestMessage redelivered(boolean redelivered) {
    this.redelivered = redelivered;
    return this;
  }

  /**
   * The attempt number (1, the default, is the first delivery): set as the broker and Warren would
   * count it, in {@code x-warren-retry-count} (or the configured header) on a classic queue and in
   * {@code x-delivery-count} on a quorum queue.
   *
   * @throws IllegalArgumentException if below 1
   */
  public TestMessage attempt(int attempt) {
    if (attempt < 1) {
      throw new IllegalArgumentException("the first delivery is attempt 1: " + attempt);
    }
    this.attempt = attempt;
    return this;
  }

  /** The exchange it was published to; default {@code ""}. */
  public TestMessage exchange(String exchange) {
    this.exchange = Objects.requireNonNull(exchange, "exchange");
    return this;
  }

  /** The routing key it was published with; default the consumer's queue. */
  public TestMessage routingKey(String routingKey) {
    this.routingKey = Objects.requireNonNull(routingKey, "routingKey");
    return this;
  }

  /** The {@code message_id} property. */
  public TestMessage messageId(String messageId) {
    this.messageId = messageId;
    return this;
  }

  /** The {@code correlation_id} property. */
  public TestMessage correlationId(String correlationId) {
    this.correlationId = correlationId;
    return this;
  }

  /** The {@code content_type} property; default: what the payload's encoding sets. */
  public TestMessage contentType(String contentType) {
    this.contentType = contentType;
    return this;
  }

  /** The {@code content_encoding} property; default: what the payload's encoding sets. */
  public TestMessage contentEncoding(String contentEncoding) {
    this.contentEncoding = contentEncoding;
    return this;
  }

  /** The {@code timestamp} property (whole seconds, as on the wire). */
  public TestMessage timestamp(Instant timestamp) {
    this.timestamp = timestamp;
    return this;
  }

  /** The {@code app_id} property. */
  public TestMessage appId(String appId) {
    this.appId = appId;
    return this;
  }

  /** The {@code type} property. */
  public TestMessage type(String type) {
    this.type = type;
    return this;
  }

  /** The {@code user_id} property. */
  public TestMessage userId(String userId) {
    this.userId = userId;
    return this;
  }

  /** The {@code reply_to} property: a request to a responder needs one for its reply. */
  public TestMessage replyTo(String replyTo) {
    this.replyTo = replyTo;
    return this;
  }

  /** The {@code priority} property. */
  public TestMessage priority(int priority) {
    this.priority = priority;
    return this;
  }

  /** The {@code expiration} property. */
  public TestMessage expiration(Duration expiration) {
    this.expiration = expiration;
    return this;
  }

  /** Persistent ({@code delivery_mode=2}, the default) or transient. */
  public TestMessage persistent(boolean persistent) {
    this.persistent = persistent;
    return this;
  }
}

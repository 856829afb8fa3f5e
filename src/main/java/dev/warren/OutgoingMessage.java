package dev.warren;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A message to publish with {@link Publisher#publish(OutgoingMessage)}: where it goes, its payload,
 * and its properties. Immutable; build one with {@link #to(String, String)}:
 *
 * <pre>{@code
 * publisher.publish(OutgoingMessage.to("orders", "eu.new")
 *     .payload(order)
 *     .header("tenant", "acme")
 *     .expiration(Duration.ofMinutes(5))
 *     .build());
 * }</pre>
 *
 * <p>Defaults: persistent ({@code delivery_mode=2}) and mandatory (an unroutable message fails its
 * publish instead of vanishing).
 */
public final class OutgoingMessage {

  /**
   * The longest {@code expiration} RabbitMQ accepts (measured on 3.10.8: one millisecond more is a
   * 406); the wait queues of {@code DLX_TTL} are bound by the same value, and a test keeps the two
   * equal.
   */
  private static final Duration LONGEST_EXPIRATION = Duration.ofMillis(315_360_000_000L);

  private final String exchange;
  private final String routingKey;
  private final Object payload;
  private final Map<String, Object> headers;
  private final boolean persistent;
  private final boolean mandatory;
  private final Duration expiration;
  private final Integer priority;
  private final String contentType;
  private final String messageId;
  private final String correlationId;
  private final String replyTo;
  private final Instant timestamp;
  private final String type;
  private final String appId;
  private final String contentEncoding;

  private OutgoingMessage(Builder b) {
    this.exchange = b.exchange;
    this.routingKey = b.routingKey;
    this.payload =
        Objects.requireNonNull(b.payload, () -> withoutPayload(b.exchange, b.routingKey));
    this.headers = b.headers == null ? Map.of() : Map.copyOf(b.headers);
    this.persistent = b.persistent;
    this.mandatory = b.mandatory;
    this.expiration = b.expiration;
    this.priority = b.priority;
    this.contentType = b.contentType;
    this.messageId = b.messageId;
    this.correlationId = b.correlationId;
    this.replyTo = b.replyTo;
    this.timestamp = b.timestamp;
    this.type = b.type;
    this.appId = b.appId;
    this.contentEncoding = b.contentEncoding;
  }

  /**
   * Starts a message to {@code exchange} with {@code routingKey}.
   *
   * @param exchange the exchange; {@code ""} is the default exchange
   * @param routingKey the routing key
   */
  public static Builder to(String exchange, String routingKey) {
    return new Builder(exchange, routingKey);
  }

  /** The exchange. */
  public String exchange() {
    return exchange;
  }

  /** The routing key. */
  public String routingKey() {
    return routingKey;
  }

  /** The payload: {@code byte[]}, {@code String} or a value for the codec. */
  public Object payload() {
    return payload;
  }

  /** The headers, unmodifiable. */
  public Map<String, Object> headers() {
    return headers;
  }

  /** Whether the message is persistent ({@code delivery_mode=2}). */
  public boolean persistent() {
    return persistent;
  }

  /** Whether an unroutable message fails its publish ({@code mandatory} flag). */
  public boolean mandatory() {
    return mandatory;
  }

  /** The per-message TTL, or {@code null}. */
  public Duration expiration() {
    return expiration;
  }

  /** The priority, or {@code null}. */
  public Integer priority() {
    return priority;
  }

  /** The content type, or {@code null} for the codec's. */
  public String contentType() {
    return contentType;
  }

  /** The message id, or {@code null}. */
  public String messageId() {
    return messageId;
  }

  /** The correlation id, or {@code null}. */
  public String correlationId() {
    return correlationId;
  }

  /** The reply-to address, or {@code null}. */
  public String replyTo() {
    return replyTo;
  }

  /** The timestamp, or {@code null}. */
  public Instant timestamp() {
    return timestamp;
  }

  /** The message type name, or {@code null}. */
  public String type() {
    return type;
  }

  /** The application id, or {@code null}. */
  public String appId() {
    return appId;
  }

  /** The content encoding, or {@code null} for the codec's ({@code UTF-8} for a string). */
  public String contentEncoding() {
    return contentEncoding;
  }

  /** Builds an {@link OutgoingMessage}. */
  public static final class Builder {
    private final String exchange;
    private final String routingKey;
    private Object payload;
    private Map<String, Object> headers; // made by the first header: most messages have none
    private boolean persistent = true;
    private boolean mandatory = true;
    private Duration expiration;
    private Integer priority;
    private String contentType;
    private String messageId;
    private String correlationId;
    private String replyTo;
    private Instant timestamp;
    private String type;
    private String appId;
    private String contentEncoding;

    private Builder(String exchange, String routingKey) {
      this.exchange = Objects.requireNonNull(exchange, "exchange");
      this.routingKey = Objects.requireNonNull(routingKey, "routingKey");
    }

    /** The body: {@code byte[]} as it is, {@code String} as UTF-8, else encoded by the codec. */
    public Builder payload(Object payload) {
      this.payload = payload;
      return this;
    }

    /**
     * Adds a header.
     *
     * @throws NullPointerException if {@code name} or {@code value} is {@code null} ({@code
     *     WARREN-139}: leave a header without a value out)
     */
    public Builder header(String name, Object value) {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(value, () -> nullHeader(name));
      if (headers == null) {
        headers = new LinkedHashMap<>();
      }
      headers.put(name, value);
      return this;
    }

    /**
     * Adds headers.
     *
     * @throws NullPointerException if a name or a value is {@code null} ({@code WARREN-139})
     */
    public Builder headers(Map<String, ?> more) {
      more.forEach(this::header);
      return this;
    }

    /** Persistent ({@code true}, the default) or transient. */
    public Builder persistent(boolean persistent) {
      this.persistent = persistent;
      return this;
    }

    /** Mandatory ({@code true}, the default): an unroutable message fails its publish. */
    public Builder mandatory(boolean mandatory) {
      this.mandatory = mandatory;
      return this;
    }

    /**
     * Per-message TTL, sent in whole milliseconds.
     *
     * @throws IllegalArgumentException if negative or longer than 315,360,000,000 ms (3650 days),
     *     which RabbitMQ refuses with 406 PRECONDITION_FAILED, closing the publishing channel that
     *     other messages share ({@code WARREN-220})
     */
    public Builder expiration(Duration expiration) {
      // refused here, never on the wire: the broker's 406 would fail every message unconfirmed on
      // the shared channel as outcome unknown
      if (expiration != null
          && (expiration.isNegative() || expiration.compareTo(LONGEST_EXPIRATION) > 0)) {
        throw new IllegalArgumentException(expirationOutOfRange(expiration, LONGEST_EXPIRATION));
      }
      this.expiration = expiration;
      return this;
    }

    /**
     * Priority (for priority queues).
     *
     * @throws IllegalArgumentException if not from 0 to 255 ({@code WARREN-141})
     */
    public Builder priority(int priority) {
      if (priority < 0 || priority > 255) {
        throw new IllegalArgumentException(priorityOutOfRange(priority));
      }
      this.priority = priority;
      return this;
    }

    /**
     * Content type; default: {@code application/octet-stream}, {@code text/plain} or the codec's.
     */
    public Builder contentType(String contentType) {
      this.contentType = contentType;
      return this;
    }

    /** Message id. */
    public Builder messageId(String messageId) {
      this.messageId = messageId;
      return this;
    }

    /** Correlation id. */
    public Builder correlationId(String correlationId) {
      this.correlationId = correlationId;
      return this;
    }

    /** Reply-to address. */
    public Builder replyTo(String replyTo) {
      this.replyTo = replyTo;
      return this;
    }

    /**
     * The {@code timestamp} property. AMQP timestamps hold whole seconds: the fraction is dropped.
     */
    public Builder timestamp(Instant timestamp) {
      this.timestamp = timestamp;
      return this;
    }

    /** The {@code type} property: the message's type name, free text. */
    public Builder type(String type) {
      this.type = type;
      return this;
    }

    /** The {@code app_id} property: which application published the message. */
    public Builder appId(String appId) {
      this.appId = appId;
      return this;
    }

    /**
     * The {@code content_encoding} property; default: {@code UTF-8} for a {@code String} payload,
     * else the codec's (none for JSON-B).
     */
    public Builder contentEncoding(String contentEncoding) {
      this.contentEncoding = contentEncoding;
      return this;
    }

    /**
     * The message.
     *
     * @throws NullPointerException if no payload was set ({@code WARREN-140}); {@link
     *     Publisher#publish(String, String, Object)} with a {@code null} payload throws the same
     */
    public OutgoingMessage build() {
      return new OutgoingMessage(this);
    }
  }

  // The texts of WARREN-139, 140, 141 and 220, as the entries of PublishingMessages have them (a
  // test keeps them equal): the public API imports nothing of Warren's internals.

  private static String nullHeader(String name) {
    return "WARREN-139 header '"
        + name
        + "' of an OutgoingMessage has no value (null); leave the header out, or give it a value";
  }

  private static String withoutPayload(String exchange, String routingKey) {
    return "WARREN-140 the message to exchange '"
        + exchange
        + "' with routing key '"
        + routingKey
        + "' has no payload (null); give it a body (an empty byte[] for none)";
  }

  private static String priorityOutOfRange(int priority) {
    return "WARREN-141 priority "
        + priority
        + " is out of range; a message priority is from 0 to 255 (a priority queue uses at most"
        + " its x-max-priority)";
  }

  private static String expirationOutOfRange(Duration expiration, Duration longest) {
    return "WARREN-220 expiration "
        + expiration
        + " is out of range; a per-message TTL is from 0 to "
        + longest.toMillis()
        + " ms ("
        + longest.toDays()
        + " days): RabbitMQ refuses a longer one with 406 PRECONDITION_FAILED and closes the"
        + " publishing channel, failing the messages unconfirmed on it. Give a shorter expiration,"
        + " or none for messages that never expire";
  }
}

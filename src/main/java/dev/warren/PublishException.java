package dev.warren;

/**
 * Why a confirmed publish did not complete normally. The message says what happened, to which
 * exchange and routing key, and what the caller may do.
 */
public class PublishException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** What went wrong. */
  public enum Reason {
    /**
     * The broker answered {@code basic.nack}: it refused responsibility; publishing again is safe.
     */
    NACKED,
    /** A mandatory message matched no queue and the broker returned it ({@code basic.return}). */
    UNROUTABLE,
    /** No confirm arrived within {@code warren.publisher.confirm-timeout}. */
    TIMED_OUT,
    /**
     * The channel or connection closed before the confirm: the message may or may not be queued.
     */
    OUTCOME_UNKNOWN,
    /** Nothing reached the broker: the message could not be encoded or the channel was closed. */
    NOT_SENT
  }

  private final Reason reason;
  private final String exchange;
  private final String routingKey;

  /**
   * @param reason what went wrong
   * @param exchange the exchange published to
   * @param routingKey the routing key published with
   * @param message the full message, with a stable id
   * @param cause the underlying failure, if any
   */
  public PublishException(
      Reason reason, String exchange, String routingKey, String message, Throwable cause) {
    super(message, cause);
    this.reason = reason;
    this.exchange = exchange;
    this.routingKey = routingKey;
  }

  /** What went wrong. */
  public Reason reason() {
    return reason;
  }

  /** The exchange the message was published to. */
  public String exchange() {
    return exchange;
  }

  /** The routing key the message was published with. */
  public String routingKey() {
    return routingKey;
  }
}

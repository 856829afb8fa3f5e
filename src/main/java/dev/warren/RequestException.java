package dev.warren;

/**
 * Why a {@link Requester#request request} did not complete with a reply. The message says what
 * happened, to which exchange and routing key, and what the caller may do.
 */
public class RequestException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** What went wrong. */
  public enum Reason {
    /**
     * No reply arrived within the timeout. The request may or may not have been handled; a reply
     * that arrives later is ignored.
     */
    TIMED_OUT,
    /** The request matched no queue and the broker returned it ({@code basic.return}). */
    UNROUTABLE,
    /**
     * The request channel closed while the request waited for its reply (connection lost, a channel
     * error, or shutdown): the request may or may not have been handled. The next request opens a
     * new channel.
     */
    CHANNEL_CLOSED,
    /** Nothing reached the broker: the payload could not be encoded or no channel was usable. */
    NOT_SENT,
    /** A reply arrived but could not be decoded into the reply type. */
    UNDECODABLE_REPLY
  }

  private final Reason reason;
  private final String exchange;
  private final String routingKey;

  /**
   * @param reason what went wrong
   * @param exchange the exchange the request was published to
   * @param routingKey the routing key it was published with
   * @param message the full message, with a stable id
   * @param cause the underlying failure, if any
   */
  public RequestException(
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

  /** The exchange the request was published to. */
  public String exchange() {
    return exchange;
  }

  /** The routing key the request was published with. */
  public String routingKey() {
    return routingKey;
  }
}

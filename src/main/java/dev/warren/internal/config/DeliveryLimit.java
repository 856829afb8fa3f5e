package dev.warren.internal.config;

import java.util.Locale;

/**
 * The delivery limit a quorum consumer without {@code maxAttempts} asks for: config key {@code
 * warren.consumers.<name>.delivery-limit} or {@code @Argument(name = "x-delivery-limit")}. Warren
 * turns it into the queue argument that means the same on every broker version.
 *
 * @param kind what is asked
 * @param returns for {@link Kind#LIMIT}: how often a message may go back to the queue (so {@code
 *     returns + 1} deliveries), else 0
 */
public record DeliveryLimit(Kind kind, long returns) {

  /** What a consumer asks its queue's delivery limit to be. */
  public enum Kind {
    /**
     * Not stated, and Warren does not declare the queue: whatever the broker has (Warren cannot see
     * it); also the value of every consumer that takes no limit (classic, or with maxAttempts).
     */
    UNSTATED,
    /** No limit: {@code retry()} requeues for ever, on every broker version. */
    UNLIMITED,
    /** {@code returns + 1} deliveries, then the queue's dead-letter route, or dropped. */
    LIMIT,
    /** The broker's policy (else its default) decides: Warren declares no limit. */
    POLICY
  }

  public static final DeliveryLimit UNSTATED = new DeliveryLimit(Kind.UNSTATED, 0);
  public static final DeliveryLimit UNLIMITED = new DeliveryLimit(Kind.UNLIMITED, 0);
  public static final DeliveryLimit POLICY = new DeliveryLimit(Kind.POLICY, 0);

  /** A limit of {@code returns} returns. */
  public static DeliveryLimit limit(long returns) {
    return new DeliveryLimit(Kind.LIMIT, returns);
  }

  /**
   * Parses {@code unlimited}, {@code policy} or a whole number: -1 (no limit, RabbitMQ 4's
   * spelling) or 0 and more (returns).
   */
  public static DeliveryLimit parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    return switch (t) {
      case "unlimited" -> UNLIMITED;
      case "policy" -> POLICY;
      default -> {
        try {
          yield of(Long.parseLong(t));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(
              "expected unlimited, policy, or a whole number (-1 for unlimited, 0 or more)");
        }
      }
    };
  }

  /** A number as RabbitMQ 4 reads {@code x-delivery-limit}: -1 is no limit, 0 and more a limit. */
  public static DeliveryLimit of(long number) {
    if (number == -1) {
      return UNLIMITED;
    }
    if (number < 0) {
      throw new IllegalArgumentException(
          "expected -1 (unlimited) or 0 and more (how often a message may be returned)");
    }
    return limit(number);
  }

  /** Whether Warren must declare something for it (a limit or no limit). */
  public boolean declared() {
    return kind == Kind.UNLIMITED || kind == Kind.LIMIT;
  }

  /** How users write it: {@code unlimited}, {@code policy} or the number. */
  @Override
  public String toString() {
    return switch (kind) {
      case UNSTATED -> "unstated";
      case UNLIMITED -> "unlimited";
      case POLICY -> "policy";
      case LIMIT -> Long.toString(returns);
    };
  }
}

package dev.warren.internal.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The broker's version, as its connection's server properties tell it ({@code version}, e.g. {@code
 * 4.0.5}). Read once at deployment; Warren uses it only where RabbitMQ versions differ, and every
 * such difference is a method here.
 *
 * @param text the version as the broker sent it, {@code "unknown"} when it sent none
 * @param major the major version, -1 when unknown
 * @param minor the minor version, -1 when unknown
 */
public record BrokerVersion(String text, int major, int minor) {

  // What differs between versions, each decided here once (measured on 3.10.8, 4.0.5 and 4.3.6,
  // see docs/rabbitmq-versions.md). An unknown version is older than every boundary.

  /** Whether this is RabbitMQ {@code major.minor} or later; {@code false} when unknown. */
  public boolean atLeast(int major, int minor) {
    return this.major > major || this.major == major && this.minor >= minor;
  }

  /**
   * Whether this broker gives a quorum queue declared without {@code x-delivery-limit} a limit (20
   * on RabbitMQ 4.0 and later; none before) and reads {@code x-delivery-limit = -1} as no limit
   * (before 4.0, -1 dead-letters a message on its first return). Measured on 3.10.8 and 4.0.5.
   */
  public boolean limitsQuorumQueuesByDefault() {
    return atLeast(4, 0);
  }

  /**
   * Whether only {@code basic.reject(requeue)}, a closed channel and a lost connection count toward
   * a quorum queue's delivery limit, and {@code basic.nack(requeue)} and {@code basic.recover} do
   * not (they raise only {@code x-acquired-count}): RabbitMQ 4.3 and later. Before, a nack counts
   * like a reject. Warren never nacks, so its attempts count the same on both.
   */
  public boolean deliveryLimitCountsRejectsOnly() {
    return atLeast(4, 3);
  }

  /**
   * Whether a message that goes from a quorum queue through a dead-letter exchange and back into it
   * (reject without requeue, a wait queue, expiry) keeps its {@code x-delivery-count}, and is
   * dropped as a dead letter cycle once past the delivery limit: RabbitMQ 4.3 and later (4.0
   * restarts the count at each trip). Warren's delayed retries publish copies, new messages whose
   * count starts afresh, so they never loop a message through a dead-letter exchange.
   */
  public boolean deadLetterLoopsKeepCount() {
    return atLeast(4, 3);
  }

  /**
   * Whether a consumer timeout on a quorum queue cancels the consumer ({@code basic.cancel}, the
   * channel stays open and the unacked deliveries go to other consumers) instead of closing the
   * channel: RabbitMQ 4.3 and later.
   */
  public boolean consumerTimeoutCancels() {
    return atLeast(4, 3);
  }

  /**
   * Whether a mandatory message to a direct reply-to address ({@code amq.rabbitmq.reply-to.*}) is
   * returned only when the address cannot be decoded: a reply to a live requester is delivered and
   * one to a requester that is gone is acked and dropped, neither with a {@code basic.return}.
   * RabbitMQ 4.2 and later; before, every mandatory reply is returned (312 NO_ROUTE), delivered or
   * not. So no version tells a responder that its requester is gone.
   */
  public boolean directReplyToReturnsNothing() {
    return atLeast(4, 2);
  }

  /**
   * Whether {@code x-queue-master-locator} is a deprecated feature, which a node may refuse: then a
   * declare with it closes the whole connection (541 INTERNAL_ERROR). RabbitMQ 4.0 and later; 4.0
   * to 4.2 permit it by default, 4.3 refuses it by default.
   */
  public boolean deprecatesQueueMasterLocator() {
    return atLeast(4, 0);
  }

  /**
   * Whether, by default, declaring a queue with {@code x-queue-master-locator} closes the whole
   * connection (541), {@code x-queue-version = 1} is refused (406), and {@code x-queue-mode} is
   * accepted and ignored: RabbitMQ 4.3 and later.
   */
  public boolean refusesClassicQueueLegacyArguments() {
    return atLeast(4, 3);
  }

  /**
   * Whether quorum queues delay redeliveries themselves ({@code x-delayed-retry-type}, {@code
   * -min}, {@code -max}): RabbitMQ 4.3 and later. Earlier brokers accept those arguments and ignore
   * them, redelivering at once (measured on 3.10.8 and 4.0.5; the delays on 4.3.6).
   */
  public boolean nativeDelayedRetry() {
    return atLeast(4, 3);
  }

  /**
   * The exchange type that hashes routing keys over a partitioned consumer's queues: the built-in
   * {@code x-modulus-hash} from RabbitMQ 4.3 on (measured on 4.3.6; 4.0.5 refuses it with 406,
   * 3.10.8 with a connection close 503); before, the consistent-hash plugin's {@code
   * x-consistent-hash}, which the plugin {@code rabbitmq_consistent_hash_exchange} must enable.
   */
  public String partitionExchangeType() {
    return atLeast(4, 3) ? "x-modulus-hash" : "x-consistent-hash";
  }

  /**
   * The {@code rabbitmqctl set_policy --apply-to} value for quorum queues: {@code quorum_queues}
   * from RabbitMQ 3.12 on; 3.10 knows only {@code queues} (measured).
   */
  public String policyTargetForQuorumQueues() {
    return atLeast(3, 12) ? "quorum_queues" : "queues";
  }

  /**
   * The behaviour set that applies, in a few words, for the deployment log: e.g. {@code quorum
   * delivery limit counts rejects only (default 20), dead-letter loops keep the count, ...}.
   */
  public String behaviour() {
    if (!known()) {
      return "version not readable: Warren warns where versions differ";
    }
    List<String> parts = new ArrayList<>();
    parts.add(
        deliveryLimitCountsRejectsOnly()
            ? "quorum delivery limit counts rejects only (default 20)"
            : limitsQuorumQueuesByDefault()
                ? "quorum delivery limit counts rejects and nacks (default 20)"
                : "quorum delivery limit counts rejects and nacks (no default)");
    if (deadLetterLoopsKeepCount()) {
      parts.add("dead-letter loops keep the count");
    }
    if (consumerTimeoutCancels()) {
      parts.add("consumer timeouts cancel quorum consumers");
    }
    parts.add(
        directReplyToReturnsNothing()
            ? "no return for a reply to a gone requester"
            : "every mandatory direct reply returned");
    if (refusesClassicQueueLegacyArguments()) {
      parts.add("x-queue-master-locator and x-queue-version=1 refused");
    }
    return String.join(", ", parts);
  }

  /** A broker that did not tell its version, or told one Warren cannot read. */
  public static final BrokerVersion UNKNOWN = new BrokerVersion("unknown", -1, -1);

  private static final Pattern MAJOR_MINOR = Pattern.compile("^\\s*(\\d+)\\.(\\d+)");

  /** The version in {@code serverProperties} (a connection's), else {@link #UNKNOWN}. */
  public static BrokerVersion of(Map<String, Object> serverProperties) {
    Object version = serverProperties == null ? null : serverProperties.get("version");
    // the client hands it over as a LongString, whose toString() is its UTF-8 text
    return version == null ? UNKNOWN : parse(version.toString());
  }

  /** Reads {@code 3.10.8}, {@code 4.0.5}, {@code 4.1.0-rc.1}; anything else is {@link #UNKNOWN}. */
  public static BrokerVersion parse(String text) {
    Matcher m = MAJOR_MINOR.matcher(text);
    if (!m.find()) {
      return new BrokerVersion(text, -1, -1);
    }
    try {
      return new BrokerVersion(
          text.trim(), Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    } catch (NumberFormatException e) {
      return new BrokerVersion(text, -1, -1);
    }
  }

  /** Whether the version could be read. */
  public boolean known() {
    return major >= 0;
  }

  @Override
  public String toString() {
    return text;
  }
}

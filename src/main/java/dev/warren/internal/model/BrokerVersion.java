package dev.warren.internal.model;

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

  /**
   * Whether this broker is {@code major.minor} or later; an unknown version is not.
   *
   * @param major the major version, e.g. 4
   * @param minor the minor version, e.g. 3
   */
  public boolean atLeast(int major, int minor) {
    return this.major > major || this.major == major && this.minor >= minor;
  }

  /**
   * Whether this broker gives a quorum queue declared without {@code x-delivery-limit} a limit (20
   * on RabbitMQ 4.0 and later; none before) and reads {@code x-delivery-limit = -1} as no limit
   * (before 4.0, -1 dead-letters a message on its first return). Measured on 3.10.8 and 4.0.5.
   */
  public boolean limitsQuorumQueuesByDefault() {
    return major >= 4;
  }

  /**
   * The {@code rabbitmqctl set_policy --apply-to} value for quorum queues: {@code quorum_queues}
   * from RabbitMQ 3.12 on; 3.10 knows only {@code queues} (measured).
   */
  public String policyTargetForQuorumQueues() {
    return major > 3 || major == 3 && minor >= 12 ? "quorum_queues" : "queues";
  }

  /**
   * Whether quorum queues delay redeliveries themselves ({@code x-delayed-retry-type}, {@code
   * -min}, {@code -max}): RabbitMQ 4.3 and later. Earlier brokers accept those arguments and ignore
   * them, redelivering at once (measured on 3.10.8 and 4.0.5; the delays on 4.3.6).
   */
  public boolean nativeDelayedRetry() {
    return major > 4 || major == 4 && minor >= 3;
  }

  @Override
  public String toString() {
    return text;
  }
}

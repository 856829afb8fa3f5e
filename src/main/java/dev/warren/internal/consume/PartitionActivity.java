package dev.warren.internal.consume;

import java.util.Locale;

/**
 * Whether this instance consumes a partition (the partition's single active consumer) or stands by
 * while another instance does. AMQP 0.9.1 tells a subscription nothing when it becomes active or
 * stops being so: the instance reads it from its deliveries and from the partition's ready messages
 * ({@link #of}).
 */
public enum PartitionActivity {
  /** Deliveries came to this instance lately, or some are unsettled here: it consumes. */
  ACTIVE,
  /** Messages wait in the partition, and none came here lately: another instance consumes it. */
  STANDING_BY,
  /**
   * Nothing waits and nothing came lately: this instance may be active or standing by; the broker
   * does not say which.
   */
  IDLE;

  /**
   * How long after its last delivery a partition still counts as active here: two samplings of the
   * partitions' ready messages.
   */
  public static final long WINDOW_NANOS = 10_000_000_000L;

  /**
   * The activity of one partition on this instance.
   *
   * @param unsettled deliveries received here and not yet settled
   * @param sinceLastDeliveryNanos time since the last delivery came here; negative when none came
   * @param ready the partition's ready messages when last sampled; negative before the first sample
   */
  public static PartitionActivity of(int unsettled, long sinceLastDeliveryNanos, long ready) {
    if (unsettled > 0 || (sinceLastDeliveryNanos >= 0 && sinceLastDeliveryNanos < WINDOW_NANOS)) {
      return ACTIVE;
    }
    return ready > 0 ? STANDING_BY : IDLE;
  }

  /** As health data shows it: {@code active}, {@code standing-by}, {@code idle}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}

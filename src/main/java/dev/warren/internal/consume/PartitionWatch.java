package dev.warren.internal.consume;

/**
 * What one partition's consumer knows of its activity: when its last delivery came (on the
 * subscription's callback thread) and the partition's ready messages as last sampled (on a
 * broker-call thread); read by health and the gauges, never waiting.
 */
final class PartitionWatch {

  private static final long NEVER = Long.MIN_VALUE;

  private volatile long lastDeliveryNanos = NEVER;
  private volatile long ready = -1;

  void delivered() {
    lastDeliveryNanos = System.nanoTime();
  }

  void sampled(long readyMessages) {
    ready = readyMessages;
  }

  ConsumerStatus.PartitionStatus status(int unsettled) {
    long last = lastDeliveryNanos;
    long lag = ready;
    return new ConsumerStatus.PartitionStatus(
        PartitionActivity.of(unsettled, last == NEVER ? -1 : System.nanoTime() - last, lag), lag);
  }
}

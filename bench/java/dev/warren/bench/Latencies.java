package dev.warren.bench;

import java.util.Arrays;
import java.util.Locale;

/**
 * The latencies one side measured, in nanoseconds, kept whole: a run records each into a long array
 * (no allocation per sample), and the percentiles are read from the sorted array, so they are exact
 * rather than a bucket's bound. At the latency scenario's rate a side records some 100,000 samples,
 * 800 KB.
 *
 * <p>One thread records at a time (the side's consumer; Warren's may hand the next delivery to
 * another thread, but only after the previous handler returned); the reader reads once the run has
 * stopped its consumer.
 */
final class Latencies {

  private long[] samples;
  private int count;
  private boolean sorted = true;

  Latencies(int expected) {
    samples = new long[Math.max(16, expected)];
  }

  /** One more sample; grows the array if the run delivers more than expected. */
  synchronized void record(long nanos) {
    if (count == samples.length) {
      samples = Arrays.copyOf(samples, samples.length * 2);
    }
    samples[count++] = nanos;
    sorted = false;
  }

  /** Adds every sample of {@code other}, e.g. a further round of the same side. */
  synchronized void addAll(Latencies other) {
    long[] theirs;
    int n;
    synchronized (other) {
      theirs = other.samples;
      n = other.count;
    }
    if (count + n > samples.length) {
      samples = Arrays.copyOf(samples, Math.max(samples.length * 2, count + n));
    }
    System.arraycopy(theirs, 0, samples, count, n);
    count += n;
    sorted = false;
  }

  synchronized int count() {
    return count;
  }

  /**
   * The sample at quantile {@code q} (0.5 the median, 0.99 the 99th percentile, 1 the maximum): the
   * smallest sample that at least {@code q} of all samples do not exceed.
   */
  synchronized long quantile(double q) {
    if (count == 0) {
      throw new IllegalStateException("no latency recorded");
    }
    if (!sorted) {
      Arrays.sort(samples, 0, count);
      sorted = true;
    }
    int rank = (int) Math.ceil(q * count);
    return samples[Math.min(count, Math.max(1, rank)) - 1];
  }

  /** Nanoseconds as milliseconds with two decimals, e.g. {@code 1.27 ms}. */
  static String millis(long nanos) {
    return String.format(Locale.ROOT, "%,.2f ms", nanos / 1e6);
  }
}

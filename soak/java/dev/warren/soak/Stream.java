package dev.warren.soak;

import dev.warren.PublishException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The ledger of one queue's stream: every message is its run id and a sequence number, and this
 * records what happened to each number on the publishing side (sent, confirmed, failed and sent
 * again) and on the consuming side (received how often). Written by the publisher thread, Warren's
 * confirm threads and the consumer's worker at once.
 */
final class Stream {

  /** A pause of at least this long is listed in the report. */
  static final long LISTED_PAUSE_NANOS = 2_000_000_000L;

  final String kind;
  final String queue;
  final String runId;

  final AtomicLong lastSeq = new AtomicLong();
  final LongAdder sends = new LongAdder();
  final Map<Long, AtomicInteger> sendsOf = new ConcurrentHashMap<>();
  final Set<Long> confirmed = ConcurrentHashMap.newKeySet();
  final Map<PublishException.Reason, LongAdder> failures =
      new EnumMap<>(PublishException.Reason.class);
  final LongAdder otherFailures = new LongAdder();
  final BlockingQueue<Long> toRepublish = new LinkedBlockingQueue<>();
  final AtomicInteger outstanding = new AtomicInteger();

  final Map<Long, AtomicInteger> received = new ConcurrentHashMap<>();
  final LongAdder deliveries = new LongAdder();
  final LongAdder redelivered = new LongAdder();
  final LongAdder foreign = new LongAdder();

  final Gaps receiveGaps = new Gaps();
  final Gaps confirmGaps = new Gaps();

  Stream(String kind, String queue, String runId) {
    this.kind = kind;
    this.queue = queue;
    this.runId = runId;
    for (PublishException.Reason reason : PublishException.Reason.values()) {
      failures.put(reason, new LongAdder());
    }
  }

  String body(long seq) {
    return runId + ":" + seq;
  }

  /** A new sequence number, never sent before. */
  long next() {
    return lastSeq.incrementAndGet();
  }

  void sent(long seq) {
    sends.increment();
    outstanding.incrementAndGet();
    sendsOf.computeIfAbsent(seq, s -> new AtomicInteger()).incrementAndGet();
  }

  void confirmed(long seq) {
    confirmed.add(seq);
    confirmGaps.mark(System.nanoTime());
    outstanding.decrementAndGet();
  }

  /** A publish of {@code seq} failed: it is sent again (unless it was confirmed meanwhile). */
  void failed(long seq, Throwable failure) {
    Throwable cause = failure;
    while (!(cause instanceof PublishException) && cause != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    if (cause instanceof PublishException e) {
      failures.get(e.reason()).increment();
    } else {
      otherFailures.increment();
    }
    if (!confirmed.contains(seq)) {
      toRepublish.add(seq);
    }
    outstanding.decrementAndGet();
  }

  /** The consumer got {@code body}. */
  void received(String body, boolean redelivery) {
    long now = System.nanoTime();
    deliveries.increment();
    if (redelivery) {
      redelivered.increment();
    }
    int colon = body.lastIndexOf(':');
    if (colon < 0 || !body.substring(0, colon).equals(runId)) {
      foreign.increment();
      return;
    }
    long seq = Long.parseLong(body.substring(colon + 1));
    received.computeIfAbsent(seq, s -> new AtomicInteger()).incrementAndGet();
    receiveGaps.mark(now);
  }

  long failuresTotal() {
    return failures.values().stream().mapToLong(LongAdder::sum).sum() + otherFailures.sum();
  }

  /** Confirmed but never received, in order. */
  TreeSet<Long> lost() {
    TreeSet<Long> lost = new TreeSet<>();
    for (Long seq : confirmed) {
      if (!received.containsKey(seq)) {
        lost.add(seq);
      }
    }
    return lost;
  }

  /** Whether every confirmed message has been received. */
  boolean drained() {
    return received.keySet().containsAll(confirmed);
  }

  /**
   * The pauses between consecutive events (deliveries, or confirms) while the run streamed: the
   * longest, and every one of at least {@link #LISTED_PAUSE_NANOS}, with the wall time it ended.
   */
  static final class Gaps {
    private long last;
    private boolean open;
    private long longest;
    private Instant longestEnded;
    private final List<Pause> listed = new ArrayList<>();

    record Pause(long nanos, Instant ended) {}

    synchronized void open() {
      open = true;
      last = System.nanoTime();
    }

    synchronized void close() {
      if (open) {
        mark(System.nanoTime());
      }
      open = false;
    }

    synchronized void mark(long now) {
      if (!open) {
        return;
      }
      long gap = now - last;
      last = now;
      if (gap > longest) {
        longest = gap;
        longestEnded = Instant.now();
      }
      if (gap >= LISTED_PAUSE_NANOS) {
        listed.add(new Pause(gap, Instant.now()));
      }
    }

    synchronized long longest() {
      return longest;
    }

    synchronized Instant longestEnded() {
      return longestEnded;
    }

    synchronized List<Pause> listed() {
      return List.copyOf(listed);
    }
  }
}

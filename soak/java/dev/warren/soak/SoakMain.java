package dev.warren.soak;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import dev.warren.OutgoingMessage;
import dev.warren.PublishException;
import dev.warren.Publisher;
import jakarta.enterprise.inject.spi.Extension;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * The soak test (see the package comment). Streams numbered messages through Warren's {@link
 * Publisher} with confirms, consumes them with Warren's consumers, lets the {@link FaultDriver}
 * restart, kill and disconnect the cluster's nodes for {@code soak.duration}, then stops the
 * faults, republishes what failed, drains the queues and prints per queue: published, confirmed,
 * failed (by reason; each failed message is published again), received, lost (confirmed but never
 * received), duplicates and the longest pause in consumption and in confirms. Exits 1 when a
 * confirmed message was lost, 2 when the run could not be made, else 0.
 */
public final class SoakMain {

  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");

  private final SoakOptions options;
  private final List<Stream> streams = new ArrayList<>();
  private volatile boolean streaming = true;
  private volatile long settleDeadline = Long.MAX_VALUE;
  private final AtomicInteger publisherLosses = new AtomicInteger();
  private final AtomicInteger publisherRecoveries = new AtomicInteger();

  private SoakMain(SoakOptions options) {
    this.options = options;
    String runId = "soak-" + Long.toString(System.currentTimeMillis(), 36);
    for (String kind : options.queues()) {
      String queue =
          switch (kind) {
            case "quorum" -> SoakConsumers.QUORUM_QUEUE;
            case "classic" -> SoakConsumers.CLASSIC_QUEUE;
            default ->
                throw new IllegalArgumentException("soak.queues: unknown queue '" + kind + "'");
          };
      Stream stream = new Stream(kind, queue, runId);
      streams.add(stream);
      SoakConsumers.STREAMS.put(kind, stream);
    }
    SoakConsumers.handlerDelayMillis = options.handlerDelay().toMillis();
  }

  /** Runs the soak test; see the class comment. */
  public static void main(String[] args) {
    int status;
    try {
      status = new SoakMain(SoakOptions.fromSystemProperties()).run();
    } catch (Exception e) {
      log("FAILED: " + e);
      e.printStackTrace(System.out);
      status = 2;
    }
    System.exit(status);
  }

  private int run() throws Exception {
    System.setProperty(
        "warren.uri",
        "amqp://guest:guest@127.0.0.1:" + SoakOptions.port(options.nodes().get(0)) + "/");
    System.setProperty("warren.addresses", options.addresses());
    System.setProperty("warren.connection-name", "warren-soak");
    System.setProperty("warren.declare-topology", "true");
    System.setProperty(
        "warren.consumers.soak-quorum.enabled",
        String.valueOf(options.queues().contains("quorum")));
    System.setProperty(
        "warren.consumers.soak-classic.enabled",
        String.valueOf(options.queues().contains("classic")));
    log(
        String.format(
            Locale.ROOT,
            "soak: %s, %d msg/s per queue, queues %s, faults %s every %s-%s (down up to %s), nodes %s, seed %d",
            options.duration(),
            options.rate(),
            options.queues(),
            options.faults(),
            options.faultMin(),
            options.faultMax(),
            options.downMax(),
            options.addresses(),
            options.seed()));
    Weld weld =
        new Weld("warren-soak")
            .disableDiscovery()
            .addBeanClasses(SoakConsumers.class, SoakClients.class);
    // with discovery off Weld SE loads no service-loader extensions: add Warren's (only Warren's)
    ServiceLoader.load(Extension.class).stream()
        .filter(provider -> provider.type().getPackageName().startsWith("dev.warren."))
        .map(ServiceLoader.Provider::get)
        .forEach(weld::addExtension);
    int status;
    try (WeldContainer container = weld.initialize()) {
      SoakClients clients = container.select(SoakClients.class).get();
      Connection connection = clients.connection();
      log(
          "Warren "
              + System.getProperty("soak.warren-version", "?")
              + ", RabbitMQ "
              + connection.getServerProperties().get("version")
              + " on "
              + connection.getServerProperties().get("platform")
              + ", cluster "
              + connection.getServerProperties().get("cluster_name"));
      watch(connection);
      status = soak(clients);
    }
    return status;
  }

  /**
   * Logs every loss and recovery of Warren's publishing connection, with the node it recovered to,
   * and counts them for the report (Warren itself logs only losses the client sees as I/O errors,
   * not a close by the broker or a peer that went away cleanly).
   */
  private void watch(Connection connection) {
    connection.addShutdownListener(
        cause -> {
          if (!cause.isInitiatedByApplication()) {
            publisherLosses.incrementAndGet();
            log("publisher connection lost: " + cause.getMessage());
          }
        });
    if (connection instanceof Recoverable recoverable) {
      recoverable.addRecoveryListener(
          new RecoveryListener() {
            @Override
            public void handleRecovery(Recoverable recovered) {
              publisherRecoveries.incrementAndGet();
              Connection c = (Connection) recovered;
              log(
                  "publisher connection recovered to "
                      + c.getAddress().getHostAddress()
                      + ":"
                      + c.getPort());
            }

            @Override
            public void handleRecoveryStarted(Recoverable recovering) {}
          });
    }
  }

  private int soak(SoakClients clients) throws Exception {
    FaultDriver faults = new FaultDriver(options);
    List<Thread> publishers = new ArrayList<>();
    for (Stream stream : streams) {
      stream.receiveGaps.open();
      stream.confirmGaps.open();
      Thread thread =
          new Thread(() -> publishLoop(stream, clients.publisher()), "soak-publish-" + stream.kind);
      publishers.add(thread);
      thread.start();
    }
    Instant started = Instant.now();
    long end = System.nanoTime() + options.duration().toNanos();
    faults.start();
    while (System.nanoTime() - end < 0) {
      Thread.sleep(
          Math.min(30_000, Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime()))));
      progress();
    }
    streaming = false;
    for (Stream stream : streams) {
      stream.receiveGaps.close();
      stream.confirmGaps.close();
    }
    Instant streamed = Instant.now();
    log("streaming ended; waiting for the fault under way and for every node");
    faults.stopAndJoin();
    settleDeadline = System.nanoTime() + options.settleTimeout().toNanos();
    log("republishing what failed (up to " + options.settleTimeout() + ")");
    for (Thread thread : publishers) {
      thread.join();
    }
    progress();
    log(
        "draining (until every confirmed message came, or "
            + options.drainQuiet()
            + " without a delivery)");
    drain();
    progress();
    return report(clients, faults, started, streamed);
  }

  /**
   * Publishes new numbers at the rate while streaming, then republishes failed ones until settled.
   */
  private void publishLoop(Stream stream, Publisher publisher) {
    long interval = TimeUnit.SECONDS.toNanos(1) / Math.max(1, options.rate());
    long next = System.nanoTime();
    while (true) {
      long now = System.nanoTime();
      if (next - now > 0) {
        sleepNanos(next - now);
      } else if (now - next > TimeUnit.SECONDS.toNanos(1)) {
        // held back (max-in-flight, a blocked connection): no burst to make up for it
        next = now;
      }
      next += interval;
      Long again = stream.toRepublish.poll();
      if (again != null) {
        publish(stream, publisher, again);
      } else if (streaming) {
        publish(stream, publisher, stream.next());
      } else if (stream.outstanding.get() == 0 || System.nanoTime() - settleDeadline > 0) {
        return;
      }
    }
  }

  private static void publish(Stream stream, Publisher publisher, long seq) {
    String body = stream.body(seq);
    stream.sent(seq);
    try {
      CompletionStage<Void> confirm =
          publisher.publish(
              OutgoingMessage.to("", stream.queue).payload(body).messageId(body).build());
      confirm.whenComplete(
          (ok, failure) -> {
            if (failure == null) {
              stream.confirmed(seq);
            } else {
              stream.failed(seq, failure);
            }
          });
    } catch (RuntimeException e) {
      stream.failed(seq, e);
    }
  }

  private void drain() throws InterruptedException {
    long lastCount = -1;
    long lastChange = System.nanoTime();
    while (true) {
      long count = streams.stream().mapToLong(s -> s.deliveries.sum()).sum();
      if (count != lastCount) {
        lastCount = count;
        lastChange = System.nanoTime();
      }
      if (streams.stream().allMatch(Stream::drained)
          || System.nanoTime() - lastChange > options.drainQuiet().toNanos()) {
        return;
      }
      Thread.sleep(200);
    }
  }

  private void progress() {
    for (Stream s : streams) {
      log(
          String.format(
              Locale.ROOT,
              "%s: published %d (%d publishes), confirmed %d, failed %d, outstanding %d, to republish %d, received %d (%d deliveries)",
              s.kind,
              s.lastSeq.get(),
              s.sends.sum(),
              s.confirmed.size(),
              s.failuresTotal(),
              s.outstanding.get(),
              s.toRepublish.size(),
              s.received.size(),
              s.deliveries.sum()));
    }
  }

  private int report(SoakClients clients, FaultDriver faults, Instant started, Instant streamed) {
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "%n==== soak result ====%n"));
    out.append(
        String.format(
            Locale.ROOT,
            "streamed %s to %s UTC (%.1f min), seed %d%n",
            clock(started),
            clock(streamed),
            Duration.between(started, streamed).toMillis() / 60_000.0,
            options.seed()));
    List<FaultDriver.Fault> injected = faults.faults();
    out.append(
        String.format(Locale.ROOT, "faults injected: %d %s%n", injected.size(), faults.counts()));
    out.append(
        String.format(
            Locale.ROOT,
            "Warren's publishing connection lost %d times, recovered %d times%n",
            publisherLosses.get(),
            publisherRecoveries.get()));
    for (FaultDriver.Fault f : injected) {
      out.append(
          String.format(
              Locale.ROOT,
              "  %s %-17s r%d %5.1f s%s%n",
              clock(f.started()),
              f.kind(),
              f.node(),
              f.took().toMillis() / 1000.0,
              f.note()));
    }
    long lostTotal = 0;
    for (Stream s : streams) {
      TreeSet<Long> lost = s.lost();
      lostTotal += lost.size();
      TreeSet<Long> unconfirmed = new TreeSet<>(s.sendsOf.keySet());
      unconfirmed.removeAll(s.confirmed);
      long unconfirmedReceived = unconfirmed.stream().filter(s.received::containsKey).count();
      AtomicInteger duplicates = new AtomicInteger();
      AtomicInteger republishedDuplicates = new AtomicInteger();
      s.received.forEach(
          (seq, times) -> {
            if (times.get() > 1) {
              duplicates.incrementAndGet();
              if (s.sendsOf.getOrDefault(seq, new AtomicInteger()).get() > 1) {
                republishedDuplicates.incrementAndGet();
              }
            }
          });
      long republished = s.sendsOf.values().stream().filter(n -> n.get() > 1).count();
      StringBuilder reasons = new StringBuilder();
      for (Map.Entry<PublishException.Reason, java.util.concurrent.atomic.LongAdder> e :
          s.failures.entrySet()) {
        if (e.getValue().sum() > 0) {
          reasons
              .append(reasons.isEmpty() ? "" : ", ")
              .append(e.getKey())
              .append('=')
              .append(e.getValue().sum());
        }
      }
      if (s.otherFailures.sum() > 0) {
        reasons
            .append(reasons.isEmpty() ? "" : ", ")
            .append("other=")
            .append(s.otherFailures.sum());
      }
      out.append(String.format(Locale.ROOT, "%n%s queue '%s':%n", s.kind, s.queue));
      out.append(
          line(
              "published",
              s.lastSeq.get(),
              "distinct messages; "
                  + s.sends.sum()
                  + " publishes, "
                  + republished
                  + " messages published again after a failure"));
      out.append(line("confirmed", s.confirmed.size(), "acked by the broker"));
      out.append(
          line(
              "failed",
              s.failuresTotal(),
              reasons.isEmpty() ? "none" : reasons + "; each published again"));
      out.append(
          line(
              "unconfirmed",
              unconfirmed.size(),
              "never confirmed when the run gave up; "
                  + unconfirmedReceived
                  + " of them received anyway"));
      out.append(
          line(
              "received",
              s.received.size(),
              "distinct; "
                  + s.deliveries.sum()
                  + " deliveries, "
                  + s.redelivered.sum()
                  + " flagged redelivered"
                  + (s.foreign.sum() > 0 ? ", " + s.foreign.sum() + " of another run" : "")));
      out.append(
          line(
              "lost",
              lost.size(),
              lost.isEmpty()
                  ? "confirmed but never received"
                  : "CONFIRMED BUT NEVER RECEIVED: " + first(lost, 30)));
      out.append(
          line(
              "duplicates",
              duplicates.get(),
              "received more than once; "
                  + republishedDuplicates.get()
                  + " of them were published more than once, "
                  + (duplicates.get() - republishedDuplicates.get())
                  + " delivered again by the broker"));
      out.append(pause("longest pause in consumption", s.receiveGaps, faults));
      out.append(pause("longest pause in confirms", s.confirmGaps, faults));
      out.append(
          String.format(
              Locale.ROOT, "  %-13s %s%n", "in queue", depth(clients.connection(), s.queue)));
      List<Stream.Gaps.Pause> listed = s.receiveGaps.listed();
      out.append(
          String.format(Locale.ROOT, "  consumption pauses of 2 s or more: %d%n", listed.size()));
      for (Stream.Gaps.Pause p : listed) {
        out.append(
            String.format(
                Locale.ROOT,
                "    %5.1f s ended %s%s%n",
                p.nanos() / 1e9,
                clock(p.ended()),
                after(faults, p.ended().minusNanos(p.nanos()))));
      }
    }
    out.append(
        String.format(
            Locale.ROOT,
            "%n%s%n",
            lostTotal == 0
                ? "RESULT: no confirmed message lost"
                : "RESULT: " + lostTotal + " CONFIRMED MESSAGES LOST"));
    System.out.print(out);
    System.out.flush();
    return lostTotal == 0 ? 0 : 1;
  }

  private static String line(String what, long count, String note) {
    return String.format(Locale.ROOT, "  %-13s %,9d  %s%n", what, count, note);
  }

  private static String pause(String what, Stream.Gaps gaps, FaultDriver faults) {
    Instant ended = gaps.longestEnded();
    if (ended == null) {
      return String.format(Locale.ROOT, "  %s: none%n", what);
    }
    long nanos = gaps.longest();
    return String.format(
        Locale.ROOT,
        "  %s: %.2f s, ended %s%s%n",
        what,
        nanos / 1e9,
        clock(ended),
        after(faults, ended.minusNanos(nanos)));
  }

  private static String after(FaultDriver faults, Instant pauseStarted) {
    // the fault that caused a pause started shortly before the pause did
    return faults
        .before(pauseStarted.plusSeconds(2))
        .map(f -> " (after " + f.kind() + " r" + f.node() + " at " + clock(f.started()) + ")")
        .orElse("");
  }

  private static String depth(Connection connection, String queue) {
    try (Channel channel = connection.createChannel()) {
      return channel.queueDeclarePassive(queue).getMessageCount() + " ready messages";
    } catch (Exception e) {
      return "unknown (" + e + ")";
    }
  }

  private static String first(TreeSet<Long> seqs, int count) {
    List<Long> shown = seqs.stream().limit(count).toList();
    return shown + (seqs.size() > count ? " ..." : "");
  }

  private static String clock(Instant time) {
    return LocalTime.ofInstant(time, ZoneOffset.UTC).format(CLOCK);
  }

  private static void sleepNanos(long nanos) {
    try {
      TimeUnit.NANOSECONDS.sleep(nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static synchronized void log(String line) {
    System.out.println(clock(Instant.now()) + " soak " + line);
    System.out.flush();
  }
}

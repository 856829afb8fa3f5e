package dev.warren.bench;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.warren.OutgoingMessage;
import dev.warren.Publisher;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * Scenario 2: confirmed publish of N 1 KiB persistent messages to a durable classic queue through
 * the default exchange, at most {@value #WINDOW} unconfirmed at a time, timed from before the
 * publishing channel opens until the last confirm.
 *
 * <p>Raw: the client's asynchronous confirms as the RabbitMQ tutorial writes them: a semaphore of
 * {@value #WINDOW} permits, outstanding messages by sequence number in a skip list, a {@code
 * ConfirmListener} that settles one or (with {@code multiple=true}) every message up to the tag,
 * {@code mandatory} with a return listener, since Warren publishes mandatory by default. Warren:
 * {@code publisher.publish("", queue, body)} with its default {@code
 * warren.publisher.max-in-flight} of 1000, counting each returned stage as it completes.
 *
 * <p>One untimed run of each side comes first. Both open their connection before the clock starts
 * (Warren's container as well); both open their publishing channel and put it in confirm mode
 * inside the measured interval.
 *
 * <p>The breakdown ({@code bench.scenarios=publish-breakdown}, not run by default) adds two sides
 * that split the difference: raw code that also sends Warren's per-message sequence header (what a
 * mandatory message costs on the wire and in the broker), and Warren with {@code mandatory(false)}
 * (no header: what is left is Warren's own client-side cost).
 */
final class PublishScenario {

  /** The start of every run's queue name; each run declares a queue of its own. */
  static final String QUEUE = "warren.bench.publish";

  static final int WINDOW = 1000;

  /** Who publishes, and how. */
  enum Side {
    RAW("raw"),
    WARREN("Warren"),
    RAW_WITH_SEQUENCE_HEADER("raw + sequence header"),
    WARREN_NOT_MANDATORY("Warren mandatory(false)");

    final String label;

    Side(String label) {
      this.label = label;
    }
  }

  private final BenchBroker broker;
  private final BenchOptions options;
  private final List<Side> sides;

  /**
   * @param breakdown whether to add the two sides that split Warren's difference from raw
   */
  PublishScenario(BenchBroker broker, BenchOptions options, boolean breakdown) {
    this.broker = broker;
    this.options = options;
    this.sides = breakdown ? List.of(Side.values()) : List.of(Side.RAW, Side.WARREN);
  }

  void run(Results results) throws Exception {
    Map<Side, List<Tally.Run>> runs =
        Rounds.rotate(
            "publish",
            sides,
            side -> side.label,
            options,
            Math.min(options.messages(), ConsumeScenario.WARM_UP_MESSAGES),
            options.messages(),
            this::once);
    String scenario =
        String.format(
            Locale.ROOT,
            "2. confirmed publish, %,d x 1 KiB persistent, window %d",
            options.messages(),
            WINDOW);
    results.throughput(scenario, runs.get(Side.RAW), runs.get(Side.WARREN), 0.95);
    if (sides.size() > 2) {
      results.diagnostic(
          "2. breakdown: raw + Warren's sequence header (mandatory)",
          runs.get(Side.RAW),
          runs.get(Side.RAW_WITH_SEQUENCE_HEADER));
      results.diagnostic(
          "2. breakdown: Warren with mandatory(false), no header",
          runs.get(Side.RAW),
          runs.get(Side.WARREN_NOT_MANDATORY));
    }
  }

  /** One run to a new queue, which must then hold every message. */
  private Tally.Run once(Side side, int messages) throws Exception {
    return Repeat.ifDisrupted(side.label + " publish run", () -> onceUndisturbed(side, messages));
  }

  private Tally.Run onceUndisturbed(Side side, int messages) throws Exception {
    String queue = broker.declareFresh(QUEUE, false);
    Tally.Run run =
        switch (side) {
          case RAW -> raw(queue, messages, false);
          case RAW_WITH_SEQUENCE_HEADER -> raw(queue, messages, true);
          case WARREN -> warren(queue, messages, true);
          case WARREN_NOT_MANDATORY -> warren(queue, messages, false);
        };
    long held = broker.messageCount(queue);
    if (held != messages) {
      throw new IllegalStateException(
          side.label + " published " + held + " messages, not " + messages);
    }
    broker.delete(queue);
    return run;
  }

  /**
   * The raw client.
   *
   * @param sequenceHeader whether each message carries its sequence number in a header, built the
   *     way Warren builds it for a mandatory message
   */
  private Tally.Run raw(String queue, int count, boolean sequenceHeader) throws Exception {
    Tally tally = new Tally(count);
    AtomicInteger returned = new AtomicInteger();
    try (Connection connection = broker.connect("warren-bench-raw-publisher")) {
      tally.watch(connection);
      tally.start();
      Channel channel = connection.createChannel();
      channel.confirmSelect();
      Semaphore window = new Semaphore(WINDOW);
      ConcurrentSkipListMap<Long, byte[]> outstanding = new ConcurrentSkipListMap<>();
      channel.addReturnListener(message -> returned.incrementAndGet());
      channel.addConfirmListener(
          (tag, multiple) -> {
            int settled = Confirms.settle(outstanding, tag, multiple).size();
            window.release(settled);
            tally.finished(settled);
          },
          (tag, multiple) -> {
            int settled = Confirms.settle(outstanding, tag, multiple).size();
            window.release(settled);
            for (int i = 0; i < settled; i++) {
              tally.failed();
            }
          });
      for (int i = 0; i < count; i++) {
        window.acquire();
        long sequence = channel.getNextPublishSeqNo();
        outstanding.put(sequence, BenchBroker.BODY);
        AMQP.BasicProperties properties = BenchBroker.PERSISTENT;
        if (sequenceHeader) {
          Map<String, Object> headers = new HashMap<>();
          headers.put("x-warren-publish-seq", sequence);
          properties = properties.builder().headers(headers).build();
        }
        channel.basicPublish("", queue, true, properties, BenchBroker.BODY);
      }
      Tally.Run run = tally.await(timeoutSeconds(), "raw publish");
      if (returned.get() > 0) {
        throw new IllegalStateException("raw publish: " + returned + " messages were returned");
      }
      return run;
    }
  }

  /**
   * Warren's publisher.
   *
   * @param mandatory {@code true}: {@code publish(exchange, routingKey, payload)}, mandatory as by
   *     default; {@code false}: the same message built with {@code mandatory(false)}
   */
  private Tally.Run warren(String queue, int count, boolean mandatory) throws Exception {
    Tally tally = new Tally(count);
    try (WeldContainer container = WeldBoot.withWarren(WarrenClients.class)) {
      WarrenClients bean = container.select(WarrenClients.class).get();
      Publisher publisher = bean.publisher();
      tally.watch(bean.connection());
      tally.start();
      for (int i = 0; i < count; i++) {
        CompletionStage<Void> confirmed =
            mandatory
                ? publisher.publish("", queue, BenchBroker.BODY)
                : publisher.publish(
                    OutgoingMessage.to("", queue)
                        .payload(BenchBroker.BODY)
                        .mandatory(false)
                        .build());
        confirmed.whenComplete(
            (ok, failure) -> {
              if (failure == null) {
                tally.finished();
              } else {
                tally.failed();
              }
            });
      }
      return tally.await(timeoutSeconds(), "Warren publish");
    }
  }

  private long timeoutSeconds() {
    return Math.max(120, options.messages() / 500);
  }
}

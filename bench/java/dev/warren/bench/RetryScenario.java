package dev.warren.bench;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import dev.warren.it.support.TestConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * Scenario 3: the retry path on a classic queue with an attempt cap. N pre-filled 1 KiB persistent
 * messages, prefetch 250, one consumer; every message is retried once and acked on its second
 * delivery, so a run is 2N deliveries, N confirmed copies, N rejects and N acks. The rate counts
 * the N messages.
 *
 * <p>Raw: the hand-written equivalent of what Warren does for {@code Outcome.retry()} on a capped
 * classic queue. On the client's dispatch thread it reads the attempt from the count header; on the
 * first attempt it publishes a copy (the original's properties, the header set to 1, persistent,
 * mandatory) to the queue through the default exchange on the same channel, which is in confirm
 * mode, and remembers the delivery tag under the copy's sequence number; when the broker confirms
 * the copy (one or, with {@code multiple=true}, several), it rejects the originals without requeue;
 * a nack or a returned copy would put the original back ({@code reject(requeue=true)}) and fails
 * the run. A message at the cap would go to the dead letter queue the same way; none gets there. On
 * the second attempt it acks. Warren: one {@code @RabbitConsumer} with {@code maxAttempts} and
 * {@code deadLetter} ({@link RetryingConsumer}) returning {@code retry()} on attempt 1 and {@code
 * ack()} on attempt 2. The breakdown ({@code bench.scenarios=retry-breakdown}) adds the raw code
 * handing each delivery to a worker thread of its own, as Warren does, and that code also putting
 * Warren's publish sequence header on each copy.
 *
 * <p>Timed as the consume scenario is, from the first delivery (held until the JIT compiler is
 * idle) until the N-th message is acked. The queue and its dead letter queue must be empty after
 * each run.
 */
final class RetryScenario {

  /** The start of every run's queue name; each run declares a queue of its own. */
  static final String QUEUE = "warren.bench.retry";

  /** The cap: the first retry is far below it, the raw code checks it as Warren does. */
  static final int MAX_ATTEMPTS = 3;

  /** Warren's default count header, which the raw code uses as well. */
  private static final String COUNT_HEADER = "x-warren-retry-count";

  /** Who consumes, and how. */
  enum Side {
    RAW("raw"),
    WARREN("Warren"),
    RAW_WITH_HAND_OFF("raw + hand-off to a worker thread"),
    RAW_WITH_SEQUENCE_HEADER("raw + hand-off + Warren's sequence header on each copy");

    final String label;

    Side(String label) {
      this.label = label;
    }
  }

  private final BenchBroker broker;
  private final BenchOptions options;
  private final List<Side> sides;

  /** The peers' sides: without the breakdown only. */
  private final List<PeerSide> peers;

  /**
   * @param breakdown whether to add the sides that split Warren's difference from raw
   */
  RetryScenario(BenchBroker broker, BenchOptions options, boolean breakdown) {
    this.broker = broker;
    this.options = options;
    this.sides = breakdown ? List.of(Side.values()) : List.of(Side.RAW, Side.WARREN);
    this.peers = breakdown ? List.of() : Peers.in(options, PeerSide.Scenario.RETRY);
  }

  void run(Results results) throws Exception {
    List<Object> everySide = new java.util.ArrayList<>(sides);
    everySide.addAll(peers);
    Map<Object, List<Tally.Run>> runs =
        Rounds.rotate(
            "retry",
            everySide,
            side -> Peers.label(side, own -> ((Side) own).label),
            options,
            Math.min(options.messages(), ConsumeScenario.WARM_UP_MESSAGES),
            options.messages(),
            (side, messages) ->
                side instanceof PeerSide peer ? once(peer, messages) : once((Side) side, messages));
    String scenario =
        String.format(
            Locale.ROOT,
            "3. retry once then ack, classic, cap %d, %,d x 1 KiB, prefetch %d",
            MAX_ATTEMPTS,
            options.messages(),
            ConsumeScenario.PREFETCH);
    results.throughput(scenario, runs.get(Side.RAW), runs.get(Side.WARREN), 0.9);
    if (!peers.isEmpty()) {
      Map<String, List<Tally.Run>> bySide = new java.util.LinkedHashMap<>();
      bySide.put(Side.RAW.label, runs.get(Side.RAW));
      bySide.put(Side.WARREN.label, runs.get(Side.WARREN));
      peers.forEach(peer -> bySide.put(peer.label(), runs.get(peer)));
      results.sides("3. retry once then ack", scenario, "msg/s", bySide);
      Peers.lacking(options, PeerSide.Scenario.RETRY)
          .forEach(label -> results.noCounterpart("3. retry once then ack", label));
    }
    for (Side side : sides) {
      if (side != Side.RAW && side != Side.WARREN) {
        results.diagnostic("3. breakdown: " + side.label, runs.get(Side.RAW), runs.get(side));
      }
    }
  }

  private Tally.Run once(Side side, int messages) throws Exception {
    return Repeat.ifDisrupted(side.label + " retry run", () -> onceUndisturbed(side, messages));
  }

  /** A peer's run; the queue and its dead letter queue must be empty after it. */
  private Tally.Run once(PeerSide peer, int messages) throws Exception {
    return Repeat.ifDisrupted(
        peer.label() + " retry run",
        () -> {
          String queue = broker.declareFresh(QUEUE, peer::retryQueueArguments);
          String deadLetter = queue + ".dlq";
          broker.declare(deadLetter);
          broker.fill(queue, messages);
          Tally.Run run = peer.retry(queue, deadLetter, messages, timeoutSeconds());
          long left = broker.awaitEmpty(queue, 10_000);
          long dead = broker.messageCount(deadLetter);
          if (left != 0 || dead != 0) {
            throw new IllegalStateException(
                peer.label()
                    + " left "
                    + left
                    + " messages in '"
                    + queue
                    + "' and "
                    + dead
                    + " in its DLQ");
          }
          broker.delete(queue);
          broker.delete(deadLetter);
          return run;
        });
  }

  private Tally.Run onceUndisturbed(Side side, int messages) throws Exception {
    String queue = broker.declareFresh(QUEUE, false);
    String deadLetter = queue + ".dlq";
    broker.declare(deadLetter);
    broker.fill(queue, messages);
    Tally.Run run =
        side == Side.WARREN
            ? warren(queue, deadLetter, messages)
            : raw(
                queue,
                deadLetter,
                messages,
                side != Side.RAW,
                side == Side.RAW_WITH_SEQUENCE_HEADER);
    String who = side.label;
    long left = broker.awaitEmpty(queue, 10_000);
    long dead = broker.messageCount(deadLetter);
    if (left != 0 || dead != 0) {
      throw new IllegalStateException(
          who + " left " + left + " messages in '" + queue + "' and " + dead + " in its DLQ");
    }
    broker.delete(queue);
    broker.delete(deadLetter);
    return run;
  }

  /** What the raw consumer does with one delivery. */
  @FunctionalInterface
  private interface RawHandler {
    void handle(Envelope envelope, AMQP.BasicProperties properties, byte[] body) throws IOException;
  }

  /**
   * The raw client: copy, confirm and reject by hand; see the class comment.
   *
   * @param handOff whether each delivery is handled on a worker thread of its own, as Warren does
   * @param sequenceHeader whether each copy also carries its publish sequence number in the header
   *     Warren's confirm tracker adds to every mandatory message (the breakdown), instead of on the
   *     client's dispatch thread
   */
  private Tally.Run raw(
      String queue, String deadLetter, int messages, boolean handOff, boolean sequenceHeader)
      throws Exception {
    Tally tally = new Tally(messages);
    AtomicInteger lost = new AtomicInteger();
    ExecutorService worker = Executors.newSingleThreadExecutor();
    try (Connection connection = broker.connect("warren-bench-raw-retry")) {
      tally.watch(connection);
      Channel channel = connection.createChannel();
      channel.basicQos(ConsumeScenario.PREFETCH);
      channel.confirmSelect();
      // copy's sequence number -> the original's delivery tag
      ConcurrentSkipListMap<Long, Long> originals = new ConcurrentSkipListMap<>();
      channel.addConfirmListener(
          new ConfirmListener() {
            @Override
            public void handleAck(long sequence, boolean multiple) throws IOException {
              for (long tag : Confirms.settle(originals, sequence, multiple)) {
                channel.basicReject(tag, false);
              }
            }

            @Override
            public void handleNack(long sequence, boolean multiple) throws IOException {
              for (long tag : Confirms.settle(originals, sequence, multiple)) {
                channel.basicReject(tag, true);
                lost.incrementAndGet();
              }
            }
          });
      channel.addReturnListener(returned -> lost.incrementAndGet());
      RawHandler handler =
          (envelope, properties, body) -> {
            tally.pass();
            Map<String, Object> headers = properties.getHeaders();
            Object count = headers == null ? null : headers.get(COUNT_HEADER);
            int attempt = count instanceof Number n ? n.intValue() + 1 : 1;
            if (attempt > 1) {
              channel.basicAck(envelope.getDeliveryTag(), false);
              tally.finished();
              return;
            }
            Map<String, Object> next = headers == null ? new HashMap<>() : new HashMap<>(headers);
            String target;
            if (attempt >= MAX_ATTEMPTS) {
              next.put("x-warren-death-reason", "max-attempts");
              target = deadLetter;
            } else {
              next.put(COUNT_HEADER, (long) attempt);
              target = queue;
            }
            // only this thread publishes: the number is the copy's
            long sequence = channel.getNextPublishSeqNo();
            if (sequenceHeader) {
              next.put("x-warren-publish-seq", sequence);
            }
            AMQP.BasicProperties copy = properties.builder().headers(next).deliveryMode(2).build();
            originals.put(sequence, envelope.getDeliveryTag());
            channel.basicPublish("", target, true, copy, body);
          };
      String consumerTag =
          channel.basicConsume(
              queue,
              false,
              new DefaultConsumer(channel) {
                @Override
                public void handleDelivery(
                    String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
                    throws IOException {
                  if (!handOff) {
                    handler.handle(envelope, properties, body);
                    return;
                  }
                  worker.execute(
                      () -> {
                        try {
                          handler.handle(envelope, properties, body);
                        } catch (IOException e) {
                          throw new UncheckedIOException(e);
                        }
                      });
                }
              });
      tally.openWhenReady(timeoutSeconds(), "raw retry on '" + queue + "'");
      Tally.Run run = tally.await(timeoutSeconds(), "raw retry on '" + queue + "'");
      channel.basicCancel(consumerTag);
      channel.close();
      if (lost.get() > 0) {
        throw new IllegalStateException("raw retry: " + lost + " copies were nacked or returned");
      }
      return run;
    } finally {
      worker.shutdownNow();
    }
  }

  /** Warren: the container starts the consumer, pointed at this run's queues by configuration. */
  private Tally.Run warren(String queue, String deadLetter, int messages) throws Exception {
    Tally tally = new Tally(messages);
    Tally.current = tally;
    String prefix = "warren.consumers." + RetryingConsumer.NAME + ".";
    TestConfig.set(prefix + "queue", queue);
    TestConfig.set(prefix + "dead-letter", deadLetter);
    try (WeldContainer container = WeldBoot.withWarren(RetryingConsumer.class)) {
      tally.watch(container.select(Connection.class).get());
      tally.openWhenReady(timeoutSeconds(), "Warren retry on '" + queue + "'");
      return tally.await(timeoutSeconds(), "Warren retry on '" + queue + "'");
    } finally {
      TestConfig.clear();
    }
  }

  private long timeoutSeconds() {
    return Math.max(120, options.messages() / 250);
  }
}

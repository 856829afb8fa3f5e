package dev.warren.bench;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import dev.warren.Requester;
import dev.warren.it.support.TestConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * Scenario 4: request/reply round trips with 1 KiB requests and replies over direct reply-to, with
 * one caller and with 8 concurrent callers, each making its share of the round trips one after the
 * other. The responder, one consumer with prefetch 250, replies with the request's body. The rate
 * counts round trips.
 *
 * <p>Raw: the RabbitMQ tutorial's RPC pattern. Requester: one channel with a no-ack consumer on
 * {@code amq.rabbitmq.reply-to}, a map of waiting futures by correlation id, requests published
 * transient and mandatory with {@code reply_to}, {@code correlation_id} and the timeout as {@code
 * expiration} (what Warren sends); the caller waits for its future. Responder: a {@link
 * DefaultConsumer} that publishes the reply to the request's {@code reply_to} and acks the request
 * on the client's dispatch thread. Warren: {@code Requester.request(...)} from the same caller
 * threads, and a {@code @RabbitConsumer} returning {@code byte[]} ({@link EchoResponder}). Warren's
 * responder does more than the tutorial's: it publishes the reply with a publisher confirm and acks
 * the request only once the reply is confirmed.
 *
 * <p>Both sides make one untimed round trip before the clock starts, so that opening the
 * requester's channel (Warren does it on the first request) is not measured, and then wait until
 * the JIT compiler is idle: Warren's run boots a container just before, and compiling what the boot
 * ran cost Warren's measured interval up to twice raw's CPU per round trip when it was left in.
 */
final class RequestReplyScenario {

  /** The start of every run's responder queue name; each run declares a queue of its own. */
  static final String QUEUE = "warren.bench.rpc";

  private static final Duration TIMEOUT = Duration.ofSeconds(5);
  private static final String REPLY_TO = "amq.rabbitmq.reply-to";

  /**
   * Round trips of the untimed first run of each side: at one caller's rate the JIT compiles
   * Warren's path only after thousands of calls (with 2,000 the first measured rounds still sped up
   * round by round).
   */
  private static final int WARM_UP_ROUND_TRIPS = 10_000;

  /** Who answers and waits, and how. */
  enum Side {
    RAW("raw", false, false),
    WARREN("Warren", false, false),
    RAW_CONFIRMED("raw + reply confirmed before the ack", true, false),
    RAW_CONFIRMED_APART(
        "raw + reply confirmed before the ack + responder on a connection of its own", true, true);

    final String label;
    final boolean confirmedReply;
    final boolean responderConnection;

    Side(String label, boolean confirmedReply, boolean responderConnection) {
      this.label = label;
      this.confirmedReply = confirmedReply;
      this.responderConnection = responderConnection;
    }
  }

  /** One round trip: sends {@link BenchBroker#BODY} and returns the reply's body. */
  @FunctionalInterface
  private interface RoundTrip {
    byte[] call() throws Exception;
  }

  private final BenchBroker broker;
  private final BenchOptions options;
  private final List<Side> sides;

  /** The peers' sides: without the breakdown only. */
  private final List<PeerSide> peers;

  /**
   * @param breakdown whether to add the sides that split Warren's difference from raw
   */
  RequestReplyScenario(BenchBroker broker, BenchOptions options, boolean breakdown) {
    this.broker = broker;
    this.options = options;
    this.sides = breakdown ? List.of(Side.values()) : List.of(Side.RAW, Side.WARREN);
    this.peers = breakdown ? List.of() : Peers.in(options, PeerSide.Scenario.REQUEST_REPLY);
  }

  void run(Results results) throws Exception {
    int roundTrips = Math.max(1, options.messages() / 10);
    for (int callers : new int[] {1, 8}) {
      List<Object> everySide = new ArrayList<>(sides);
      everySide.addAll(peers);
      Map<Object, List<Tally.Run>> runs =
          Rounds.rotate(
              "request/reply " + callers + " caller(s)",
              everySide,
              side -> Peers.label(side, own -> ((Side) own).label),
              options,
              Math.min(roundTrips, WARM_UP_ROUND_TRIPS),
              roundTrips,
              (side, count) ->
                  side instanceof PeerSide peer
                      ? once(peer, callers, count)
                      : once((Side) side, callers, count));
      String scenario =
          String.format(
              Locale.ROOT,
              "4. request/reply, %d caller%s, %,d round trips x 1 KiB",
              callers,
              callers == 1 ? "" : "s",
              roundTrips);
      results.throughput(scenario, "round trips/s", runs.get(Side.RAW), runs.get(Side.WARREN), 0.9);
      if (!peers.isEmpty()) {
        Map<String, List<Tally.Run>> bySide = new java.util.LinkedHashMap<>();
        bySide.put(Side.RAW.label, runs.get(Side.RAW));
        bySide.put(Side.WARREN.label, runs.get(Side.WARREN));
        peers.forEach(peer -> bySide.put(peer.label(), runs.get(peer)));
        results.sides(
            "4. request/reply, " + callers + " caller" + (callers == 1 ? "" : "s"),
            scenario,
            "round trips/s",
            bySide);
        for (String label : Peers.lacking(options, PeerSide.Scenario.REQUEST_REPLY)) {
          results.noCounterpart(
              "4. request/reply, " + callers + " caller" + (callers == 1 ? "" : "s"), label);
        }
      }
      for (Side side : sides) {
        if (side != Side.RAW && side != Side.WARREN) {
          results.diagnostic(
              "4. breakdown, " + callers + " caller(s): " + side.label,
              "round trips/s",
              runs.get(Side.RAW),
              runs.get(side));
        }
      }
    }
  }

  private Tally.Run once(Side side, int callers, int roundTrips) throws Exception {
    return Repeat.ifDisrupted(
        side.label + " request/reply run", () -> onceUndisturbed(side, callers, roundTrips));
  }

  /** A peer's run: its requester and responder, measured as raw's and Warren's are. */
  private Tally.Run once(PeerSide peer, int callers, int roundTrips) throws Exception {
    return Repeat.ifDisrupted(
        peer.label() + " request/reply run",
        () -> {
          String queue = broker.declareFresh(QUEUE, false);
          Tally.Run run =
              peer.requestReply(
                  queue,
                  (roundTrip, what) ->
                      measure(new Tally(roundTrips), callers, roundTrip::call, what));
          long left = broker.awaitEmpty(queue, 10_000);
          if (left != 0) {
            throw new IllegalStateException(
                peer.label() + " left " + left + " requests in '" + queue + "'");
          }
          broker.delete(queue);
          return run;
        });
  }

  private Tally.Run onceUndisturbed(Side side, int callers, int roundTrips) throws Exception {
    String queue = broker.declareFresh(QUEUE, false);
    Tally.Run run =
        side == Side.WARREN
            ? warren(queue, callers, roundTrips)
            : raw(queue, callers, roundTrips, side);
    long left = broker.awaitEmpty(queue, 10_000);
    if (left != 0) {
      throw new IllegalStateException(
          side.label + " left " + left + " requests in '" + queue + "'");
    }
    broker.delete(queue);
    return run;
  }

  /**
   * The raw client: the tutorial's RPC server and client on one connection. The breakdown sides
   * give the tutorial's responder what Warren's does: {@link Side#RAW_CONFIRMED} Warren's guarantee
   * (its channel in confirm mode, each request acked, on the I/O thread where the confirm arrives,
   * only once its reply is confirmed), and {@link Side#RAW_CONFIRMED_APART} also Warren's
   * connections (the responder's consumer on a connection of its own, as Warren's consumers are by
   * default, the requester on another). The threads a round trip crosses are Warren's on every
   * side: the client's dispatch thread answers where Warren's worker does (Warren runs the
   * consumer's callback on the I/O thread, which hands the delivery to the worker), and completes
   * the caller's future where {@code warren-confirms} does.
   */
  private Tally.Run raw(String queue, int callers, int roundTrips, Side side) throws Exception {
    try (Connection connection = broker.connect("warren-bench-raw-rpc");
        Connection responder =
            side.responderConnection ? broker.connect("warren-bench-raw-rpc-responder") : null) {
      Tally tally = new Tally(roundTrips);
      tally.watch(connection);
      if (responder != null) {
        tally.watch(responder);
      }
      Channel server = (responder != null ? responder : connection).createChannel();
      server.basicQos(ConsumeScenario.PREFETCH);
      // reply's sequence number -> its request's delivery tag, when replies are confirmed
      ConcurrentSkipListMap<Long, Long> requests = new ConcurrentSkipListMap<>();
      if (side.confirmedReply) {
        server.confirmSelect();
        server.addConfirmListener(
            (sequence, multiple) -> {
              for (long tag : Confirms.settle(requests, sequence, multiple)) {
                server.basicAck(tag, false);
              }
            },
            (sequence, multiple) -> {
              for (long tag : Confirms.settle(requests, sequence, multiple)) {
                server.basicReject(tag, true);
              }
            });
      }
      server.basicConsume(
          queue,
          false,
          new DefaultConsumer(server) {
            @Override
            public void handleDelivery(
                String tag, Envelope envelope, AMQP.BasicProperties request, byte[] body)
                throws IOException {
              answer(getChannel(), envelope, request, body, side.confirmedReply ? requests : null);
            }
          });
      Channel client = connection.createChannel();
      Map<String, CompletableFuture<byte[]>> waiting = new ConcurrentHashMap<>();
      client.basicConsume(
          REPLY_TO,
          true,
          (tag, reply) -> {
            CompletableFuture<byte[]> caller =
                waiting.remove(reply.getProperties().getCorrelationId());
            if (caller != null) {
              caller.complete(reply.getBody());
            }
          },
          tag -> {});
      client.addReturnListener(
          returned -> {
            CompletableFuture<byte[]> caller =
                waiting.remove(returned.getProperties().getCorrelationId());
            if (caller != null) {
              caller.completeExceptionally(new IOException("request returned: unroutable"));
            }
          });
      String idPrefix = UUID.randomUUID() + "-";
      AtomicLong ids = new AtomicLong();
      RoundTrip roundTrip =
          () -> {
            String id = idPrefix + ids.incrementAndGet();
            CompletableFuture<byte[]> reply = new CompletableFuture<>();
            waiting.put(id, reply);
            AMQP.BasicProperties request =
                new AMQP.BasicProperties.Builder()
                    .replyTo(REPLY_TO)
                    .correlationId(id)
                    .expiration(Long.toString(TIMEOUT.toMillis()))
                    .contentType("application/octet-stream")
                    .deliveryMode(1)
                    .build();
            client.basicPublish("", queue, true, request, BenchBroker.BODY);
            try {
              return reply.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } finally {
              waiting.remove(id);
            }
          };
      return measure(tally, callers, roundTrip, side.label + " request/reply on '" + queue + "'");
    }
  }

  /**
   * The tutorial's responder: the reply to {@code reply_to}, then the request's ack.
   *
   * @param confirming where to leave the request's tag for the confirm listener to ack, or {@code
   *     null} to ack it at once
   */
  private static void answer(
      Channel channel,
      Envelope envelope,
      AMQP.BasicProperties request,
      byte[] body,
      Map<Long, Long> confirming) {
    AMQP.BasicProperties reply =
        new AMQP.BasicProperties.Builder()
            .correlationId(request.getCorrelationId())
            .contentType("application/octet-stream")
            .deliveryMode(1)
            .build();
    try {
      if (confirming != null) {
        // one delivery at a time on the dispatch thread publishes here: the number is the reply's
        confirming.put(channel.getNextPublishSeqNo(), envelope.getDeliveryTag());
        channel.basicPublish("", request.getReplyTo(), reply, body);
        return;
      }
      channel.basicPublish("", request.getReplyTo(), reply, body);
      channel.basicAck(envelope.getDeliveryTag(), false);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Warren: requester and responder in one container, the responder pointed at the run's queue. */
  private Tally.Run warren(String queue, int callers, int roundTrips) throws Exception {
    TestConfig.set("warren.consumers." + EchoResponder.NAME + ".queue", queue);
    try (WeldContainer container = WeldBoot.withWarren(EchoResponder.class, WarrenClients.class)) {
      Tally tally = new Tally(roundTrips);
      WarrenClients clients = container.select(WarrenClients.class).get();
      tally.watch(clients.connection());
      Requester requester = clients.requester();
      RoundTrip roundTrip =
          () ->
              requester
                  .request("", queue, BenchBroker.BODY, byte[].class, TIMEOUT)
                  .toCompletableFuture()
                  .get(2 * TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      return measure(tally, callers, roundTrip, "Warren request/reply on '" + queue + "'");
    } finally {
      TestConfig.clear();
    }
  }

  /**
   * One untimed round trip and a pause for the JIT compiler, then {@code callers} threads making
   * the tally's count of round trips between them, each one after the other; every reply must be
   * the request's body.
   */
  private Tally.Run measure(Tally tally, int callers, RoundTrip roundTrip, String what)
      throws Exception {
    check(roundTrip.call());
    Tally.awaitQuietCompiler();
    int total = tally.expected();
    AtomicReference<Exception> firstFailure = new AtomicReference<>();
    List<Callable<Void>> threads = new ArrayList<>();
    for (int caller = 0; caller < callers; caller++) {
      int share = total / callers + (caller < total % callers ? 1 : 0);
      threads.add(
          () -> {
            for (int i = 0; i < share; i++) {
              try {
                check(roundTrip.call());
                tally.finished();
              } catch (Exception e) {
                firstFailure.compareAndSet(null, e);
                tally.failed();
              }
            }
            return null;
          });
    }
    ExecutorService pool = Executors.newFixedThreadPool(callers);
    try {
      tally.start();
      pool.invokeAll(threads);
      return tally.await(timeoutSeconds(), what);
    } catch (IllegalStateException e) {
      if (firstFailure.get() != null) {
        e.addSuppressed(firstFailure.get());
      }
      throw e;
    } finally {
      pool.shutdownNow();
    }
  }

  private static void check(byte[] reply) {
    if (!Arrays.equals(reply, BenchBroker.BODY)) {
      throw new IllegalStateException("a reply is not the request's body");
    }
  }

  private long timeoutSeconds() {
    return Math.max(120, options.messages() / 500);
  }
}

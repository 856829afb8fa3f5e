package dev.warren.bench;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.warren.Publisher;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentNavigableMap;
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
 */
final class PublishScenario {

  static final String QUEUE = "warren.bench.publish";
  static final int WINDOW = 1000;

  private final BenchBroker broker;
  private final BenchOptions options;

  PublishScenario(BenchBroker broker, BenchOptions options) {
    this.broker = broker;
    this.options = options;
  }

  void run(Results results) throws Exception {
    // untimed: the first runs in the JVM would pay for class loading and JIT compilation
    int warmUp = Math.min(options.messages(), ConsumeScenario.WARM_UP_MESSAGES);
    once(true, warmUp);
    once(false, warmUp);
    List<Tally.Run> raw = new ArrayList<>();
    List<Tally.Run> warren = new ArrayList<>();
    for (int round = 1; round <= options.rounds(); round++) {
      boolean rawFirst = round % 2 == 1;
      for (int side = 0; side < 2; side++) {
        boolean rawTurn = (side == 0) == rawFirst;
        Tally.Run run = once(rawTurn, options.messages());
        (rawTurn ? raw : warren).add(run);
        BenchMain.progress(
            String.format(
                Locale.ROOT,
                "publish round %d %s: %s",
                round,
                rawTurn ? "raw" : "Warren",
                Results.describe(run)));
      }
    }
    broker.delete(QUEUE);
    results.throughput(
        String.format(
            Locale.ROOT,
            "2. confirmed publish, %,d x 1 KiB persistent, window %d",
            options.messages(),
            WINDOW),
        raw,
        warren,
        0.95);
  }

  /** One run to a fresh queue, which must then hold every message. */
  private Tally.Run once(boolean rawTurn, int messages) throws Exception {
    broker.recreate(QUEUE, false);
    Tally.Run run = rawTurn ? raw(messages) : warren(messages);
    long held = broker.messageCount(QUEUE);
    if (held != messages) {
      throw new IllegalStateException(
          (rawTurn ? "raw" : "Warren") + " published " + held + " messages, not " + messages);
    }
    return run;
  }

  private Tally.Run raw(int count) throws Exception {
    Tally tally = new Tally(count);
    AtomicInteger returned = new AtomicInteger();
    try (Connection connection = broker.connect("warren-bench-raw-publisher")) {
      tally.start();
      Channel channel = connection.createChannel();
      channel.confirmSelect();
      Semaphore window = new Semaphore(WINDOW);
      ConcurrentSkipListMap<Long, byte[]> outstanding = new ConcurrentSkipListMap<>();
      channel.addReturnListener(message -> returned.incrementAndGet());
      channel.addConfirmListener(
          (tag, multiple) -> {
            int settled = settle(outstanding, tag, multiple);
            window.release(settled);
            tally.finished(settled);
          },
          (tag, multiple) -> {
            int settled = settle(outstanding, tag, multiple);
            window.release(settled);
            for (int i = 0; i < settled; i++) {
              tally.failed();
            }
          });
      for (int i = 0; i < count; i++) {
        window.acquire();
        outstanding.put(channel.getNextPublishSeqNo(), BenchBroker.BODY);
        channel.basicPublish("", QUEUE, true, BenchBroker.PERSISTENT, BenchBroker.BODY);
      }
      Tally.Run run = tally.await(timeoutSeconds(), "raw publish");
      if (returned.get() > 0) {
        throw new IllegalStateException("raw publish: " + returned + " messages were returned");
      }
      return run;
    }
  }

  /** Removes what a confirm covers: one message, or every one up to {@code tag}. */
  private static int settle(
      ConcurrentNavigableMap<Long, byte[]> outstanding, long tag, boolean multiple) {
    if (!multiple) {
      return outstanding.remove(tag) != null ? 1 : 0;
    }
    int settled = 0;
    for (Map.Entry<Long, byte[]> first = outstanding.firstEntry();
        first != null && first.getKey() <= tag;
        first = outstanding.firstEntry()) {
      if (outstanding.remove(first.getKey()) != null) {
        settled++;
      }
    }
    return settled;
  }

  private Tally.Run warren(int count) throws Exception {
    Tally tally = new Tally(count);
    try (WeldContainer container = WeldBoot.withWarren(PublishingBean.class)) {
      Publisher publisher = container.select(PublishingBean.class).get().publisher();
      tally.start();
      for (int i = 0; i < count; i++) {
        publisher
            .publish("", QUEUE, BenchBroker.BODY)
            .whenComplete(
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

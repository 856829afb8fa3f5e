package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.AfterUndeployment;
import dev.warren.it.support.AmqpRecorder;
import dev.warren.it.support.AmqpRecorder.Method;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * Each outcome becomes its settlement frame on the wire (SPEC section 2): Warren's connection goes
 * through a recording proxy, and the tests read the methods Warren sent to the broker.
 */
class FramesIT extends WarrenIT {

  static final String QUEUE = "warren.it.frames";
  static final String DLQ = "warren.it.frames.dlq";
  static final Duration WAIT = Duration.ofSeconds(10);

  static AmqpRecorder recorder;

  @BeforeDeployment
  static void prepare() throws IOException {
    recorder = AmqpRecorder.start();
    Broker.get()
        .queue(DLQ)
        .queue(QUEUE, Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", DLQ));
    TestConfig.set("warren.uri", recorder.uri());
  }

  /** After Warren has shut down: closing the proxy earlier would cut its live connection. */
  @AfterUndeployment
  static void stopRecording() throws IOException {
    if (recorder != null) {
      System.out.println("FramesIT recorded: " + recorder.methods());
      recorder.close();
    }
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(ByBody.class);
  }

  /** One delivery as the handler saw it. */
  record Seen(String body, boolean redelivered, long tag) {}

  /** Settles each message as its body says; records every delivery with its tag. */
  @ApplicationScoped
  public static class ByBody {
    static final List<Seen> SEEN = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = QUEUE)
    public Outcome handle(String body, Delivery delivery) {
      SEEN.add(new Seen(body, delivery.redelivered(), delivery.deliveryTag()));
      if (body.startsWith("ack")) {
        return Outcome.ack();
      }
      if (body.startsWith("drop")) {
        return Outcome.drop();
      }
      // retry once, then ack the redelivery
      return delivery.redelivered() ? Outcome.ack() : Outcome.retry();
    }
  }

  @Test
  void consumerSendsQosThenConsumeOnItsChannel() {
    Method consume = consume();
    List<Method> onChannel =
        recorder.methods().stream()
            .filter(m -> m.connection() == consume.connection())
            .filter(m -> m.channel() == consume.channel())
            .collect(Collectors.toList());
    assertThat(names(onChannel)).containsSubsequence("channel.open", "basic.qos", "basic.consume");
  }

  @Test
  void ackIsOneBasicAckWithoutMultiple() {
    List<String> bodies = List.of("ack-1", "ack-2", "ack-3");
    bodies.forEach(body -> Broker.get().publish(QUEUE, body));
    for (String body : bodies) {
      long tag = awaitTag(body, false);
      awaitSettled(tag);
      assertThat(settlementsOf(tag)).containsExactly(ack(tag));
    }
  }

  @Test
  void dropIsBasicRejectWithoutRequeue() {
    Broker.get().publish(QUEUE, "drop-1");
    long tag = awaitTag("drop-1", false);
    awaitSettled(tag);
    assertThat(settlementsOf(tag)).containsExactly(reject(tag, false));
  }

  @Test
  void retryIsBasicRejectWithRequeueThenTheRedeliveryIsAcked() {
    Broker.get().publish(QUEUE, "retry-1");
    long first = awaitTag("retry-1", false);
    long second = awaitTag("retry-1", true);
    awaitSettled(second);
    assertThat(settlementsOf(first)).containsExactly(reject(first, true));
    assertThat(settlementsOf(second)).containsExactly(ack(second));
    List<String> all = names(consumerSettlements());
    assertThat(all.indexOf(reject(first, true))).isLessThan(all.indexOf(ack(second)));
  }

  @Test
  void neverNackNorMultipleAnywhereOnTheConnection() {
    List.of("ack-mix", "drop-mix", "retry-mix").forEach(body -> Broker.get().publish(QUEUE, body));
    awaitSettled(awaitTag("ack-mix", false));
    awaitSettled(awaitTag("drop-mix", false));
    awaitSettled(awaitTag("retry-mix", true));

    List<Method> all = recorder.methods();
    assertThat(all).filteredOn(Method::settles).isNotEmpty();
    assertThat(all)
        .as("no basic.nack in %s", all)
        .noneMatch(m -> m.classId() == 60 && m.methodId() == 120);
    assertThat(all).as("no multiple=true in %s", all).noneMatch(Method::multiple);
  }

  /** The one {@code basic.consume} Warren sent: its channel is the consumer's channel. */
  private static Method consume() {
    List<Method> consumes =
        recorder.methods().stream()
            .filter(m -> m.name().equals("basic.consume"))
            .collect(Collectors.toList());
    assertThat(consumes).as("basic.consume frames").hasSize(1);
    return consumes.get(0);
  }

  private static List<Method> consumerSettlements() {
    Method consume = consume();
    return recorder.methods().stream()
        .filter(Method::settles)
        .filter(m -> m.connection() == consume.connection())
        .filter(m -> m.channel() == consume.channel())
        .collect(Collectors.toList());
  }

  /** The settlement frames naming {@code tag} on the consumer's channel, as text. */
  private static List<String> settlementsOf(long tag) {
    return names(
        consumerSettlements().stream()
            .filter(m -> m.deliveryTag() == tag)
            .collect(Collectors.toList()));
  }

  private static long awaitTag(String body, boolean redelivered) {
    return await("delivery of '" + body + "' with redelivered=" + redelivered)
        .atMost(WAIT)
        .until(
            () ->
                ByBody.SEEN.stream()
                    .filter(s -> s.body().equals(body) && s.redelivered() == redelivered)
                    .map(Seen::tag)
                    .findFirst()
                    .orElse(null),
            tag -> tag != null);
  }

  private static void awaitSettled(long tag) {
    await("a settlement frame for delivery tag " + tag)
        .atMost(WAIT)
        .until(() -> !settlementsOf(tag).isEmpty());
  }

  private static List<String> names(List<Method> methods) {
    return methods.stream().map(Method::toString).collect(Collectors.toList());
  }

  private static String ack(long tag) {
    return "basic.ack(tag=" + tag + ", multiple=false)";
  }

  private static String reject(long tag, boolean requeue) {
    return "basic.reject(tag=" + tag + ", requeue=" + requeue + ")";
  }
}

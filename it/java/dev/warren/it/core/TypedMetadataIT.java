package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import dev.warren.Delivery;
import dev.warren.Header;
import dev.warren.Outcome;
import dev.warren.OutgoingMessage;
import dev.warren.Publisher;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Headers and properties reach handlers as plain Java types, {@code @Header} parameters take them
 * one by one (a required one missing drops the delivery), and the broker's {@code x-death} reads as
 * records; the publisher sends the properties {@code OutgoingMessage} has.
 */
class TypedMetadataIT extends WarrenIT {

  static final String TYPED = "warren.it.typed";
  static final String EXPIRING = "warren.it.typed.expiring";
  static final String REQUIRED = "warren.it.typed.required";
  static final String REQUIRED_DLQ = "warren.it.typed.required.dlq";
  static final String PUBLISHED = "warren.it.typed.published";

  @RegisterExtension static final LogCapture LOGS = new LogCapture();

  @BeforeDeployment
  static void prepare() {
    Broker.get().queue(TYPED);
    // a message that expires here is dead-lettered to TYPED with the broker's own x-death
    Broker.get()
        .queue(
            EXPIRING,
            Map.of(
                "x-message-ttl",
                1,
                "x-dead-letter-exchange",
                "",
                "x-dead-letter-routing-key",
                TYPED));
    Broker.get().queue(REQUIRED_DLQ);
    Broker.get()
        .queue(
            REQUIRED,
            Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", REQUIRED_DLQ));
    Broker.get().queue(PUBLISHED);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Handlers.class);
  }

  /** What a handler received. */
  record Seen(
      String body,
      Delivery delivery,
      String tenant,
      int small,
      long big,
      Optional<String> missing,
      Optional<Instant> when,
      Map<String, Object> nested) {}

  /** Records what they receive. */
  @ApplicationScoped
  public static class Handlers {
    static final List<Seen> TYPED_SEEN = new CopyOnWriteArrayList<>();
    static final List<String> REQUIRED_SEEN = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = TYPED)
    public Outcome typed(
        String body,
        Delivery delivery,
        @Header("tenant") String tenant,
        @Header("small") int small,
        @Header("big") long big,
        @Header("missing") Optional<String> missing,
        @Header("when") Optional<Instant> when,
        @Header("nested") Map<String, Object> nested) {
      TYPED_SEEN.add(new Seen(body, delivery, tenant, small, big, missing, when, nested));
      return Outcome.ack();
    }

    @RabbitConsumer(queue = REQUIRED)
    public Outcome required(String body, @Header("tenant") String tenant) {
      REQUIRED_SEEN.add(body + "/" + tenant);
      return Outcome.ack();
    }
  }

  @Inject Connection connection;
  @Inject Publisher publisher;

  private static Map<String, Object> headers() {
    Map<String, Object> headers = new HashMap<>();
    headers.put("tenant", "acme"); // arrives as the client's LongString
    headers.put("small", (byte) 7); // a short-short-int on the wire
    headers.put("big", 5_000_000_000L);
    headers.put("when", new Date(1_700_000_000_000L));
    headers.put("nested", Map.of("region", "eu", "ids", List.of(1, 2)));
    return headers;
  }

  private void publish(String queue, String body, AMQP.BasicProperties properties)
      throws Exception {
    try (Channel channel = connection.createChannel()) {
      channel.basicPublish("", queue, properties, body.getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void headersAndPropertiesArrivePlainAndTyped() throws Exception {
    AMQP.BasicProperties properties =
        new AMQP.BasicProperties.Builder()
            .headers(headers())
            .messageId("m-1")
            .correlationId("c-1")
            .contentType("text/plain")
            .contentEncoding("UTF-8")
            .timestamp(new Date(1_700_000_000_000L))
            .appId("shop")
            .type("order.created")
            .userId("guest")
            .replyTo("nowhere")
            .priority(3)
            .expiration("60000")
            .deliveryMode(2)
            .build();
    publish(TYPED, "plain", properties);

    await().atMost(Duration.ofSeconds(10)).until(() -> seen("plain").isPresent());
    Seen seen = seen("plain").orElseThrow();
    Delivery d = seen.delivery();
    assertThat(seen.tenant()).isEqualTo("acme");
    assertThat(seen.small()).isEqualTo(7);
    assertThat(seen.big()).isEqualTo(5_000_000_000L);
    assertThat(seen.missing()).isEmpty();
    assertThat(seen.when()).hasValue(Instant.ofEpochMilli(1_700_000_000_000L));
    assertThat(seen.nested()).isEqualTo(Map.of("region", "eu", "ids", List.of(1, 2)));
    assertThat(d.headers().get("tenant")).isInstanceOf(String.class).isEqualTo("acme");
    assertThat(d.headers().get("small")).isEqualTo(7);
    assertThat(d.header("tenant", String.class)).hasValue("acme");
    assertThat(d.header("small", Long.class)).hasValue(7L);
    assertThat(d.header("absent", String.class)).isEmpty();
    assertThat(d.messageId()).hasValue("m-1");
    assertThat(d.correlationId()).hasValue("c-1");
    assertThat(d.contentType()).hasValue("text/plain");
    assertThat(d.contentEncoding()).hasValue("UTF-8");
    assertThat(d.timestamp()).hasValue(Instant.ofEpochSecond(1_700_000_000L));
    assertThat(d.appId()).hasValue("shop");
    assertThat(d.type()).hasValue("order.created");
    assertThat(d.userId()).hasValue("guest");
    assertThat(d.replyTo()).hasValue("nowhere");
    assertThat(d.priority()).hasValue(3);
    assertThat(d.expiration()).hasValue("60000");
    assertThat(d.persistent()).isTrue();
    assertThat(d.deaths()).isEmpty();
    // the client's own view stays there, unconverted
    assertThat(d.rawProperties().getHeaders().get("tenant"))
        .isInstanceOf(com.rabbitmq.client.LongString.class);
  }

  @Test
  void xDeathReadsAsRecords() throws Exception {
    publish(
        EXPIRING,
        "expired",
        new AMQP.BasicProperties.Builder().headers(headers()).deliveryMode(2).build());

    await().atMost(Duration.ofSeconds(10)).until(() -> seen("expired").isPresent());
    List<Delivery.Death> deaths = seen("expired").orElseThrow().delivery().deaths();
    assertThat(deaths).hasSize(1);
    Delivery.Death death = deaths.get(0);
    assertThat(death.queue()).isEqualTo(EXPIRING);
    assertThat(death.reason()).isEqualTo("expired");
    assertThat(death.count()).isEqualTo(1);
    assertThat(death.exchange()).isEmpty();
    assertThat(death.routingKeys()).containsExactly(EXPIRING);
    assertThat(death.time()).isNotNull();
  }

  @Test
  void aMissingRequiredHeaderIsADecodeFailure() throws Exception {
    publish(REQUIRED, "without", new AMQP.BasicProperties.Builder().build());
    publish(
        REQUIRED,
        "with",
        new AMQP.BasicProperties.Builder().headers(Map.of("tenant", "acme")).build());

    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> Handlers.REQUIRED_SEEN.contains("with/acme"));
    // dropped (basic.reject(requeue=false)), so the queue's own dead-letter route has it
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(REQUIRED_DLQ) == 1);
    List<GetResponse> dropped = Broker.get().drain(REQUIRED_DLQ);
    assertThat(new String(dropped.get(0).getBody(), StandardCharsets.UTF_8)).isEqualTo("without");
    assertThat(Handlers.REQUIRED_SEEN).containsExactly("with/acme");
    assertThat(LOGS.messagesContaining("WARREN-030"))
        .anySatisfy(m -> assertThat(m).contains("the required header 'tenant' is missing"));
  }

  @Test
  void outgoingMessagesCarryTheirProperties() throws Exception {
    publisher
        .publish(
            OutgoingMessage.to("", PUBLISHED)
                .payload("hello")
                .timestamp(Instant.ofEpochSecond(1_700_000_000L))
                .type("greeting")
                .appId("shop")
                .contentEncoding("ISO-8859-1")
                .build())
        .toCompletableFuture()
        .get(10, TimeUnit.SECONDS);

    List<GetResponse> got = Broker.get().drain(PUBLISHED);
    assertThat(got).hasSize(1);
    AMQP.BasicProperties p = got.get(0).getProps();
    assertThat(p.getTimestamp()).isEqualTo(new Date(1_700_000_000_000L));
    assertThat(p.getType()).isEqualTo("greeting");
    assertThat(p.getAppId()).isEqualTo("shop");
    assertThat(p.getContentEncoding()).isEqualTo("ISO-8859-1");
    assertThat(p.getContentType()).isEqualTo("text/plain");
  }

  private static Optional<Seen> seen(String body) {
    return Handlers.TYPED_SEEN.stream().filter(s -> s.body().equals(body)).findFirst();
  }
}

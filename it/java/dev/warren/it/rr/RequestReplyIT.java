package dev.warren.it.rr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.GetResponse;
import dev.warren.OutgoingMessage;
import dev.warren.RequestException;
import dev.warren.RequestException.Reason;
import dev.warren.Requester;
import dev.warren.it.rr.Responders.Quote;
import dev.warren.it.rr.Responders.QuoteRequest;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.util.TypeLiteral;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * SPEC section 8 against the real broker: requests over direct reply-to get their own replies from
 * responder consumers, concurrently; a request nobody answers times out; losing the request channel
 * fails every waiting request at once and the next request works.
 */
class RequestReplyIT extends WarrenIT {

  static final String SILENT = "warren.it.rr.silent";
  static final String HELD = "warren.it.rr.held";
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  @BeforeDeployment
  static void prepare() {
    Broker.get()
        .queue(Responders.ECHO)
        .queue(Responders.QUOTES)
        .queue(Responders.LATER)
        .queue(Responders.QUOTE_LIST)
        .queue(SILENT)
        .queue(HELD);
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Responders.class, Quote.class, QuoteRequest.class);
  }

  @Inject Requester requester;

  private static <T> T reply(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(60, TimeUnit.SECONDS);
  }

  private static RequestException failure(CompletionStage<?> stage) {
    try {
      stage.toCompletableFuture().get(60, TimeUnit.SECONDS);
      throw new AssertionError("the request succeeded, but should have failed");
    } catch (ExecutionException e) {
      assertThat(e.getCause()).isInstanceOf(RequestException.class);
      return (RequestException) e.getCause();
    } catch (Exception e) {
      throw new AssertionError("the request did not complete: " + e, e);
    }
  }

  @Test
  void aRequestWithHeadersAndPropertiesGetsAGenericReply() throws Exception {
    List<Quote> quotes =
        reply(
            requester.request(
                OutgoingMessage.to("", Responders.QUOTE_LIST)
                    .payload(new QuoteRequest("tea", 2))
                    .header("tenant", "acme")
                    .appId("shop")
                    .messageId("m-7")
                    .build(),
                new TypeLiteral<List<Quote>>() {},
                TIMEOUT));

    assertThat(quotes)
        .containsExactly(
            new Quote("acme:tea", 2, 100, "shop/m-7"), new Quote("acme:tea", 4, 180, "shop/m-7"));
  }

  @Test
  void aTypeLiteralReplyTypeWorksForAPlainPayload() throws Exception {
    String echoed =
        reply(requester.request("", Responders.ECHO, "a", new TypeLiteral<String>() {}, TIMEOUT));
    assertThat(echoed).isEqualTo("echo:a");
  }

  @Test
  void aRequestMayNotSetWhatWarrenSets() {
    OutgoingMessage withReplyTo =
        OutgoingMessage.to("", Responders.ECHO).payload("x").replyTo("elsewhere").build();
    assertThatThrownBy(() -> requester.request(withReplyTo, String.class, TIMEOUT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("reply-to");
  }

  @Test
  void eightThreadsOfFiveHundredConcurrentRequestsEachGetTheirOwnReply() throws Exception {
    int threads = 8;
    int perThread = 500;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    long start = System.nanoTime();
    List<Future<List<CompletionStage<String>>>> work = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      work.add(
          pool.submit(
              () -> {
                List<CompletionStage<String>> stages = new ArrayList<>();
                for (int i = 0; i < perThread; i++) {
                  stages.add(
                      requester.request(
                          "", Responders.ECHO, thread + "/" + i, String.class, TIMEOUT));
                }
                return stages;
              }));
    }
    List<List<CompletionStage<String>>> all = new ArrayList<>();
    for (Future<List<CompletionStage<String>>> f : work) {
      all.add(f.get(60, TimeUnit.SECONDS));
    }
    CompletableFuture.allOf(
            all.stream()
                .flatMap(List::stream)
                .map(CompletionStage::toCompletableFuture)
                .toArray(CompletableFuture[]::new))
        .get(60, TimeUnit.SECONDS);
    long elapsedMillis = Math.max(1, (System.nanoTime() - start) / 1_000_000);
    pool.shutdown();

    for (int t = 0; t < threads; t++) {
      for (int i = 0; i < perThread; i++) {
        assertThat(reply(all.get(t).get(i))).isEqualTo("echo:" + t + "/" + i);
      }
    }
    System.out.println(
        "RequestReplyIT: "
            + threads * perThread
            + " concurrent round trips in "
            + elapsedMillis
            + " ms ("
            + threads * perThread * 1000L / elapsedMillis
            + "/s)");
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(Responders.ECHO) == 0);
  }

  @Test
  void sequentialRoundTrips() throws Exception {
    int n = 500;
    long start = System.nanoTime();
    for (int i = 0; i < n; i++) {
      assertThat(reply(requester.request("", Responders.ECHO, "s" + i, String.class, TIMEOUT)))
          .isEqualTo("echo:s" + i);
    }
    long elapsedMicros = (System.nanoTime() - start) / 1000;
    System.out.println(
        "RequestReplyIT: "
            + n
            + " sequential round trips, "
            + elapsedMicros / n
            + " us each ("
            + n * 1_000_000L / elapsedMicros
            + "/s)");
  }

  @Test
  void aRecordRequestGetsARecordReplyCarryingItsCorrelationId() throws Exception {
    Quote quote =
        reply(
            requester.request(
                "", Responders.QUOTES, new QuoteRequest("bolt", 4), Quote.class, TIMEOUT));

    assertThat(quote.item()).isEqualTo("bolt");
    assertThat(quote.cents()).isEqualTo(1000);
    assertThat(quote.correlationId()).isNotBlank();
  }

  @Test
  void anAsyncResponderRepliesWhenItsStageCompletes() throws Exception {
    byte[] reply =
        reply(
            requester.request(
                "",
                Responders.LATER,
                "stressed".getBytes(StandardCharsets.UTF_8),
                byte[].class,
                TIMEOUT));

    assertThat(new String(reply, StandardCharsets.UTF_8)).isEqualTo("desserts");
  }

  @Test
  void aRequestToAQueueWithoutResponderTimesOutAndExpiresFromTheQueue() {
    Duration timeout = Duration.ofMillis(300);
    long start = System.nanoTime();
    RequestException failure =
        failure(requester.request("", SILENT, "anyone?", String.class, timeout));
    Duration waited = Duration.ofNanos(System.nanoTime() - start);

    assertThat(failure.reason()).isEqualTo(Reason.TIMED_OUT);
    assertThat(failure.getMessage()).contains("WARREN-078", "'" + SILENT + "'");
    assertThat(waited).isGreaterThanOrEqualTo(timeout).isLessThan(Duration.ofSeconds(5));
    // the request carried the timeout as its TTL: nobody will answer it to a gone requester
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(SILENT) == 0);
  }

  @Test
  void aRequestIsTransientCarriesItsTypeDirectReplyToItsTimeoutAndAnIdOfItsOwn() {
    Duration timeout = Duration.ofSeconds(20);
    CompletionStage<String> text = requester.request("", HELD, "text?", String.class, timeout);
    CompletionStage<String> bytes =
        requester.request("", HELD, new byte[] {1, 2}, String.class, timeout);
    CompletionStage<String> described =
        requester.request(
            OutgoingMessage.to("", HELD)
                .payload("x")
                .header("tenant", "acme")
                .appId("shop")
                .build(),
            String.class,
            timeout);
    await().atMost(Duration.ofSeconds(10)).until(() -> Broker.get().ready(HELD) == 3);

    List<GetResponse> held = Broker.get().drain(HELD);
    assertThat(held).hasSize(3);
    for (GetResponse request : held) {
      AMQP.BasicProperties properties = request.getProps();
      assertThat(properties.getDeliveryMode()).isEqualTo(1);
      // the broker puts the reply consumer's own address in place of the pseudo-queue's name
      assertThat(properties.getReplyTo()).startsWith("amq.rabbitmq.reply-to.");
      assertThat(properties.getExpiration()).isEqualTo("20000");
      assertThat(properties.getCorrelationId()).isNotBlank();
    }
    assertThat(held.stream().map(r -> r.getProps().getCorrelationId()).distinct()).hasSize(3);
    assertThat(held.get(0).getProps().getContentType()).isEqualTo("text/plain");
    assertThat(held.get(0).getProps().getContentEncoding()).isEqualTo("UTF-8");
    assertThat(held.get(0).getProps().getHeaders()).isNull();
    assertThat(held.get(1).getProps().getContentType()).isEqualTo("application/octet-stream");
    assertThat(held.get(1).getProps().getContentEncoding()).isNull();
    assertThat(held.get(2).getProps().getHeaders()).containsOnlyKeys("tenant");
    assertThat(held.get(2).getProps().getAppId()).isEqualTo("shop");
    // in the order they were sent (one channel), and nobody answers them
    assertThat(List.of(text, bytes, described))
        .allSatisfy(stage -> assertThat(stage.toCompletableFuture()).isNotDone());
  }

  @Test
  void anUnroutableRequestFailsAtOnce() {
    long start = System.nanoTime();
    RequestException failure =
        failure(requester.request("", "warren.it.rr.nobody", "hello?", String.class, TIMEOUT));

    assertThat(failure.reason()).isEqualTo(Reason.UNROUTABLE);
    assertThat(failure.getMessage()).contains("WARREN-079");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
  }

  @Test
  void losingTheChannelFailsEveryWaitingRequestAtOnceAndTheNextRequestWorks() throws Exception {
    List<CompletionStage<String>> waiting = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      waiting.add(requester.request("", SILENT, "wait-" + i, String.class, TIMEOUT));
    }
    // an exchange deleted after Warren checked it makes the broker close the request channel
    // (404); a missing exchange Warren has not seen before fails only its own request
    String doomed = "warren.it.rr.doomed";
    Broker.get().exchange(doomed, "direct");
    assertThat(failure(requester.request(doomed, "x", "check", String.class, TIMEOUT)).reason())
        .isEqualTo(Reason.UNROUTABLE);
    Broker.get().deleteExchange(doomed);
    RequestException missing =
        failure(
            requester.request("warren.it.rr.no-such-exchange", "x", "boom", String.class, TIMEOUT));
    assertThat(missing.reason()).isEqualTo(Reason.NOT_SENT);
    assertThat(missing.getMessage()).contains("WARREN-081", "does not exist");
    long start = System.nanoTime();
    CompletionStage<String> killer = requester.request(doomed, "x", "boom", String.class, TIMEOUT);

    for (CompletionStage<String> stage : waiting) {
      RequestException failure = failure(stage);
      assertThat(failure.reason()).isEqualTo(Reason.CHANNEL_CLOSED);
      assertThat(failure.getMessage()).contains("WARREN-080", "NOT_FOUND");
    }
    assertThat(failure(killer).reason()).isEqualTo(Reason.CHANNEL_CLOSED);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));

    assertThat(reply(requester.request("", Responders.ECHO, "again", String.class, TIMEOUT)))
        .isEqualTo("echo:again");
    Broker.get().drain(SILENT);
  }

  @Test
  void aRequestWithoutReplyToIsAckedWithAWarning() {
    try (LogCapture logs = LogCapture.start()) {
      Broker.get().publish(Responders.QUOTES, "{\"item\":\"nut\",\"quantity\":1}");

      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> !logs.messagesContaining("WARREN-076").isEmpty());
      assertThat(logs.messagesContaining("WARREN-076"))
          .singleElement()
          .satisfies(m -> assertThat(m).contains("'" + Responders.QUOTES + "'", "acked"));
    }
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(Responders.QUOTES) == 0);
  }
}

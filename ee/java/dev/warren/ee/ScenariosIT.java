package dev.warren.ee;

import static dev.warren.ee.app.Consumers.BATCH;
import static dev.warren.ee.app.Consumers.CAPS;
import static dev.warren.ee.app.Consumers.CAPS_DLQ;
import static dev.warren.ee.app.Consumers.DELAY_IN_PROCESS;
import static dev.warren.ee.app.Consumers.DELAY_TTL;
import static dev.warren.ee.app.Consumers.OUTCOMES;
import static dev.warren.ee.app.Consumers.OUTCOMES_DLQ;
import static dev.warren.ee.app.Consumers.OVERRIDE_ANNOTATION;
import static dev.warren.ee.app.Consumers.OVERRIDE_SERVER;
import static dev.warren.ee.app.Consumers.OVERRIDE_WAR;
import static dev.warren.ee.app.Consumers.QUORUM;
import static dev.warren.ee.app.Consumers.QUORUM_DLQ;
import static dev.warren.ee.app.Consumers.SCOPE;
import static dev.warren.ee.app.EeContext.CONTEXT;
import static dev.warren.ee.app.EeContext.CONTEXT_OUT;
import static dev.warren.ee.app.EeContext.TX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.GetResponse;
import dev.warren.ee.app.Api;
import dev.warren.ee.app.Consumers;
import dev.warren.ee.app.EeContext;
import dev.warren.ee.app.Greeter;
import dev.warren.ee.app.Order;
import dev.warren.ee.app.PerDelivery;
import dev.warren.ee.app.Quotes;
import dev.warren.ee.app.ResourceUser;
import dev.warren.ee.app.Seen;
import dev.warren.ee.support.EeBroker;
import dev.warren.ee.support.Poll;
import dev.warren.ee.support.Wars;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The scenarios a WildFly or Open Liberty application relies on, in one WAR packaged as users
 * package it, run inside the server (the build runs this class on both). Queues are made fresh by
 * the deployment method, in the test JVM, before the WAR deploys.
 */
@ExtendWith(ArquillianExtension.class)
class ScenariosIT {

  static final Duration WAIT = Duration.ofSeconds(20);

  @Deployment
  static WebArchive deployment() {
    EeBroker.deleteQueues(
        CAPS, CAPS_DLQ, QUORUM, QUORUM_DLQ, DELAY_TTL, DELAY_TTL + ".retry", BATCH, SCOPE);
    EeBroker.freshQueues(Map.of(), OUTCOMES_DLQ, CONTEXT, CONTEXT_OUT, TX, Quotes.QUEUE);
    EeBroker.freshQueues(Map.of(), OVERRIDE_ANNOTATION, OVERRIDE_WAR, OVERRIDE_SERVER);
    EeBroker.freshQueues(Map.of(), DELAY_IN_PROCESS, "ee.published");
    EeBroker.freshQueues(
        Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", OUTCOMES_DLQ), OUTCOMES);
    return Wars.war(
        "scenarios",
        Map.of(
            "warren.declare-topology",
            "true",
            "warren.consumers." + OUTCOMES + ".declare-topology",
            "false",
            "warren.consumers.ee-override.queue",
            OVERRIDE_WAR,
            "warren.connection-name",
            "warren-ee-scenarios"),
        Consumers.class,
        Order.class,
        PerDelivery.class,
        Quotes.class,
        Quotes.QuoteRequest.class,
        Quotes.Quote.class,
        Api.class,
        Api.Rest.class,
        EeContext.class,
        Greeter.class,
        ResourceUser.class,
        Seen.class);
  }

  @ArquillianResource URL base;

  @Test
  void ackDropAndAnUndecodableBodyBecomeTheirFrames() {
    EeBroker.publish(OUTCOMES, "{\"id\":\"a1\",\"action\":\"ack\"}");
    EeBroker.publish(OUTCOMES, "{\"id\":\"d1\",\"action\":\"drop\"}");
    EeBroker.publish(OUTCOMES, "{\"id\":\"r1\",\"action\":\"retry\"}");
    EeBroker.publish(OUTCOMES, "not json");

    // drop and the undecodable body are rejected without requeue: the queue dead-letters them
    List<GetResponse> dead = Poll.until("2 dead letters", WAIT, () -> twoOrNone(OUTCOMES_DLQ));
    assertEquals(
        List.of("not json", "{\"id\":\"d1\",\"action\":\"drop\"}"),
        EeBroker.bodies(dead).stream().sorted().toList());
    Poll.until(
        "r1 handled twice",
        WAIT,
        () -> Seen.of(OUTCOMES).stream().filter("r1:1"::equals).count() == 2);
    assertEquals(0, EeBroker.ready(OUTCOMES));
    assertTrue(
        Seen.of(OUTCOMES).containsAll(List.of("a1:1", "d1:1")), Seen.of(OUTCOMES).toString());
    assertEquals(4, Seen.of(OUTCOMES).size(), "the undecodable body never reached the method");
  }

  private static List<GetResponse> twoOrNone(String queue) {
    return EeBroker.ready(queue) >= 2 ? EeBroker.drain(queue) : null;
  }

  @Test
  void aClassicCapSendsTheMessageToItsDeadLetterQueueAfterThreeAttempts() {
    EeBroker.publish(CAPS, "c1");

    GetResponse dead =
        Poll.until(
            "the dead letter",
            WAIT,
            () -> EeBroker.drain(CAPS_DLQ).stream().findFirst().orElse(null));
    assertEquals("c1", new String(dead.getBody()));
    assertEquals(
        "max-attempts", dead.getProps().getHeaders().get("x-warren-death-reason").toString());
    assertEquals(List.of("c1:1", "c1:2", "c1:3"), Seen.of(CAPS));
  }

  @Test
  void aQuorumCapLetsTheBrokerDeadLetterTheMessage() {
    EeBroker.publish(QUORUM, "q1");

    GetResponse dead =
        Poll.until(
            "the dead letter",
            WAIT,
            () -> EeBroker.drain(QUORUM_DLQ).stream().findFirst().orElse(null));
    assertEquals("q1", new String(dead.getBody()));
    assertEquals(List.of("q1:1", "q1:2"), Seen.of(QUORUM));
  }

  @Test
  void retryAfterWaitsInTheServiceAndOnTheBroker() {
    EeBroker.publish(DELAY_IN_PROCESS, "n1");
    EeBroker.publish(DELAY_TTL, "t1");

    for (String queue : List.of(DELAY_IN_PROCESS, DELAY_TTL)) {
      List<String> seen =
          Poll.until(
              queue + " twice", WAIT, () -> Seen.of(queue).size() == 2 ? Seen.of(queue) : null);
      long first = Long.parseLong(seen.get(0).substring(seen.get(0).indexOf('@') + 1));
      long second = Long.parseLong(seen.get(1).substring(seen.get(1).indexOf('@') + 1));
      assertTrue(
          seen.get(1).contains(":2@"), queue + ": the second delivery is attempt 2: " + seen);
      assertTrue(
          second - first >= Duration.ofMillis(400).toNanos(),
          queue + ": waited " + (second - first) / 1_000_000 + " ms");
      Poll.until(queue + " empty", WAIT, () -> EeBroker.ready(queue) == 0);
    }
  }

  @Test
  void aBatchConsumerGetsItsDeliveriesInBatches() {
    for (int i = 1; i <= 7; i++) {
      EeBroker.publish(BATCH, "b" + i);
    }

    Poll.until("7 handled", WAIT, () -> String.join(",", Seen.of(BATCH)).split(",").length == 7);
    assertEquals(List.of("b1,b2,b3,b4,b5", "b6,b7"), Seen.of(BATCH));
    Poll.until("all acked", WAIT, () -> EeBroker.ready(BATCH) == 0);
  }

  @Test
  void aJaxRsResourcePublishesWithConfirmsAndAsksTheResponder() throws Exception {
    assertEquals("confirmed", post("api/publish/ee.published", "from-rest"));
    assertEquals(List.of("from-rest"), EeBroker.bodies(EeBroker.drain("ee.published")));

    assertEquals("bolt=1000", post("api/quote/bolt/4", ""));
  }

  @Test
  void theApplicationServesItsAsyncApiDocumentAndPage() throws Exception {
    HttpResponse<String> json = get("warren/asyncapi.json");
    assertEquals(200, json.statusCode(), json.body());
    assertTrue(json.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    assertTrue(json.body().matches("(?s).*\"asyncapi\"\\s*:\\s*\"3\\.0\\.0\".*"), json.body());
    for (String queue : List.of(OUTCOMES, CAPS, QUORUM, BATCH, Quotes.QUEUE)) {
      assertTrue(json.body().contains("\"" + queue + "\""), queue + " in " + json.body());
    }

    HttpResponse<String> page = get("warren/asyncapi.html");
    assertEquals(200, page.statusCode(), page.body());
    assertTrue(page.headers().firstValue("Content-Security-Policy").isPresent(), "a CSP header");
    assertTrue(page.body().contains("<html"), page.body());
  }

  private HttpResponse<String> get(String path) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(base.toExternalForm()).resolve(path)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
  }

  private String post(String path, String body) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(base.toExternalForm()).resolve(path))
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .header("Content-Type", "text/plain")
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), response.body());
    return response.body();
  }

  @Test
  void everyDeliveryHasARequestContextOfItsOwn() {
    EeBroker.publish(SCOPE, "s1");
    EeBroker.publish(SCOPE, "s2");

    List<String> seen =
        Poll.until("2 deliveries", WAIT, () -> Seen.of(SCOPE).size() == 2 ? Seen.of(SCOPE) : null);
    assertTrue(
        seen.get(0).endsWith(":true") && seen.get(1).endsWith(":true"),
        "one bean per delivery: " + seen);
    assertNotEquals(
        seen.get(0).split(":")[1], seen.get(1).split(":")[1], "a fresh bean per delivery: " + seen);
  }

  @Test
  void aServerLevelSettingBeatsTheWarsOwnConfig() {
    EeBroker.publish(OVERRIDE_SERVER, "o1");

    Poll.until(
        "consumed from the server's queue",
        WAIT,
        () -> Seen.of(OVERRIDE_SERVER).contains("o1@" + OVERRIDE_SERVER));
    assertEquals(0, EeBroker.consumers(OVERRIDE_WAR), "nobody consumes the WAR's queue");
    assertEquals(
        0, EeBroker.consumers(OVERRIDE_ANNOTATION), "nobody consumes the annotation's queue");
  }

  @Test
  void handlersAndCallbacksRunWithTheApplicationsEeContext() {
    EeBroker.publish(CONTEXT, "x1");

    List<String> seen =
        Poll.until(
            "the callback", WAIT, () -> Seen.of(CONTEXT).size() >= 7 ? Seen.of(CONTEXT) : null);
    assertEquals(
        List.of(
            "thread=warren-ee.context-1",
            "java:comp/env=found",
            "java:comp/TransactionSynchronizationRegistry=found",
            "resource=true",
            "ejb=hello x1",
            "callback java:comp/env=found"),
        List.of(seen.get(0), seen.get(1), seen.get(2), seen.get(3), seen.get(4), seen.get(6)));
    // a callback runs where the stage completes: a completion thread, or the handler's own
    // thread when the confirm was there before the callback was added
    assertTrue(
        seen.get(5).startsWith("callback thread=warren-confirms-")
            || seen.get(5).equals("callback thread=warren-ee.context-1"),
        seen.get(5));
  }

  @Test
  void aTransactionalHandlerRunsInATransaction() {
    EeBroker.publish(TX, "tx1");

    Poll.until("handled", WAIT, () -> Seen.of(TX).contains("tx1:active=true"));
    Poll.until("acked", WAIT, () -> EeBroker.ready(TX) == 0);
  }
}

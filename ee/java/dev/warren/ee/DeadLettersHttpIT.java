package dev.warren.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.GetResponse;
import dev.warren.ee.support.EeBroker;
import dev.warren.ee.support.Poll;
import dev.warren.ee.support.Servers;
import dev.warren.ee.support.Wars;
import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The dead letter operations over HTTP, behind the server's own security: the WAR turns the
 * endpoint on and brings only a BASIC login-config; the users and their roles are the server's
 * (WildFly: added with add-user.sh by the build, the group as the role; Liberty: the basicRegistry
 * of ee/resources/liberty/server.xml, whose group of the role's name gives the role). Anonymous,
 * role-less and cross-site requests change nothing; the operator counts, browses and replays.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class DeadLettersHttpIT {

  static final String DLQ = "ee.dlhttp.dlq";
  static final String WORK = "ee.dlhttp.work";
  static final String OPERATOR = "dl-operator:Op3rator!pw";
  static final String VIEWER = "dl-viewer:V1ewer!pw";
  static final HttpClient HTTP = HttpClient.newHttpClient();

  @Deployment(testable = false)
  static WebArchive deployment() {
    return Wars.war("dlhttp", Map.of("warren.dead-letters.http.enabled", "true"))
        .addAsWebInfResource(
            new StringAsset(
                "<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"6.0\">\n"
                    + "  <login-config><auth-method>BASIC</auth-method>"
                    + "<realm-name>warren</realm-name></login-config>\n"
                    + "</web-app>\n"),
            "web.xml");
  }

  @BeforeEach
  void threeDeadLetters() {
    EeBroker.freshQueues(Map.of(), DLQ, WORK);
    EeBroker.with(
        ch -> {
          for (String id : List.of("m1", "m2", "m3")) {
            AMQP.BasicProperties properties =
                new AMQP.BasicProperties.Builder()
                    .messageId(id)
                    .contentType("application/json")
                    .deliveryMode(2)
                    .headers(
                        Map.of(
                            "x-warren-origin-queue", WORK,
                            "x-warren-death-reason", "max-attempts",
                            "x-warren-exception", "java.lang.IllegalStateException: boom"))
                    .build();
            ch.basicPublish(
                "", DLQ, properties, ("{\"id\":\"" + id + "\"}").getBytes(StandardCharsets.UTF_8));
          }
          return null;
        });
    Poll.until("3 dead letters", Duration.ofSeconds(10), () -> EeBroker.ready(DLQ) == 3);
  }

  @AfterAll
  static void deleteQueues() {
    EeBroker.deleteQueues(DLQ, WORK);
  }

  @Test
  void anAnonymousRequestIsAskedToLogInAndChangesNothing() throws Exception {
    HttpResponse<String> count = send(get("count?queue=" + DLQ), null);
    HttpResponse<String> replay = send(post("replay?queue=" + DLQ), null);

    assertEquals(401, count.statusCode(), count.body());
    assertTrue(count.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic"));
    assertEquals(401, replay.statusCode(), replay.body());
    nothingChanged();
  }

  @Test
  void aUserWithoutTheRoleIsForbiddenAndChangesNothing() throws Exception {
    HttpResponse<String> count = send(get("count?queue=" + DLQ), VIEWER);
    HttpResponse<String> replay = send(post("replay?queue=" + DLQ), VIEWER);
    HttpResponse<String> purge = send(post("purge?queue=" + DLQ), VIEWER);

    assertEquals(403, count.statusCode(), count.body());
    assertEquals(403, replay.statusCode(), replay.body());
    assertEquals(403, purge.statusCode(), purge.body());
    nothingChanged();
  }

  @Test
  void aCrossSitePostIsRefusedEvenForTheOperatorAndChangesNothing() throws Exception {
    HttpResponse<String> otherOrigin =
        send(post("purge?queue=" + DLQ).header("Origin", "http://evil.example"), OPERATOR);
    HttpResponse<String> form =
        send(
            HttpRequest.newBuilder(endpoint("replay?queue=" + DLQ))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("queue=" + DLQ)),
            OPERATOR);
    HttpResponse<String> crossSite =
        send(post("purge?queue=" + DLQ).header("Sec-Fetch-Site", "cross-site"), OPERATOR);

    for (HttpResponse<String> response : List.of(otherOrigin, form, crossSite)) {
      assertEquals(403, response.statusCode(), response.body());
      assertTrue(response.body().contains("WARREN-342"), response.body());
    }
    assertTrue(otherOrigin.body().contains("http://evil.example"), otherOrigin.body());
    nothingChanged();
  }

  @Test
  void theOperatorCountsBrowsesAndReplaysSelectedDeadLetters() throws Exception {
    HttpResponse<String> count = send(get("count?queue=" + DLQ), OPERATOR);
    assertEquals(200, count.statusCode(), count.body());
    assertTrue(count.body().contains("\"count\":3"), count.body());

    HttpResponse<String> page =
        send(get("browse?queue=" + DLQ + "&queue-type=classic&limit=2"), OPERATOR);
    assertEquals(200, page.statusCode(), page.body());
    String body = page.body();
    assertTrue(body.contains("\"size\":2"), body);
    assertTrue(
        body.contains("\"messageId\":\"m1\"") && body.contains("\"messageId\":\"m2\""), body);
    assertTrue(!body.contains("\"messageId\":\"m3\""), body);
    assertTrue(body.contains("\"originQueue\":\"" + WORK + "\""), body);
    assertTrue(body.contains("\"bodyText\":\"{\\\"id\\\":\\\"m1\\\"}\""), body);
    String base64 =
        Base64.getEncoder().encodeToString("{\"id\":\"m1\"}".getBytes(StandardCharsets.UTF_8));
    assertTrue(body.contains("\"body\":\"" + base64 + "\""), body);

    HttpResponse<String> bad = send(get("browse?queue=" + DLQ + "&limit=ten"), OPERATOR);
    assertEquals(400, bad.statusCode(), bad.body());
    assertTrue(bad.body().contains("WARREN-341") && bad.body().contains("'limit'"), bad.body());

    HttpResponse<String> replay =
        send(
            post("replay?queue=" + DLQ + "&queue-type=classic&message-id=m1&message-id=m3")
                .header("Origin", Servers.httpBase().replaceAll("/$", "")),
            OPERATOR);
    assertEquals(200, replay.statusCode(), replay.body());
    assertTrue(replay.body().contains("\"user\":\"dl-operator\""), replay.body());
    assertTrue(replay.body().contains("\"dryRun\":false"), replay.body());
    assertTrue(replay.body().contains("\"selected\":2,\"done\":2"), replay.body());

    Poll.until("2 replayed into " + WORK, Duration.ofSeconds(10), () -> EeBroker.ready(WORK) == 2);
    List<GetResponse> replayed = EeBroker.drain(WORK);
    assertEquals(
        List.of("m1", "m3"), replayed.stream().map(r -> r.getProps().getMessageId()).toList());
    for (GetResponse r : replayed) {
      assertEquals("1", String.valueOf(r.getProps().getHeaders().get("x-warren-replayed")));
    }
    List<GetResponse> left = EeBroker.drain(DLQ);
    assertEquals(List.of("m2"), left.stream().map(r -> r.getProps().getMessageId()).toList());
    if (Servers.liberty()) {
      // the audit line, in the server's log (WildFly's is in a copy of its base directory)
      File log =
          new File(System.getProperty("liberty.home"), "usr/servers/warren/logs/messages.log");
      String audit =
          Poll.until(
              "the audit line in " + log,
              Duration.ofSeconds(10),
              () -> {
                try {
                  return Files.readAllLines(log.toPath()).stream()
                      .filter(l -> l.contains("WARREN-344"))
                      .filter(l -> l.contains("user 'dl-operator' ran replay"))
                      .findFirst()
                      .orElse(null);
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
      assertTrue(audit.contains("not a dry run") && audit.contains("2 done"), audit);
    }
  }

  private static void nothingChanged() {
    assertEquals(3, EeBroker.ready(DLQ), "the dead letters stay");
    assertEquals(0, EeBroker.ready(WORK), "nothing was replayed");
  }

  private static URI endpoint(String operation) {
    return URI.create(Servers.httpBase() + "dlhttp/warren/dead-letters/" + operation);
  }

  private static HttpRequest.Builder get(String operation) {
    return HttpRequest.newBuilder(endpoint(operation)).GET();
  }

  private static HttpRequest.Builder post(String operation) {
    return HttpRequest.newBuilder(endpoint(operation))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{}"));
  }

  private static HttpResponse<String> send(HttpRequest.Builder request, String user)
      throws Exception {
    if (user != null) {
      request.header(
          "Authorization",
          "Basic " + Base64.getEncoder().encodeToString(user.getBytes(StandardCharsets.UTF_8)));
    }
    return HTTP.send(
        request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
  }
}

package dev.warren.ee.observability;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warren.ee.support.EeBroker;
import dev.warren.ee.support.Poll;
import dev.warren.ee.support.Servers;
import dev.warren.ee.support.Wars;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * On a server with MicroProfile Health and Telemetry: the server's health endpoint shows Warren's
 * readiness and liveness checks, and the trace of a REST call that publishes continues in the
 * consumer. The WAR carries no OpenTelemetry or Health jar: the server provides both APIs.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ObservabilityIT {

  static final Duration WAIT = Duration.ofSeconds(30);
  static final HttpClient HTTP = HttpClient.newHttpClient();

  @Deployment(testable = false)
  static WebArchive observability() {
    EeBroker.deleteQueues(Traced.QUEUE);
    return Wars.war(
        "observability",
        Map.of(
            "warren.declare-topology", "true",
            // MicroProfile Telemetry is off unless the application turns it on; no exporter here
            "otel.sdk.disabled", "false",
            "otel.traces.exporter", "none",
            "otel.metrics.exporter", "none",
            "otel.logs.exporter", "none",
            "otel.service.name", "warren-ee"),
        Traced.class,
        Traced.Rest.class);
  }

  static String get(String url) {
    try {
      return HTTP.send(
              HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
              HttpResponse.BodyHandlers.ofString())
          .body();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The server's health endpoint: Liberty's HTTP port, WildFly's management interface. */
  static String health(String which) {
    String base =
        Servers.liberty()
            ? Servers.httpBase()
            : "http://127.0.0.1:" + Integer.getInteger("ee.wildfly.management-port", 9990) + "/";
    // compact, whatever the server's JSON layout
    return get(base + "health/" + which).replaceAll("\\s", "");
  }

  @Test
  void theServersHealthEndpointShowsWarrensChecks() {
    String[] last = {""};
    String ready;
    try {
      ready =
          Poll.until(
              "Warren's readiness check UP on the server's /health/ready",
              WAIT,
              () -> {
                String body = health("ready");
                last[0] = body;
                return body.contains("\"consumer." + Traced.QUEUE + "\":\"consuming\"")
                    ? body
                    : null;
              });
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + "; last seen: " + last[0], e);
    }
    assertTrue(ready.contains("\"name\":\"warren\""), ready);
    assertTrue(ready.contains("\"connection\":\"open\""), ready);
    String live = health("live");
    assertTrue(live.contains("\"name\":\"warren\""), live);
    assertTrue(live.contains("\"status\":\"UP\""), live);
  }

  @Test
  void aTraceFromARestCallThatPublishesContinuesInTheConsumer() throws Exception {
    String base = Servers.httpBase() + "observability/obs/traced";
    String trace =
        HTTP.send(
                HttpRequest.newBuilder(URI.create(base))
                    .POST(HttpRequest.BodyPublishers.noBody())
                    .timeout(Duration.ofSeconds(20))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body()
            .trim();
    assertTrue(trace.matches("[0-9a-f]{32}") && !trace.matches("0+"), "no server trace: " + trace);

    String seen =
        Poll.until(
            "the consumer ran in the REST call's trace",
            WAIT,
            () -> {
              String lines = get(base + "/seen");
              return lines.contains(trace + "=") ? lines : null;
            });
    assertTrue(seen.contains(trace + "=" + trace), seen);
  }
}

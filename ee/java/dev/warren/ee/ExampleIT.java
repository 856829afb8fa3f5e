package dev.warren.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warren.ee.support.EeBroker;
import dev.warren.ee.support.Poll;
import java.io.File;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The example application (examples/orders-war, built by Maven as a user builds it) deploys on the
 * server and works: an order posted to its REST endpoint is published, consumed and acked, and a
 * quote comes back from its responder.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ExampleIT {

  static final Duration WAIT = Duration.ofSeconds(20);

  @Deployment(testable = false)
  static WebArchive example() {
    EeBroker.deleteQueues("orders", "orders.dlq", "quotes");
    File war = new File(System.getProperty("example.war", "(not set)"));
    if (!war.isFile()) {
      throw new IllegalStateException(
          "the example WAR "
              + war
              + " is missing: build examples/orders-war first (./test.sh does)");
    }
    WebArchive example = ShrinkWrap.createFromZipFile(WebArchive.class, war);
    // the example's own config with the test broker's address (the same unless the build points
    // the tests at another node)
    String config = "/WEB-INF/classes/META-INF/microprofile-config.properties";
    String text;
    try (java.io.InputStream in = example.get(config).getAsset().openStream()) {
      text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    example.delete(config);
    example.add(
        new StringAsset(text.replaceAll("(?m)^warren\\.uri=.*$", "warren.uri=" + EeBroker.uri())),
        config);
    return example;
  }

  @AfterAll
  static void cleanUp() {
    EeBroker.deleteQueues("orders", "orders.dlq", "quotes");
  }

  @ArquillianResource URL base;

  @Test
  void anOrderPostedToTheEndpointIsPublishedConsumedAndAcked() throws Exception {
    HttpResponse<String> posted =
        send(
            HttpRequest.newBuilder(uri("api/orders"))
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"id\":\"o-1\",\"item\":\"bolt\",\"quantity\":4}"))
                .build());

    assertEquals(202, posted.statusCode(), posted.body());
    Poll.until("the order consumed", WAIT, () -> EeBroker.ready("orders") == 0);
    assertEquals(1, EeBroker.consumers("orders"));
    assertEquals(0, EeBroker.ready("orders.dlq"));
  }

  @Test
  void theResponderAnswersAQuote() throws Exception {
    HttpResponse<String> quote =
        send(HttpRequest.newBuilder(uri("api/quotes/nut?quantity=2")).GET().build());

    assertEquals(200, quote.statusCode(), quote.body());
    assertTrue(quote.body().contains("\"cents\":500"), quote.body());
  }

  private URI uri(String path) {
    return URI.create(base.toExternalForm()).resolve(path);
  }

  private static HttpResponse<String> send(HttpRequest request) throws Exception {
    return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
  }
}

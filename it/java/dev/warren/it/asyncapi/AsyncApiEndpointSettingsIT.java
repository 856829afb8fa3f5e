package dev.warren.it.asyncapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WebServer;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The endpoint's settings in a servlet container: {@code warren.asyncapi.enabled=false} serves
 * nothing, the paths move it, and without Warren's CDI extension running it answers 503 with
 * WARREN-091 instead of failing obscurely.
 */
@Tag("container")
class AsyncApiEndpointSettingsIT {

  static final String QUEUE = "warren.it.asyncapi.settings";

  @ApplicationScoped
  public static class Handler {
    @RabbitConsumer(queue = QUEUE)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @BeforeEach
  void prepare() {
    TestConfig.clear();
    Broker.get().queue(QUEUE);
  }

  @AfterEach
  void cleanUp() {
    TestConfig.clear();
    Broker.get().cleanUp();
  }

  private static int status(WebServer web, String path) throws IOException, InterruptedException {
    return get(web, path).statusCode();
  }

  private static HttpResponse<String> get(WebServer web, String path)
      throws IOException, InterruptedException {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(web.url() + path)).build(),
            HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void switchedOffServesNeitherTheDocumentNorThePage() throws Exception {
    TestConfig.set("warren.asyncapi.enabled", "false");
    try (WeldContainer container = WeldSe.start(Handler.class);
        WebServer web = WebServer.start("/app")) {
      assertThat(status(web, "/warren/asyncapi.json")).isEqualTo(404);
      assertThat(status(web, "/warren/asyncapi.html")).isEqualTo(404);
    }
  }

  @Test
  void thePathsSettingsMoveTheDocumentAndThePage() throws Exception {
    TestConfig.set("warren.asyncapi.path", "/docs/messaging.json");
    TestConfig.set("warren.asyncapi.page-path", "/docs/messaging");
    try (WeldContainer container = WeldSe.start(Handler.class);
        WebServer web = WebServer.start("/app")) {
      assertThat(status(web, "/warren/asyncapi.json")).isEqualTo(404);
      HttpResponse<String> json = get(web, "/docs/messaging.json");
      assertThat(json.statusCode()).isEqualTo(200);
      assertThat(json.body()).contains("\"" + QUEUE + "\": {");
      HttpResponse<String> page = get(web, "/docs/messaging");
      assertThat(page.statusCode()).isEqualTo(200);
      // the page links to the document where it is, under the application's context path
      assertThat(page.body()).contains("href=\"/app/docs/messaging.json\"");
    }
  }

  @Test
  void withoutWarrenDeployedTheEndpointAnswers503WithTheReason() throws Exception {
    try (LogCapture log = LogCapture.start();
        WebServer web = WebServer.start("/app")) {
      HttpResponse<String> response = get(web, "/warren/asyncapi.json");

      assertThat(response.statusCode()).isEqualTo(503);
      assertThat(response.body())
          .startsWith("WARREN-091 the AsyncAPI endpoint '/warren/asyncapi.json'");
      assertThat(log.all()).anySatisfy(m -> assertThat(m).startsWith("WARREN-091 "));
    }
  }

  @Test
  void anInvalidPathIsNotServedAndSaysWhy() throws Exception {
    try (LogCapture log = LogCapture.start()) {
      TestConfig.set("warren.asyncapi.path", "warren/*");
      try (WebServer web = WebServer.start("/app")) {
        assertThat(status(web, "/warren/asyncapi.html")).isEqualTo(404);
      }
      assertThat(log.all())
          .anySatisfy(
              m ->
                  assertThat(m)
                      .startsWith("WARREN-090 ")
                      .contains("WARREN-004 config key 'warren.asyncapi.path'"));
    }
  }
}

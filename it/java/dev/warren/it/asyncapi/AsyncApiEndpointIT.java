package dev.warren.it.asyncapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.AsyncApiDocument;
import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.Publishes;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.Requester;
import dev.warren.it.support.AsyncApiValidator;
import dev.warren.it.support.Broker;
import dev.warren.it.support.Chromium;
import dev.warren.it.support.Ocr;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WebServer;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A Weld SE application with consumers and declared publications, in a real servlet container
 * (Undertow, which WildFly uses) that finds Warren's {@code ServletContainerInitializer} through
 * {@code META-INF/services} as containers do for a jar in {@code WEB-INF/lib}: the document is
 * served at {@code /warren/asyncapi.json}, is the injectable bean's, and is valid AsyncAPI 3.0; the
 * page, rendered by headless Chromium, lists every channel, operation and message.
 */
class AsyncApiEndpointIT {

  static final String ORDERS = "warren.it.asyncapi.orders";
  static final String ORDERS_DLQ = "warren.it.asyncapi.orders.dlq";
  static final String PAYMENTS = "warren.it.asyncapi.payments";
  static final String PAYMENTS_DLQ = "warren.it.asyncapi.payments.dlq";
  static final String QUOTES = "warren.it.asyncapi.quotes";
  static final String EXCHANGE = "warren.it.asyncapi.events";
  static final String AUDIT = "warren.it.asyncapi.audit";
  static final Path SCREENSHOT = Path.of("target/asyncapi-page.png");

  static WeldContainer container;
  static WebServer web;

  public record Order(String id, int quantity) {}

  public record OrderPlaced(String id) {}

  public record QuoteRequest(String item) {}

  public record Quote(String item, double price) {}

  @ApplicationScoped
  public static class Shop {
    @RabbitConsumer(
        queue = ORDERS,
        maxAttempts = 5,
        deadLetter = ORDERS_DLQ,
        bindings =
            @dev.warren.Binding(exchange = EXCHANGE, type = "topic", routingKeys = "order.*"))
    public Outcome onOrder(Order order) {
      return Outcome.ack();
    }

    @RabbitConsumer(
        queue = PAYMENTS,
        queueType = QueueType.QUORUM,
        maxAttempts = 3,
        deadLetter = PAYMENTS_DLQ)
    public void onPayment(String payment) {}

    @RabbitConsumer(queue = QUOTES)
    public Quote quote(QuoteRequest request) {
      return new Quote(request.item(), 1.0);
    }
  }

  @ApplicationScoped
  @Publishes(routingKey = AUDIT, payload = String.class)
  public static class Checkout {
    @Inject
    @Publishes(
        exchange = EXCHANGE,
        routingKey = "order.placed",
        payload = OrderPlaced.class,
        description = "An order was placed.")
    Publisher publisher;

    @Inject
    @Publishes(routingKey = QUOTES, payload = QuoteRequest.class, reply = Quote.class)
    Requester requester;

    @Publishes(routingKey = AUDIT, payload = String.class)
    @Publishes(routingKey = AUDIT, payload = byte[].class)
    public void audit(@Publishes(routingKey = AUDIT, payload = String.class) Publisher other) {}
  }

  @BeforeAll
  static void deploy() {
    TestConfig.clear();
    TestConfig.set("warren.declare-topology", "true");
    TestConfig.set("warren.asyncapi.title", "shop");
    TestConfig.set("warren.asyncapi.version", "1.4.0");
    for (String queue : List.of(ORDERS, ORDERS_DLQ, PAYMENTS, PAYMENTS_DLQ, QUOTES)) {
      Broker.get().deleteQueue(queue);
      Broker.get().forget(queue);
    }
    container = WeldSe.start(Shop.class, Checkout.class);
    web = WebServer.start("/shop");
  }

  @AfterAll
  static void undeploy() {
    try {
      if (web != null) {
        web.close();
      }
      if (container != null) {
        container.close();
      }
    } finally {
      Broker.get().cleanUp();
      Broker.get().deleteExchange(EXCHANGE);
      TestConfig.clear();
    }
  }

  private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(web.url() + path)).build(),
            HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void theInitializerIsFoundThroughTheServiceLoaderAsContainersFindIt() {
    assertThat(web.initializers()).contains("dev.warren.internal.servlet.AsyncApiInitializer");
  }

  @Test
  void theDocumentIsServedAsJsonIsTheBeansAndIsValidAsyncApi30() throws Exception {
    HttpResponse<String> response = get("/warren/asyncapi.json");

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValue("application/json;charset=UTF-8");
    String json = response.body();
    assertThat(json).isEqualTo(container.select(AsyncApiDocument.class).get().json());
    AsyncApiValidator.assertValidDocument(json);
    assertThat(json)
        .contains(
            "\"title\": \"shop\"",
            "\"version\": \"1.4.0\"",
            "\"" + ORDERS + "\": {",
            "\"" + ORDERS_DLQ + "\": {",
            "\"" + PAYMENTS_DLQ + "\": {",
            "\"" + EXCHANGE + ".order._\": {",
            "\"" + EXCHANGE + ".order.placed\": {",
            "\"amq.rabbitmq.reply-to\": {",
            "\"action\": \"receive\"",
            "\"action\": \"send\"",
            "\"x-warren-declared-at\": [\n        \"" + Checkout.class.getName() + "#publisher\"",
            "\"" + Checkout.class.getName() + "#requester\"",
            "\"deliveryLimit\": 2",
            "\"OrderPlaced\": {");
    // @Publishes on the class, a method and a parameter: identical ones become one operation
    String checkout = Checkout.class.getName();
    assertThat(json)
        .contains(
            "\"publish." + AUDIT + "\": {",
            "\"publish." + AUDIT + "_2\": {",
            "\"x-warren-declared-at\": [\n        \""
                + checkout
                + "\",\n        \""
                + checkout
                + "#audit\"\n      ]");
  }

  @Test
  void thePageRendersEveryChannelOperationAndMessageInChromium() throws Exception {
    HttpResponse<String> page = get("/warren/asyncapi.html");
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html;charset=UTF-8");
    assertThat(page.headers().firstValue("Content-Security-Policy"))
        .hasValueSatisfying(csp -> assertThat(csp).startsWith("default-src 'none'"));
    String json = get("/warren/asyncapi.json").body();

    String dom = Chromium.dom(web.url() + "/warren/asyncapi.html");

    // what the script built, not the document embedded in the page: elements it creates
    assertThat(dom).contains("<body data-rendered=\"true\">");
    assertThat(rendered(dom, "channel"))
        .containsExactlyInAnyOrderElementsOf(keys(json, "channels"));
    assertThat(rendered(dom, "operation"))
        .containsExactlyInAnyOrderElementsOf(keys(json, "operations"));
    assertThat(rendered(dom, "message"))
        .containsExactlyInAnyOrder(
            "Order", "Text", "QuoteRequest", "Quote", "OrderPlaced", "Bytes");
    for (String queue : List.of(ORDERS, ORDERS_DLQ, PAYMENTS, PAYMENTS_DLQ, QUOTES)) {
      assertThat(dom).contains("<span class=\"badge queue\">queue</span>" + queue + "</h3>");
    }
    assertThat(dom).contains("<span class=\"badge route\">routing key</span>order.placed</h3>");

    Chromium.screenshot(web.url() + "/warren/asyncapi.html", 1100, 1400, SCREENSHOT);
    byte[] png = Files.readAllBytes(SCREENSHOT);
    assertThat(png).startsWith(0x89, 'P', 'N', 'G');
    // what a person sees: the queues fit in the screenshot's height, and OCR reads their names
    String seen = Ocr.letters(Ocr.text(SCREENSHOT));
    for (String queue : List.of(ORDERS, ORDERS_DLQ, PAYMENTS, PAYMENTS_DLQ, QUOTES)) {
      assertThat(seen).as("the screenshot shows '%s'", queue).contains(Ocr.letters(queue));
    }
  }

  @Test
  void thePageLoadsNothingFromElsewhere() throws Exception {
    String page = get("/warren/asyncapi.html").body();
    String markup =
        page.substring(0, page.indexOf("<script id=\"warren-asyncapi\""))
            + page.substring(
                page.indexOf("</script>", page.indexOf("<script id=\"warren-asyncapi\"")));

    assertThat(markup).doesNotContain("src=", "<link", "@import", "url(", "http://", "https://");
  }

  /** The ids of the elements the page's script rendered for {@code kind}. */
  private static List<String> rendered(String dom, String kind) {
    Matcher m =
        Pattern.compile(
                "<article class=\"" + kind + "\" id=\"[^\"]*\" data-" + kind + "=\"([^\"]+)\"")
            .matcher(dom);
    List<String> ids = new java.util.ArrayList<>();
    while (m.find()) {
      ids.add(m.group(1).replace("&amp;", "&"));
    }
    return ids;
  }

  /** The keys of the top-level member {@code member} of the pretty-printed document. */
  private static List<String> keys(String json, String member) {
    int start = json.indexOf("\n  \"" + member + "\": {");
    int end = json.indexOf("\n  }", start);
    Matcher m = Pattern.compile("\n    \"([^\"]+)\": \\{").matcher(json.substring(start, end));
    List<String> keys = new java.util.ArrayList<>();
    while (m.find()) {
      keys.add(m.group(1));
    }
    assertThat(keys).isNotEmpty();
    return keys;
  }
}

package dev.warren.internal.asyncapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.internal.extension.TestDeployments;
import dev.warren.internal.model.DeploymentModel;
import dev.warren.internal.model.PublicationModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The AsyncAPI document of each consumer shape, compared with a golden file under {@code
 * src/test/resources/asyncapi/} (reviewed by reading it; {@code AsyncApiSchemaIT} validates every
 * golden file against the official AsyncAPI 3.0 schema). After a deliberate change, run with {@code
 * -Dwarren.golden.update=true} to rewrite the files, and review the diff.
 */
class AsyncApiGoldenTest {

  static final Path GOLDEN = Path.of("src/test/resources/asyncapi");

  private static void assertGolden(String name, DeploymentModel deployment) throws IOException {
    String actual = new AsyncApi(deployment, null).json();
    Path file = GOLDEN.resolve(name + ".json");
    if (Boolean.getBoolean("warren.golden.update")) {
      Files.createDirectories(GOLDEN);
      Files.writeString(file, actual, StandardCharsets.UTF_8);
    }
    assertThat(file).as("golden file").exists();
    assertThat(actual).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
  }

  private static Map<String, String> declare(String... consumers) {
    java.util.Map<String, String> config = new java.util.HashMap<>();
    config.put("warren.uri", "amqp://app:secret@rabbit.internal:5672/orders");
    config.put("warren.asyncapi.title", "shop");
    config.put("warren.asyncapi.version", "2.1.0");
    for (String consumer : consumers) {
      config.put("warren.consumers." + consumer + ".declare-topology", "true");
    }
    return config;
  }

  @Test
  void classicQueueWithCapAndDeadLetterQueue() throws IOException {
    assertGolden(
        "classic-cap-dead-letter",
        TestDeployments.of(List.of(), declare(), Shapes.ClassicWithCap.class));
  }

  @Test
  void quorumQueueWithBrokerCountedCap() throws IOException {
    assertGolden("quorum", TestDeployments.of(List.of(), declare("payments"), Shapes.Quorum.class));
  }

  @Test
  void quorumQueueWithItsOwnBackOff() throws IOException {
    assertGolden(
        "quorum-back-off",
        TestDeployments.of(List.of(), declare("invoices"), Shapes.QuorumBackOff.class));
  }

  @Test
  void partitionedConsumerWithItsHashingExchange() throws IOException {
    assertGolden(
        "partitioned",
        TestDeployments.of(List.of(), declare("accounts"), Shapes.Partitioned.class));
  }

  @Test
  void dlxTtlWithTiersAndRecursivePayload() throws IOException {
    assertGolden(
        "dlx-ttl-tiers",
        TestDeployments.of(List.of(), declare("shipments"), Shapes.DlxTtlTiers.class));
  }

  @Test
  void pluginDelayWithBytes() throws IOException {
    assertGolden("plugin-dme", TestDeployments.of(List.of(), declare(), Shapes.PluginDelay.class));
  }

  @Test
  void batchConsumer() throws IOException {
    assertGolden("batch", TestDeployments.of(List.of(), declare(), Shapes.Batch.class));
  }

  @Test
  void respondersReply() throws IOException {
    assertGolden("responder", TestDeployments.of(List.of(), declare(), Shapes.Responder.class));
  }

  @Test
  void bindingsAndRetryPublisher() throws IOException {
    assertGolden(
        "bindings", TestDeployments.of(List.of(), declare("order-events"), Shapes.Bindings.class));
  }

  @Test
  void declaredPublicationsAndRequests() throws IOException {
    List<PublicationModel> publications =
        List.of(
            new PublicationModel(
                "", "audit", String.class, null, "", List.of("com.acme.Shop#publisher")),
            new PublicationModel(
                "events",
                "order.created",
                Shapes.OrderCreated.class,
                null,
                "Tells the world an order was placed.",
                List.of("com.acme.Checkout", "com.acme.Shop#publisher")),
            new PublicationModel(
                "",
                "quotes",
                Shapes.QuoteRequest.class,
                Shapes.Quote.class,
                "",
                List.of("com.acme.Shop#requester")));
    assertGolden(
        "publications",
        TestDeployments.of(
            publications, declare("order-events"), Shapes.Bindings.class, Shapes.Responder.class));
  }

  /** A codec of the application's own: Warren knows its content type, not its schemas. */
  static final class ProtobufLikeCodec implements dev.warren.spi.Codec {
    @Override
    public Object decode(byte[] body, java.lang.reflect.Type type, dev.warren.Delivery delivery) {
      throw new UnsupportedOperationException();
    }

    @Override
    public byte[] encode(Object value) {
      throw new UnsupportedOperationException();
    }

    @Override
    public String contentType() {
      return "application/x-protobuf";
    }
  }

  @Test
  void withTheApplicationsCodecPayloadsHaveItsContentTypeAndNoGuessedSchema() {
    DeploymentModel deployment =
        TestDeployments.of(List.of(), declare(), Shapes.ClassicWithCap.class);

    String json = new AsyncApi(deployment, new ProtobufLikeCodec()).json();

    assertThat(json)
        .contains(
            "\"defaultContentType\": \"application/x-protobuf\"",
            "\"contentType\": \"application/x-protobuf\"",
            "encoded by the application's codec " + ProtobufLikeCodec.class.getName())
        .doesNotContain("\"schemas\"", "\"customer\"");
  }
}

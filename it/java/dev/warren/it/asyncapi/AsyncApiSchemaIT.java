package dev.warren.it.asyncapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.warren.internal.asyncapi.Shapes;
import dev.warren.it.support.AsyncApiValidator;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The golden AsyncAPI documents ({@code AsyncApiGoldenTest}) are valid AsyncAPI 3.0.0 by the
 * official JSON Schema and AsyncAPI's parser, and their payload schemas say exactly what JSON-B
 * (Yasson) writes for those types: every property Yasson writes is documented with a matching
 * schema, and no other. Uses npm and node, no broker.
 */
class AsyncApiSchemaIT {

  static final Path GOLDEN = Path.of("src/test/resources/asyncapi");

  private static List<Path> goldenFiles() throws IOException {
    try (Stream<Path> files = Files.list(GOLDEN)) {
      return files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
    }
  }

  @Test
  void everyGoldenDocumentIsValidAsyncApi30() throws IOException {
    List<Path> files = goldenFiles();
    assertThat(files).hasSizeGreaterThanOrEqualTo(8);
    AsyncApiValidator.assertValidDocuments(files);
  }

  @Test
  void theValidatorRejectsWhatTheSchemaForbids() throws IOException {
    String valid = Files.readString(GOLDEN.resolve("responder.json"));
    assertThat(valid).contains("\"action\": \"receive\"", "\"is\": \"queue\"");

    assertThatThrownBy(
            () ->
                AsyncApiValidator.assertValidDocument(
                    valid.replaceFirst("\"action\": \"receive\"", "\"action\": \"consume\"")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("/action");
    assertThatThrownBy(
            () ->
                AsyncApiValidator.assertValidDocument(
                    valid.replaceFirst("\"is\": \"queue\"", "\"is\": \"exchange\"")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("/bindings");
    // valid by the schema, but the operation's message belongs to another channel: the parser
    String echo = "\"$ref\": \"#/channels/echo/messages/Text\"";
    String quotes = "\"$ref\": \"#/channels/quotes/messages/QuoteRequest\"";
    assertThat(valid).contains(quotes);
    assertThatThrownBy(() -> AsyncApiValidator.assertValidDocument(valid.replace(quotes, echo)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("asyncapi3-operation-messages-from-referred-channel");
  }

  @Test
  void payloadSchemasListExactlyWhatJsonbWrites() throws Exception {
    try (Jsonb jsonb = JsonbBuilder.create()) {
      Shapes.Order order =
          new Shapes.Order(
              UUID.fromString("0b2c9a7e-3d4f-4a51-9c1e-2f5b8d7a6e10"),
              new Shapes.Customer("Ada", "ada@example.com"),
              List.of(new Shapes.Line("bolt", 4, new BigDecimal("0.25"))),
              Set.of("rush"),
              Map.of("bolt", 100),
              Optional.of("leave at the door"),
              Shapes.Status.PAID,
              Instant.parse("2024-01-31T09:15:30Z"),
              LocalDate.parse("2024-02-02"),
              LocalDateTime.parse("2024-01-31T10:15:30"),
              "not for the wire",
              new byte[] {1, -2, 3});
      AsyncApiValidator.assertExactPayload(
          GOLDEN.resolve("classic-cap-dead-letter.json"), "Order", jsonb.toJson(order));

      Shapes.Payment payment = new Shapes.Payment();
      payment.setReference("p-1");
      payment.setCents(1250);
      payment.setRefunded(true);
      for (String field : List.of("hidden", "cache")) {
        var f = Shapes.Payment.class.getDeclaredField(field);
        f.setAccessible(true);
        f.set(payment, "set, so that JSON-B would write it if it were a property");
      }
      AsyncApiValidator.assertExactPayload(
          GOLDEN.resolve("quorum.json"), "Payment", jsonb.toJson(payment));

      Shapes.Category tree =
          new Shapes.Category(
              "tools",
              List.of(
                  new Shapes.Category("screws", List.of()),
                  new Shapes.Category("nails", List.of())));
      AsyncApiValidator.assertExactPayload(
          GOLDEN.resolve("dlx-ttl-tiers.json"), "Category", jsonb.toJson(tree));

      AsyncApiValidator.assertExactPayload(
          GOLDEN.resolve("batch.json"),
          "Event",
          jsonb.toJson(new Shapes.Event("stock.low", Map.of("sku", "bolt"))));
      AsyncApiValidator.assertExactPayload(
          GOLDEN.resolve("responder.json"),
          "Quote",
          jsonb.toJson(
              new Shapes.Quote(
                  "bolt", new BigDecimal("1.05"), Instant.parse("2024-01-31T10:00:00Z"))));
      AsyncApiValidator.assertExactPayload(
          GOLDEN.resolve("publications.json"),
          "OrderCreated",
          jsonb.toJson(new Shapes.OrderCreated(UUID.randomUUID(), Instant.now())));
    }
  }

  @Test
  void anUndocumentedPropertyFailsTheExactCheck() {
    assertThatThrownBy(
            () ->
                AsyncApiValidator.assertExactPayload(
                    GOLDEN.resolve("batch.json"),
                    "Event",
                    "{\"type\":\"x\",\"attributes\":{},\"extra\":1}"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("additionalProperties");
  }
}

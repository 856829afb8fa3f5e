package dev.warren.internal.asyncapi;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.bind.adapter.JsonbAdapter;
import jakarta.json.bind.annotation.JsonbDateFormat;
import jakarta.json.bind.annotation.JsonbNumberFormat;
import jakarta.json.bind.annotation.JsonbTypeAdapter;
import java.lang.reflect.Type;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JSON-B rules the golden documents do not show. */
class PayloadSchemasTest {

  public record Key(int shard) {}

  public static class Page<T> {
    public List<T> items;
    public int total;
  }

  public static class Money {}

  public interface Shape {}

  public static class MoneyAdapter implements JsonbAdapter<Money, String> {
    @Override
    public String adaptToJson(Money money) {
      return "1 EUR";
    }

    @Override
    public Money adaptFromJson(String text) {
      return new Money();
    }
  }

  public record Formatted(
      @JsonbDateFormat("dd.MM.yyyy") LocalDate day,
      @JsonbNumberFormat("#0.00") double amount,
      @JsonbTypeAdapter(MoneyAdapter.class) Money price,
      Map<Key, String> byKey,
      Shape shape) {}

  public static class Holder {
    public Page<Key> keys;
    public Page<String> names;
  }

  private final PayloadSchemas schemas = new PayloadSchemas();

  @SuppressWarnings("unchecked")
  private Map<String, Object> properties(String component) {
    return (Map<String, Object>)
        ((Map<String, Object>) schemas.components().get(component)).get("properties");
  }

  @Test
  void formatsAndAdaptersReplaceTheTypesMapping() {
    schemas.schema(Formatted.class);
    Map<String, Object> p = properties("Formatted");

    assertThat(p.get("day"))
        .isEqualTo(Map.of("type", "string", "description", "formatted as 'dd.MM.yyyy'"));
    assertThat(p.get("amount"))
        .isEqualTo(Map.of("type", "string", "description", "formatted as '#0.00'"));
    assertThat(p.get("price").toString()).contains("written by @JsonbTypeAdapter");
    assertThat(schemas.components()).doesNotContainKey("Money");
    // keys that are no text: JSON-B writes the entries as an array of key and value
    assertThat(p.get("byKey").toString()).startsWith("{type=array, items={type=object");
    assertThat(p.get("shape").toString()).contains("Shape is abstract");
  }

  @Test
  void eachParameterizationOfAGenericClassIsItsOwnSchema() throws Exception {
    Type keys = Holder.class.getField("keys").getGenericType();
    Type names = Holder.class.getField("names").getGenericType();

    assertThat(schemas.schema(keys)).isEqualTo(Map.of("$ref", "#/components/schemas/Page_Key"));
    assertThat(schemas.schema(names)).isEqualTo(Map.of("$ref", "#/components/schemas/Page_String"));
    assertThat(properties("Page_Key").get("items").toString())
        .isEqualTo("{type=array, items={$ref=#/components/schemas/Key}}");
    assertThat(properties("Page_String").get("items").toString())
        .isEqualTo("{type=array, items={type=string}}");
  }
}

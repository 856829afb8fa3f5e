package dev.warren.internal.extension;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Argument;
import dev.warren.QueueType;
import dev.warren.internal.config.DeliveryLimit;
import dev.warren.internal.config.WarrenConfig;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where a quorum consumer's delivery limit comes from (config over the x-delivery-limit argument
 * over the default) and which combinations are deployment problems.
 */
class DeliveryLimitSettingTest {

  private static final String WHERE = "com.acme.Orders#onOrder";

  private final List<String> problems = new ArrayList<>();

  private static WarrenConfig config(List<String> problems, String... keysAndValues) {
    Map<String, String> properties = new HashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      properties.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return new WarrenConfig(
        new SmallRyeConfigBuilder()
            .withSources(new PropertiesConfigSource(properties, "test", 100))
            .build(),
        problems::add);
  }

  private static Argument argument(String name, String value, Argument.Type type) {
    return new Argument() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String value() {
        return value;
      }

      @Override
      public Type type() {
        return type;
      }

      @Override
      public Class<? extends Annotation> annotationType() {
        return Argument.class;
      }
    };
  }

  private DeliveryLimit resolve(
      QueueType type, int maxAttempts, boolean declare, Argument[] arguments, String... config) {
    return QueueArguments.deliveryLimit(
        config(problems, config),
        arguments,
        type,
        maxAttempts,
        declare,
        "orders",
        WHERE,
        problems::add);
  }

  private DeliveryLimit resolve(
      QueueType type, int maxAttempts, boolean declare, String... config) {
    return resolve(type, maxAttempts, declare, new Argument[0], config);
  }

  @Test
  void anUncappedQuorumQueueWarrenDeclaresHasNoLimitByDefault() {
    assertThat(resolve(QueueType.QUORUM, 0, true)).isEqualTo(DeliveryLimit.UNLIMITED);
    assertThat(problems).isEmpty();
  }

  @Test
  void aQueueWarrenDoesNotDeclareHasWhateverTheBrokerHas() {
    assertThat(resolve(QueueType.QUORUM, 0, false)).isEqualTo(DeliveryLimit.UNSTATED);
    assertThat(problems).isEmpty();
  }

  @Test
  void theArgumentStatesALimitAndConfigWinsOverIt() {
    Argument[] five = {argument("x-delivery-limit", "5", Argument.Type.NUMBER)};

    assertThat(resolve(QueueType.QUORUM, 0, true, five)).isEqualTo(DeliveryLimit.limit(5));
    assertThat(
            resolve(
                QueueType.QUORUM,
                0,
                true,
                five,
                "warren.consumers.orders.delivery-limit",
                "unlimited"))
        .isEqualTo(DeliveryLimit.UNLIMITED);
    assertThat(
            resolve(
                QueueType.QUORUM,
                0,
                true,
                new Argument[] {argument("x-delivery-limit", "-1", Argument.Type.NUMBER)}))
        .isEqualTo(DeliveryLimit.UNLIMITED);
    assertThat(problems).isEmpty();
  }

  @Test
  void aPolicyIsAllowedWithAndWithoutDeclareTopology() {
    String[] policy = {"warren.consumers.orders.delivery-limit", "policy"};
    assertThat(resolve(QueueType.QUORUM, 0, true, policy)).isEqualTo(DeliveryLimit.POLICY);
    assertThat(resolve(QueueType.QUORUM, 0, false, policy)).isEqualTo(DeliveryLimit.POLICY);
    assertThat(problems).isEmpty();
  }

  @Test
  void aLimitWarrenCannotDeclareIsAProblemNamingTheKeyAndThePolicyWay() {
    resolve(QueueType.QUORUM, 0, false, "warren.consumers.orders.delivery-limit", "3");

    assertThat(problems)
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .startsWith("WARREN-005 consumer 'orders' (" + WHERE + "): delivery-limit=3")
                    .contains("'warren.consumers.orders.delivery-limit'")
                    .contains("'warren.consumers.orders.declare-topology=true'")
                    .contains("'warren.consumers.orders.delivery-limit=policy'"));
  }

  @Test
  void aLimitOnAClassicOrCappedConsumerIsAProblemUnlessItComesFromTheDefaults() {
    resolve(QueueType.CLASSIC, 0, true, "warren.consumers.orders.delivery-limit", "3");
    resolve(QueueType.QUORUM, 4, true, "warren.consumers.orders.delivery-limit", "unlimited");
    assertThat(problems).hasSize(2);
    assertThat(problems.get(0)).startsWith("WARREN-005 ").contains("classic queue");
    assertThat(problems.get(1)).startsWith("WARREN-005 ").contains("maxAttempts sets the limit");

    problems.clear();
    assertThat(resolve(QueueType.CLASSIC, 0, true, "warren.consumers.defaults.delivery-limit", "3"))
        .isEqualTo(DeliveryLimit.UNSTATED);
    assertThat(resolve(QueueType.QUORUM, 0, true, "warren.consumers.defaults.delivery-limit", "3"))
        .isEqualTo(DeliveryLimit.limit(3));
    assertThat(problems).isEmpty();
  }

  @Test
  void theArgumentIsRefusedWhereWarrenSetsTheLimitOrItCannotMeanOne() {
    resolve(
        QueueType.QUORUM,
        3,
        true,
        new Argument[] {argument("x-delivery-limit", "-1", Argument.Type.NUMBER)});
    resolve(
        QueueType.CLASSIC,
        0,
        true,
        new Argument[] {argument("x-delivery-limit", "5", Argument.Type.NUMBER)});
    resolve(
        QueueType.QUORUM,
        0,
        true,
        new Argument[] {argument("x-delivery-limit", "5", Argument.Type.STRING)});
    resolve(
        QueueType.QUORUM,
        0,
        true,
        new Argument[] {argument("x-delivery-limit", "-3", Argument.Type.NUMBER)});
    resolve(
        QueueType.QUORUM,
        0,
        true,
        new Argument[] {argument("x-delivery-limit", "lots", Argument.Type.NUMBER)});

    assertThat(problems).hasSize(5).allMatch(p -> p.startsWith("WARREN-024 "));
    assertThat(problems.get(0)).contains("set maxAttempts=0 to choose the limit yourself");
    assertThat(problems.get(1)).contains("a classic queue has no delivery limit");
    assertThat(problems.get(2)).contains("must have type NUMBER");
    assertThat(problems.get(3)).contains("'-3'", "-1 (unlimited)");
    assertThat(problems.get(4)).contains("'lots'", "not a whole number");
  }

  @Test
  void anUnparsableConfigValueIsAConfigProblem() {
    assertThat(resolve(QueueType.QUORUM, 0, true, "warren.consumers.orders.delivery-limit", "lots"))
        .isEqualTo(DeliveryLimit.UNLIMITED);
    assertThat(problems)
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .startsWith(
                        "WARREN-004 config key 'warren.consumers.orders.delivery-limit' has"
                            + " invalid value 'lots'"));
  }
}

package dev.warren.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The values of 'delivery-limit' and of an x-delivery-limit argument. */
class DeliveryLimitTest {

  @Test
  void wordsAndNumbers() {
    assertThat(DeliveryLimit.parse("unlimited")).isEqualTo(DeliveryLimit.UNLIMITED);
    assertThat(DeliveryLimit.parse(" Unlimited ")).isEqualTo(DeliveryLimit.UNLIMITED);
    assertThat(DeliveryLimit.parse("policy")).isEqualTo(DeliveryLimit.POLICY);
    assertThat(DeliveryLimit.parse("-1")).isEqualTo(DeliveryLimit.UNLIMITED);
    assertThat(DeliveryLimit.parse("0")).isEqualTo(DeliveryLimit.limit(0));
    assertThat(DeliveryLimit.parse("20")).isEqualTo(DeliveryLimit.limit(20));
  }

  @Test
  void minusOneIsRabbitMqFoursSpellingOfNoLimitAndOtherNegativesAreRefused() {
    assertThat(DeliveryLimit.of(-1)).isEqualTo(DeliveryLimit.UNLIMITED);
    assertThatThrownBy(() -> DeliveryLimit.of(-2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-1 (unlimited)");
    assertThatThrownBy(() -> DeliveryLimit.parse("-5"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void anythingElseIsRefusedSayingWhatIsExpected() {
    assertThatThrownBy(() -> DeliveryLimit.parse("infinite"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("expected unlimited, policy, or a whole number (-1 for unlimited, 0 or more)");
  }

  @Test
  void onlyALimitOrNoLimitIsDeclared() {
    assertThat(DeliveryLimit.UNLIMITED.declared()).isTrue();
    assertThat(DeliveryLimit.limit(3).declared()).isTrue();
    assertThat(DeliveryLimit.POLICY.declared()).isFalse();
    assertThat(DeliveryLimit.UNSTATED.declared()).isFalse();
  }

  @Test
  void readsAsUsersWriteIt() {
    assertThat(DeliveryLimit.UNLIMITED).hasToString("unlimited");
    assertThat(DeliveryLimit.POLICY).hasToString("policy");
    assertThat(DeliveryLimit.limit(4)).hasToString("4");
  }
}

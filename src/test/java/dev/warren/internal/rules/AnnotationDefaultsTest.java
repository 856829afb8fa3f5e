package dev.warren.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.warren.RabbitConsumer;
import dev.warren.RetryPublisher;
import org.junit.jupiter.api.Test;

/** Deployment reads the annotation's defaults from the annotation type, not from copies. */
class AnnotationDefaultsTest {

  @Test
  void readsTheDefaultsTheAnnotationDeclares() {
    assertThat(AnnotationDefaults.of(RabbitConsumer.class, "prefetch", Integer.class))
        .isEqualTo(250);
    assertThat(AnnotationDefaults.of(RabbitConsumer.class, "batchWait", String.class))
        .isEqualTo("50ms");
    RetryPublisher retry =
        AnnotationDefaults.of(RabbitConsumer.class, "retryPublisher", RetryPublisher.class);
    assertThat(retry.exchange()).isEmpty();
    assertThat(retry.routingKey()).isEmpty();
    assertThat(retry.persistent()).isTrue();
  }

  @Test
  void anElementWithoutDefaultIsRefused() {
    assertThatThrownBy(() -> AnnotationDefaults.of(RabbitConsumer.class, "queue", String.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'queue' has no default");
    assertThatThrownBy(() -> AnnotationDefaults.of(RabbitConsumer.class, "nope", String.class))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

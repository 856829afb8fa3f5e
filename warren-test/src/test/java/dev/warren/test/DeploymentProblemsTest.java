package dev.warren.test;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.warren.test.app.NoPayload;
import jakarta.enterprise.inject.spi.DeploymentException;
import org.junit.jupiter.api.Test;

/** The kit validates the deployment as Warren does in production. */
class DeploymentProblemsTest {

  @Test
  void aConsumerWarrenRefusesFailsTheKitsStartWithItsId() {
    try (WarrenTestKit broken = WarrenTestKit.withoutBroker(NoPayload.class)) {
      assertThatThrownBy(broken::start)
          .isInstanceOf(DeploymentException.class)
          .hasMessageContaining("WARREN-010 consumer 'nothing'");
    }
  }
}

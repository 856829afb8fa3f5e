package dev.warren.it.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Outbox;
import dev.warren.Publisher;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On Weld SE (no JNDI, no JTA) an {@code @Outbox Publisher} injection point fails deployment: with
 * no {@code warren.datasource} the problem names the setting, and in any case it says that the
 * outbox needs a Jakarta EE server's transactions. An application that does not inject it deploys
 * as before (every other IT).
 */
@Tag("container")
class OutboxOnWeldSeIT {

  @ApplicationScoped
  public static class PlacesOrders {
    @Inject @Outbox Publisher publisher;
  }

  @BeforeEach
  @AfterEach
  void clear() {
    TestConfig.clear();
  }

  @Test
  void anOutboxWithoutADatasourceNamesTheSettingAndTheMissingTransactions() {
    String failure = WeldSe.deploymentFailure(PlacesOrders.class);

    assertThat(failure)
        .contains("WARREN-001")
        .contains("WARREN-310")
        .contains("warren.datasource")
        .contains(PlacesOrders.class.getName() + ".publisher")
        .contains("WARREN-312")
        .contains("Jakarta EE server");
  }

  @Test
  void anOutboxWithADatasourceOnWeldSeSaysItNeedsAServersTransactions() {
    TestConfig.set("warren.datasource", "java:jboss/datasources/OrdersDS");

    String failure = WeldSe.deploymentFailure(PlacesOrders.class);

    assertThat(failure).contains("WARREN-312").contains("Weld SE").doesNotContain("WARREN-310");
  }
}

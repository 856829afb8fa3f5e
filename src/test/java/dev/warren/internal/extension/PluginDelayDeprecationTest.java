package dev.warren.internal.extension;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code Delay.PLUGIN_DME} is deprecated in the API, which only the compiler tells about; a config
 * key that chooses it gets the same word at deployment, and the consumer still deploys.
 */
class PluginDelayDeprecationTest {

  public static class Reminders {
    @RabbitConsumer(queue = "reminders")
    public Outcome onReminder(String body) {
      return Outcome.ack();
    }
  }

  @Test
  void choosingThePluginByConfigWarnsThatItIsDeprecatedAndDeploys() {
    List<String> warnings = new ArrayList<>();
    List<String> problems =
        TestDeployments.problems(
            Map.of("warren.consumers.reminders.delay", "plugin-dme"), warnings, Reminders.class);
    assertThat(problems).isEmpty();
    assertThat(warnings)
        .singleElement()
        .satisfies(
            w ->
                assertThat(w)
                    .startsWith("WARREN-027 consumer 'reminders'")
                    .contains(
                        "'warren.consumers.reminders.delay'",
                        "archived in 2026",
                        "delay=DLX_TTL",
                        "delayedRetryType"));
  }

  @Test
  void otherStrategiesDoNotWarn() {
    List<String> warnings = new ArrayList<>();
    TestDeployments.problems(
        Map.of("warren.consumers.reminders.delay", "dlx-ttl"), warnings, Reminders.class);
    assertThat(warnings).noneMatch(w -> w.startsWith("WARREN-027"));
  }
}

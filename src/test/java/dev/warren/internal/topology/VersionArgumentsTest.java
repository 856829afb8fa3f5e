package dev.warren.internal.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.TestConsumerModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Queue arguments RabbitMQ 4.3 refuses or ignores, found before the declare: what would close the
 * connection or the channel at run time is a deployment problem, what the broker ignores a warning.
 */
class VersionArgumentsTest {

  private static final BrokerVersion V3 = BrokerVersion.parse("3.10.8");
  private static final BrokerVersion V4_0 = BrokerVersion.parse("4.0.5");
  private static final BrokerVersion V4_3 = BrokerVersion.parse("4.3.6");

  private static ConsumerModel withArguments(Map<String, Object> arguments) {
    return TestConsumerModel.consumer().arguments(arguments).build();
  }

  @Test
  void theMasterLocatorIsTriedOnAProbeFromFourOnAndItsRefusalIsAProblem() {
    ConsumerModel model = withArguments(Map.of("x-queue-master-locator", "min-masters"));

    // whether a node refuses it depends on its settings (4.3 does by default): a probe finds out
    assertThat(VersionArguments.probeFirst(model, V4_3)).isTrue();
    assertThat(VersionArguments.probeFirst(model, V4_0)).isTrue();
    assertThat(VersionArguments.probeFirst(model, V3)).isFalse();
    assertThat(VersionArguments.probeFirst(withArguments(Map.of()), V4_3)).isFalse();
    assertThat(
            VersionArguments.locatorRefused(
                model, V4_3, "541 INTERNAL_ERROR - Feature `queue_master_locator` is deprecated."))
        .startsWith("WARREN-285 ")
        .contains("'x-queue-master-locator'", "541", "RabbitMQ 4.3.6", "'orders.in'");
  }

  @Test
  void theMasterLocatorIsAWarningFromFourOnAndNothingOnThree() {
    Map<String, Object> locator = Map.of("x-queue-master-locator", "min-masters");

    for (BrokerVersion version : new BrokerVersion[] {V4_0, V4_3}) {
      VersionArguments.Found found = VersionArguments.check(withArguments(locator), version);
      assertThat(found.problems()).isEmpty();
      assertThat(found.warnings())
          .singleElement()
          .asString()
          .startsWith("WARREN-286 ")
          .contains("deprecated", "4.3");
    }
    assertThat(VersionArguments.check(withArguments(locator), V3))
        .isEqualTo(new VersionArguments.Found(List.of(), List.of()));
  }

  @Test
  void queueVersionOneIsAProblemOnFourThreeAndVersionTwoIsFine() {
    assertThat(
            VersionArguments.check(withArguments(Map.of("x-queue-version", 1L)), V4_3).problems())
        .singleElement()
        .asString()
        .startsWith("WARREN-285 ")
        .contains("'x-queue-version'", "406");
    assertThat(
            VersionArguments.check(withArguments(Map.of("x-queue-version", "1")), V4_3).problems())
        .hasSize(1);
    assertThat(
            VersionArguments.check(withArguments(Map.of("x-queue-version", 2L)), V4_3).problems())
        .isEmpty();
    assertThat(
            VersionArguments.check(withArguments(Map.of("x-queue-version", 1L)), V4_0).problems())
        .isEmpty();
  }

  @Test
  void queueModeIsAWarningOnFourThreeWhichIgnoresIt() {
    VersionArguments.Found found =
        VersionArguments.check(withArguments(Map.of("x-queue-mode", "lazy")), V4_3);

    assertThat(found.problems()).isEmpty();
    assertThat(found.warnings())
        .singleElement()
        .asString()
        .startsWith("WARREN-286 ")
        .contains("'x-queue-mode'", "ignored", "'orders.in'");
    assertThat(
            VersionArguments.check(withArguments(Map.of("x-queue-mode", "lazy")), V4_0).warnings())
        .isEmpty();
  }

  @Test
  void anUnreadableVersionOrOtherArgumentsFindNothing() {
    Map<String, Object> all =
        Map.of(
            "x-queue-master-locator", "min-masters", "x-queue-version", 1L, "x-queue-mode", "lazy");
    assertThat(VersionArguments.check(withArguments(all), BrokerVersion.UNKNOWN))
        .isEqualTo(new VersionArguments.Found(List.of(), List.of()));
    assertThat(VersionArguments.check(withArguments(Map.of("x-max-length", 10L)), V4_3))
        .isEqualTo(new VersionArguments.Found(List.of(), List.of()));
  }
}

package dev.warren.internal.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.impl.LongStringHelper;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading the broker's version from a connection's server properties, and what follows from it. */
class BrokerVersionTest {

  @Test
  void readsTheVersionTheClientHandsOverAsALongString() {
    Map<String, Object> properties = new HashMap<>();
    properties.put("product", LongStringHelper.asLongString("RabbitMQ"));
    properties.put("version", LongStringHelper.asLongString("4.0.5"));

    BrokerVersion version = BrokerVersion.of(properties);

    assertThat(version.major()).isEqualTo(4);
    assertThat(version.minor()).isZero();
    assertThat(version.text()).isEqualTo("4.0.5");
    assertThat(version.known()).isTrue();
  }

  @Test
  void readsMajorAndMinorOfReleasesAndPreReleases() {
    assertThat(BrokerVersion.parse("3.10.8")).isEqualTo(new BrokerVersion("3.10.8", 3, 10));
    assertThat(BrokerVersion.parse("4.1.0-rc.1")).isEqualTo(new BrokerVersion("4.1.0-rc.1", 4, 1));
    assertThat(BrokerVersion.parse("3.13.7+1.g1234"))
        .isEqualTo(new BrokerVersion("3.13.7+1.g1234", 3, 13));
  }

  @Test
  void aMissingOrUnreadableVersionIsUnknown() {
    assertThat(BrokerVersion.of(Map.of())).isEqualTo(BrokerVersion.UNKNOWN);
    assertThat(BrokerVersion.of(null)).isEqualTo(BrokerVersion.UNKNOWN);
    assertThat(BrokerVersion.parse("").known()).isFalse();
    assertThat(BrokerVersion.parse("four").known()).isFalse();
    assertThat(BrokerVersion.parse("4").known()).isFalse();
    assertThat(BrokerVersion.parse("99999999999.1").known()).isFalse();
    assertThat(BrokerVersion.parse("four").text()).isEqualTo("four");
  }

  @Test
  void fromFourOnQuorumQueuesAreLimitedByDefault() {
    assertThat(BrokerVersion.parse("3.10.8").limitsQuorumQueuesByDefault()).isFalse();
    assertThat(BrokerVersion.parse("3.13.7").limitsQuorumQueuesByDefault()).isFalse();
    assertThat(BrokerVersion.parse("4.0.0").limitsQuorumQueuesByDefault()).isTrue();
    assertThat(BrokerVersion.parse("4.2.1").limitsQuorumQueuesByDefault()).isTrue();
    assertThat(BrokerVersion.UNKNOWN.limitsQuorumQueuesByDefault()).isFalse();
  }

  @Test
  void policiesNameQuorumQueuesFromThreeTwelveOn() {
    assertThat(BrokerVersion.parse("3.10.8").policyTargetForQuorumQueues()).isEqualTo("queues");
    assertThat(BrokerVersion.parse("3.12.0").policyTargetForQuorumQueues())
        .isEqualTo("quorum_queues");
    assertThat(BrokerVersion.parse("4.0.5").policyTargetForQuorumQueues())
        .isEqualTo("quorum_queues");
  }

  private static final BrokerVersion V3_10 = BrokerVersion.parse("3.10.8");
  private static final BrokerVersion V4_0 = BrokerVersion.parse("4.0.5");
  private static final BrokerVersion V4_1 = BrokerVersion.parse("4.1.4");
  private static final BrokerVersion V4_2 = BrokerVersion.parse("4.2.0");
  private static final BrokerVersion V4_3 = BrokerVersion.parse("4.3.6");
  private static final BrokerVersion V5 = BrokerVersion.parse("5.0.0");

  @Test
  void atLeastComparesMajorThenMinorAndAnUnknownVersionIsOlderThanAll() {
    assertThat(V4_3.atLeast(4, 3)).isTrue();
    assertThat(V4_3.atLeast(4, 2)).isTrue();
    assertThat(V4_3.atLeast(3, 99)).isTrue();
    assertThat(V4_3.atLeast(4, 4)).isFalse();
    assertThat(V4_3.atLeast(5, 0)).isFalse();
    assertThat(V3_10.atLeast(3, 12)).isFalse();
    assertThat(BrokerVersion.UNKNOWN.atLeast(0, 0)).isFalse();
  }

  @Test
  void fromFourThreeOnlyRejectsCountAndDeadLetterLoopsKeepTheCount() {
    for (BrokerVersion before : new BrokerVersion[] {V3_10, V4_0, V4_1, V4_2}) {
      assertThat(before.deliveryLimitCountsRejectsOnly()).as(before.text()).isFalse();
      assertThat(before.deadLetterLoopsKeepCount()).as(before.text()).isFalse();
      assertThat(before.consumerTimeoutCancels()).as(before.text()).isFalse();
      assertThat(before.refusesClassicQueueLegacyArguments()).as(before.text()).isFalse();
    }
    for (BrokerVersion from : new BrokerVersion[] {V4_3, V5}) {
      assertThat(from.deliveryLimitCountsRejectsOnly()).as(from.text()).isTrue();
      assertThat(from.deadLetterLoopsKeepCount()).as(from.text()).isTrue();
      assertThat(from.consumerTimeoutCancels()).as(from.text()).isTrue();
      assertThat(from.refusesClassicQueueLegacyArguments()).as(from.text()).isTrue();
    }
  }

  @Test
  void fromFourOnTheMasterLocatorIsADeprecatedFeature() {
    assertThat(V3_10.deprecatesQueueMasterLocator()).isFalse();
    assertThat(V4_0.deprecatesQueueMasterLocator()).isTrue();
    assertThat(V4_3.deprecatesQueueMasterLocator()).isTrue();
    assertThat(BrokerVersion.UNKNOWN.deprecatesQueueMasterLocator()).isFalse();
  }

  @Test
  void fromFourTwoDirectReplyToReturnsNothingForAGoneRequester() {
    assertThat(V3_10.directReplyToReturnsNothing()).isFalse();
    assertThat(V4_0.directReplyToReturnsNothing()).isFalse();
    assertThat(V4_1.directReplyToReturnsNothing()).isFalse();
    assertThat(V4_2.directReplyToReturnsNothing()).isTrue();
    assertThat(V4_3.directReplyToReturnsNothing()).isTrue();
    assertThat(BrokerVersion.UNKNOWN.directReplyToReturnsNothing()).isFalse();
  }

  @Test
  void theDeploymentLogSaysWhichBehaviourSetApplies() {
    assertThat(V3_10.behaviour())
        .isEqualTo(
            "quorum delivery limit counts rejects and nacks (no default),"
                + " every mandatory direct reply returned");
    assertThat(V4_0.behaviour())
        .isEqualTo(
            "quorum delivery limit counts rejects and nacks (default 20),"
                + " every mandatory direct reply returned");
    assertThat(V4_2.behaviour())
        .isEqualTo(
            "quorum delivery limit counts rejects and nacks (default 20),"
                + " no return for a reply to a gone requester");
    assertThat(V4_3.behaviour())
        .isEqualTo(
            "quorum delivery limit counts rejects only (default 20), dead-letter loops keep the"
                + " count, consumer timeouts cancel quorum consumers, no return for a reply to a"
                + " gone requester, x-queue-master-locator and x-queue-version=1 refused");
    assertThat(BrokerVersion.UNKNOWN.behaviour()).contains("not readable");
  }
}

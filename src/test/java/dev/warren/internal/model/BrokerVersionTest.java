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
}

package dev.warren.internal.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Partition priorities spread partitions over instances with no coordination: each partition goes
 * to the instance that scores highest for it (rendezvous hashing).
 */
class PartitionTest {

  @Test
  void prioritiesAreStablePositiveAndDifferPerInstanceAndPartition() {
    assertThat(Partition.priority("a", "accounts", 0))
        .isEqualTo(Partition.priority("a", "accounts", 0))
        .isBetween(1, 1 << 20);
    assertThat(Partition.priority("a", "accounts", 0))
        .isNotEqualTo(Partition.priority("b", "accounts", 0))
        .isNotEqualTo(Partition.priority("a", "accounts", 1))
        .isNotEqualTo(Partition.priority("a", "ledger", 0));
  }

  @Test
  void threeInstancesEachWinAboutAThirdOfThePartitions() {
    List<String> instances = List.of("host-1/4242", "host-2/4242", "host-3/4242");
    Map<String, Integer> wins = new HashMap<>();
    int partitions = 0;
    for (int e = 0; e < 200; e++) {
      for (int p = 0; p < 6; p++) {
        String exchange = "exchange-" + e;
        int partition = p;
        String winner =
            instances.stream()
                .max(
                    java.util.Comparator.comparingInt(
                        i -> Partition.priority(i, exchange, partition)))
                .orElseThrow();
        wins.merge(winner, 1, Integer::sum);
        partitions++;
      }
    }
    int all = partitions;
    assertThat(wins.values())
        .allSatisfy(w -> assertThat(w).isBetween(all * 28 / 100, all * 39 / 100));
  }

  @Test
  void oneInstanceLeavingMovesOnlyItsOwnPartitions() {
    List<String> three = List.of("a", "b", "c");
    List<String> two = List.of("a", "b");
    for (int p = 0; p < 60; p++) {
      int partition = p;
      String before =
          three.stream()
              .max(java.util.Comparator.comparingInt(i -> Partition.priority(i, "x", partition)))
              .orElseThrow();
      String after =
          two.stream()
              .max(java.util.Comparator.comparingInt(i -> Partition.priority(i, "x", partition)))
              .orElseThrow();
      if (!before.equals("c")) {
        assertThat(after).as("partition " + partition).isEqualTo(before);
      }
    }
  }
}

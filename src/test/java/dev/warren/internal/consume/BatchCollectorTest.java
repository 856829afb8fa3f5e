package dev.warren.internal.consume;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** SPEC section 7: up to batchSize items, or what arrived within batchWait of the first. */
class BatchCollectorTest {

  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
  private final List<List<Integer>> batches = new CopyOnWriteArrayList<>();
  private final List<Long> handedOnAt = new CopyOnWriteArrayList<>();

  private BatchCollector<Integer> collector(int size, Duration wait) {
    return new BatchCollector<>(
        size,
        wait,
        timer,
        batch -> {
          handedOnAt.add(System.nanoTime());
          batches.add(List.copyOf(batch));
        });
  }

  @AfterEach
  void stopTimer() {
    timer.shutdownNow();
  }

  @Test
  void aFullBatchIsHandedOnAtOnce() {
    BatchCollector<Integer> collector = collector(3, Duration.ofHours(1));
    IntStream.range(0, 7).forEach(collector::add);

    assertThat(batches).containsExactly(List.of(0, 1, 2), List.of(3, 4, 5));
    assertThat(collector.pending()).isEqualTo(1);
  }

  @Test
  void aPartialBatchIsHandedOnOnceTheWaitHasPassedSinceItsFirstItem() {
    BatchCollector<Integer> collector = collector(50, Duration.ofMillis(200));
    long start = System.nanoTime();
    collector.add(1);
    collector.add(2);

    await().atMost(Duration.ofSeconds(5)).until(() -> batches.size() == 1);
    assertThat(batches.get(0)).containsExactly(1, 2);
    assertThat(Duration.ofNanos(handedOnAt.get(0) - start))
        .isGreaterThanOrEqualTo(Duration.ofMillis(200));
    assertThat(collector.pending()).isZero();
  }

  @Test
  void theWaitOfABatchThatFilledDoesNotCutTheNextBatchShort() throws InterruptedException {
    BatchCollector<Integer> collector = collector(2, Duration.ofMillis(300));
    collector.add(1);
    Thread.sleep(200);
    collector.add(2); // fills the first batch: its timer is void
    long second = System.nanoTime();
    collector.add(3); // starts the second batch, which must wait its own 300 ms

    await().atMost(Duration.ofSeconds(5)).until(() -> batches.size() == 2);
    assertThat(batches).containsExactly(List.of(1, 2), List.of(3));
    assertThat(Duration.ofNanos(handedOnAt.get(1) - second))
        .isGreaterThanOrEqualTo(Duration.ofMillis(300));
  }

  @Test
  void aStoppedTimerHandsEachItemOnAtOnce() {
    timer.shutdownNow();
    BatchCollector<Integer> collector = collector(10, Duration.ofHours(1));
    collector.add(1);
    collector.add(2);

    assertThat(batches).containsExactly(List.of(1), List.of(2));
  }

  @Test
  void itemsKeepTheirOrderAcrossBatchesFromTwoThreads() throws InterruptedException {
    BatchCollector<Integer> collector = collector(7, Duration.ofMillis(1));
    Thread feeder =
        new Thread(
            () -> {
              for (int i = 0; i < 5000; i++) {
                collector.add(i);
                if (i % 100 == 0) {
                  try {
                    Thread.sleep(2); // let the timer hand on partial batches meanwhile
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              }
            });
    feeder.start();
    feeder.join();
    await().atMost(Duration.ofSeconds(5)).until(() -> collector.pending() == 0);

    List<Integer> all = batches.stream().flatMap(List::stream).toList();
    assertThat(all).containsExactlyElementsOf(IntStream.range(0, 5000).boxed().toList());
    assertThat(batches).allSatisfy(b -> assertThat(b).hasSizeBetween(1, 7));
  }
}

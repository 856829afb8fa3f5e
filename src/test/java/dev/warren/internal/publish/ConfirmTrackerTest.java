package dev.warren.internal.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Return;
import com.rabbitmq.client.ShutdownSignalException;
import dev.warren.PublishException;
import dev.warren.PublishException.Reason;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The confirm tracker's bookkeeping, driven by hand: the broker's acks, nacks, returns and channel
 * closes are the tracker's listener methods, called as the client's I/O thread would call them. The
 * channel is a stand-in that records what was published (no broker involved).
 */
class ConfirmTrackerTest {

  /** A channel stand-in: counts sequence numbers and records published properties. */
  static final class FakeChannel {
    final List<AMQP.BasicProperties> published = new CopyOnWriteArrayList<>();
    long nextSeq = 1;
    boolean open = true;

    Channel proxy() {
      return (Channel)
          Proxy.newProxyInstance(
              Channel.class.getClassLoader(),
              new Class<?>[] {Channel.class},
              (self, method, args) ->
                  switch (method.getName()) {
                    case "isOpen" -> open;
                    case "getNextPublishSeqNo" -> nextSeq;
                    case "basicPublish" -> {
                      published.add((AMQP.BasicProperties) args[args.length - 2]);
                      nextSeq++;
                      yield null;
                    }
                    case "hashCode" -> System.identityHashCode(self);
                    case "equals" -> self == args[0];
                    default -> null; // confirmSelect, add*Listener
                  });
    }
  }

  private final FakeChannel fake = new FakeChannel();

  private ConfirmTracker tracker(int maxInFlight, Duration timeout, int republishes)
      throws Exception {
    return new ConfirmTracker(
        fake.proxy(), maxInFlight, timeout, republishes, Runnable::run, Runnable::run);
  }

  private static CompletableFuture<Void> publish(ConfirmTracker tracker, boolean mandatory)
      throws InterruptedException {
    return tracker.publish("ex", "rk", mandatory, new AMQP.BasicProperties(), new byte[] {1});
  }

  private static Reason reasonOf(CompletableFuture<Void> future) {
    assertThat(future).isCompletedExceptionally();
    AtomicReference<Reason> reason = new AtomicReference<>();
    future.exceptionally(
        e -> {
          Throwable t = e instanceof CompletionException ? e.getCause() : e;
          reason.set(((PublishException) t).reason());
          return null;
        });
    return reason.get();
  }

  @Test
  void ackCompletesTheMessageNormally() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 0);
    CompletableFuture<Void> first = publish(tracker, false);
    assertThat(first).isNotDone();
    tracker.acked(1, false);
    assertThat(first).isCompleted();
    assertThat(first).isNotCompletedExceptionally();
    assertThat(tracker.unconfirmed()).isZero();
  }

  @Test
  void multipleAckSettlesEveryMessageUpToItsTagAndNoneAfter() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 0);
    List<CompletableFuture<Void>> futures = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      futures.add(publish(tracker, false));
    }
    tracker.acked(3, true);
    assertThat(futures.subList(0, 3)).allSatisfy(f -> assertThat(f).isCompleted());
    assertThat(futures.subList(3, 5)).allSatisfy(f -> assertThat(f).isNotDone());
    tracker.acked(5, true);
    assertThat(futures).allSatisfy(f -> assertThat(f).isCompleted());
  }

  @Test
  void nackFailsWithNackedWhenNoRepublishIsAllowed() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 0);
    CompletableFuture<Void> message = publish(tracker, false);
    tracker.nacked(1, false);
    assertThat(reasonOf(message)).isEqualTo(Reason.NACKED);
    assertThatThrownBy(message::join).hasMessageContaining("WARREN-050");
  }

  @Test
  void nackRepublishesUpToTheLimitThenFails() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 2);
    CompletableFuture<Void> message = publish(tracker, false);
    tracker.nacked(1, false); // republished as 2
    tracker.nacked(2, false); // republished as 3
    assertThat(fake.published).hasSize(3);
    assertThat(message).isNotDone();
    tracker.nacked(3, false);
    assertThat(reasonOf(message)).isEqualTo(Reason.NACKED);
    assertThat(fake.published).hasSize(3);
  }

  @Test
  void republishedMessageCompletesOnTheAckOfItsNewSequenceNumber() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 1);
    CompletableFuture<Void> message = publish(tracker, false);
    tracker.nacked(1, false);
    tracker.acked(2, false);
    assertThat(message).isCompleted().isNotCompletedExceptionally();
  }

  private static CompletableFuture<Void> publishMandatory(ConfirmTracker tracker, byte[] body)
      throws InterruptedException {
    return tracker.publish("ex", "rk", true, new AMQP.BasicProperties(), body);
  }

  private void returnPublished(ConfirmTracker tracker, int index, byte[] body) {
    tracker.returned(new Return(312, "NO_ROUTE", "ex", "rk", fake.published.get(index), body));
  }

  @Test
  void aReturnedMessageThatDiffersFromTheOthersIsFoundWithoutAnyHeader() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 0);
    CompletableFuture<Void> routed = publishMandatory(tracker, new byte[] {1});
    CompletableFuture<Void> unroutable = publishMandatory(tracker, new byte[] {2});
    CompletableFuture<Void> after = publishMandatory(tracker, new byte[] {3});
    assertThat(fake.published).allSatisfy(p -> assertThat(p.getHeaders()).isNull());
    returnPublished(
        tracker, 1, new byte[] {2}); // the broker's copy of the body, not the same array
    tracker.acked(3, true);
    assertThat(routed).isCompleted().isNotCompletedExceptionally();
    assertThat(reasonOf(unroutable)).isEqualTo(Reason.UNROUTABLE);
    assertThat(after).isCompleted().isNotCompletedExceptionally();
  }

  @Test
  void aRepeatOfAnUnconfirmedMessageCarriesItsSequenceNumberAndIsFoundByIt() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 0);
    CompletableFuture<Void> routed = publishMandatory(tracker, new byte[] {1});
    CompletableFuture<Void> unroutable = publishMandatory(tracker, new byte[] {1});
    assertThat(fake.published.get(0).getHeaders()).isNull();
    assertThat(fake.published.get(1).getHeaders())
        .containsOnly(entry(ConfirmTracker.SEQUENCE_HEADER, 2L));
    returnPublished(tracker, 1, new byte[] {1});
    tracker.acked(2, true);
    assertThat(routed).isCompleted().isNotCompletedExceptionally();
    assertThat(reasonOf(unroutable)).isEqualTo(Reason.UNROUTABLE);
  }

  @Test
  void aReturnWithoutTheHeaderIsTheUnconfirmedMessageSentWithout() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 0);
    CompletableFuture<Void> unroutable = publishMandatory(tracker, new byte[] {1});
    CompletableFuture<Void> repeat = publishMandatory(tracker, new byte[] {1});
    returnPublished(tracker, 0, new byte[] {1});
    tracker.acked(2, true);
    assertThat(reasonOf(unroutable)).isEqualTo(Reason.UNROUTABLE);
    assertThat(repeat).isCompleted().isNotCompletedExceptionally();
  }

  @Test
  void onceTheFirstIsConfirmedARepeatGoesWithoutTheHeaderAgain() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 0);
    publishMandatory(tracker, new byte[] {1});
    tracker.acked(1, false);
    CompletableFuture<Void> repeat = publishMandatory(tracker, new byte[] {1});
    assertThat(fake.published.get(1).getHeaders()).isNull();
    returnPublished(tracker, 1, new byte[] {1});
    tracker.acked(2, false);
    assertThat(reasonOf(repeat)).isEqualTo(Reason.UNROUTABLE);
  }

  @Test
  void messagesThatDifferOnlyInTheirMessageIdNeedNoHeader() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 0);
    for (String id : List.of("a", "b")) {
      tracker.publish(
          "ex", "rk", true, new AMQP.BasicProperties.Builder().messageId(id).build(), new byte[1]);
    }
    assertThat(fake.published).allSatisfy(p -> assertThat(p.getHeaders()).isNull());
  }

  @Test
  void theKeyOfATimedOutMessageLingersForOneMoreTimeoutSoThatItsLateReturnMeetsNoRepeat()
      throws Exception {
    Duration timeout = Duration.ofMillis(200);
    ConfirmTracker tracker = tracker(10, timeout, 0);
    CompletableFuture<Void> late = publishMandatory(tracker, new byte[] {1});
    Thread.sleep(timeout.toMillis() + 50);
    tracker.expire();
    assertThat(reasonOf(late)).isEqualTo(Reason.TIMED_OUT);
    CompletableFuture<Void> repeat = publishMandatory(tracker, new byte[] {1});
    assertThat(fake.published.get(1).getHeaders())
        .containsOnly(entry(ConfirmTracker.SEQUENCE_HEADER, 2L));
    returnPublished(tracker, 0, new byte[] {1}); // the timed-out message's, arriving late
    tracker.acked(2, false);
    assertThat(repeat).isCompleted().isNotCompletedExceptionally();
    Thread.sleep(timeout.toMillis() + 50);
    tracker.expire(); // a timeout later the key is gone
    publishMandatory(tracker, new byte[] {1});
    assertThat(fake.published.get(2).getHeaders()).isNull();
  }

  @Test
  void aRepeatKeepsItsOwnHeadersBesideTheSequenceNumber() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 0);
    AMQP.BasicProperties own =
        new AMQP.BasicProperties.Builder().headers(Map.of("tenant", "acme")).build();
    tracker.publish("ex", "rk", true, own, new byte[] {1});
    tracker.publish("ex", "rk", true, own, new byte[] {1});
    assertThat(fake.published.get(0).getHeaders()).containsOnly(entry("tenant", "acme"));
    assertThat(fake.published.get(1).getHeaders())
        .containsOnly(entry("tenant", "acme"), entry(ConfirmTracker.SEQUENCE_HEADER, 2L));
    assertThat(own.getHeaders()).containsOnlyKeys("tenant");
  }

  @Test
  void nonMandatoryMessagesCarryNoSequenceHeader() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 0);
    publish(tracker, false);
    publish(tracker, false);
    assertThat(fake.published).allSatisfy(p -> assertThat(p.getHeaders()).isNull());
  }

  @Test
  void channelCloseFailsEveryUnconfirmedMessageAsOutcomeUnknownAndRefusesMore() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 0);
    CompletableFuture<Void> a = publish(tracker, false);
    CompletableFuture<Void> b = publish(tracker, false);
    tracker.closed(new ShutdownSignalException(false, false, null, null));
    fake.open = false;
    assertThat(reasonOf(a)).isEqualTo(Reason.OUTCOME_UNKNOWN);
    assertThat(reasonOf(b)).isEqualTo(Reason.OUTCOME_UNKNOWN);
    assertThat(publish(tracker, false)).isNull(); // nothing sent: the caller uses a new channel
    assertThat(fake.published).hasSize(2);
  }

  @Test
  void eachMessageCompletesExactlyOnceEvenIfTheBrokerAcksAfterAClose() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 0);
    CompletableFuture<Void> message = publish(tracker, false);
    tracker.closed(new ShutdownSignalException(false, false, null, null));
    tracker.acked(1, false);
    assertThat(reasonOf(message)).isEqualTo(Reason.OUTCOME_UNKNOWN);
  }

  @Test
  void unconfirmedPastTheTimeoutFailsAsTimedOut() throws Exception {
    ConfirmTracker tracker = tracker(10, Duration.ofNanos(1), 0);
    CompletableFuture<Void> message = publish(tracker, false);
    tracker.expire();
    assertThat(reasonOf(message)).isEqualTo(Reason.TIMED_OUT);
    tracker.acked(1, false); // late ack: ignored
    assertThat(tracker.unconfirmed()).isZero();
  }

  @Test
  void oneConfirmCompletesItsMessagesInOneTaskInPublishOrderAndFreesAllTheirPlaces()
      throws Exception {
    List<Runnable> tasks = new ArrayList<>();
    ConfirmTracker tracker =
        new ConfirmTracker(fake.proxy(), 3, Duration.ofSeconds(30), 0, Runnable::run, tasks::add);
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      int index = i;
      publish(tracker, false).thenRun(() -> order.add(index));
    }
    tracker.acked(1, false);
    tracker.acked(3, true);
    assertThat(tasks).hasSize(2); // one per confirm frame, not one per message
    assertThat(order).isEmpty(); // nothing completes on the thread that read the confirm

    tasks.forEach(Runnable::run);
    assertThat(order).containsExactly(0, 1, 2);
    // the window of 3 is free again: three more go out without waiting
    for (int i = 0; i < 3; i++) {
      publish(tracker, false);
    }
    assertThat(fake.published).hasSize(6);
  }

  @Test
  void publishWaitsWhileTheWindowIsFull() throws Exception {
    ConfirmTracker tracker = tracker(2, Duration.ofSeconds(30), 0);
    publish(tracker, false);
    publish(tracker, false);
    Thread third =
        new Thread(
            () -> {
              try {
                publish(tracker, false);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    third.start();
    while (third.getState() != Thread.State.WAITING) {
      Thread.onSpinWait();
      assertThat(third.isAlive()).isTrue();
    }
    assertThat(fake.published).hasSize(2);
    tracker.acked(1, false);
    third.join(10_000);
    assertThat(third.isAlive()).isFalse();
    assertThat(fake.published).hasSize(3);
  }

  @Test
  void sequenceNumbersAre64Bit() throws Exception {
    fake.nextSeq = Integer.MAX_VALUE + 10L;
    ConfirmTracker tracker = tracker(10, Duration.ofSeconds(30), 0);
    CompletableFuture<Void> message = publish(tracker, false);
    tracker.acked(Integer.MAX_VALUE + 10L, false);
    assertThat(message).isCompleted().isNotCompletedExceptionally();
  }

  /** Runs {@code work} on a thread that {@link MustNotBlock}, as a completion thread is. */
  private static <T> T onWarrensThread(Callable<T> work) throws Exception {
    CompletableFuture<T> result = new CompletableFuture<>();
    Thread thread =
        MustNotBlock.marking(Thread::new)
            .newThread(
                () -> {
                  try {
                    result.complete(work.call());
                  } catch (Throwable e) {
                    result.completeExceptionally(e);
                  }
                });
    thread.setDaemon(true);
    thread.start();
    try {
      return result.get(5, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError(
          "a thread that must not block is blocked: "
              + java.util.Arrays.toString(thread.getStackTrace()),
          e);
    }
  }

  @Test
  void aPublishFromAThreadThatMustNotBlockWaitsInTheQueueAndGoesOutInOrderWhenPlacesFree()
      throws Exception {
    ConfirmTracker tracker = tracker(2, Duration.ofSeconds(30), 0);
    List<CompletableFuture<Void>> messages =
        onWarrensThread(
            () -> {
              List<CompletableFuture<Void>> sent = new ArrayList<>();
              for (int i = 1; i <= 4; i++) {
                sent.add(
                    tracker.publish(
                        "ex", "rk", false, new AMQP.BasicProperties(), new byte[] {(byte) i}));
              }
              return sent;
            });
    assertThat(messages).doesNotContainNull().allSatisfy(f -> assertThat(f).isNotDone());
    assertThat(fake.published).hasSize(2); // the window: the other two wait
    tracker.acked(1, false);
    assertThat(fake.published).hasSize(3);
    tracker.acked(3, true);
    assertThat(fake.published).hasSize(4);
    tracker.acked(4, false);
    assertThat(messages).allSatisfy(f -> assertThat(f).isCompleted().isNotCompletedExceptionally());
    assertThat(tracker.unconfirmed()).isZero();
  }

  @Test
  void windowPlacesAreFreedAtTheConfirmNotWhenTheCallbacksHaveRun() throws Exception {
    List<Runnable> completions = new CopyOnWriteArrayList<>(); // callbacks that never get to run
    ConfirmTracker tracker =
        new ConfirmTracker(
            fake.proxy(), 2, Duration.ofSeconds(30), 0, Runnable::run, completions::add);
    // a callback's publish, chained on a completion thread, while the callbacks before lag
    for (int round = 1; round <= 3; round++) {
      onWarrensThread(() -> publish(tracker, false));
      onWarrensThread(() -> publish(tracker, false));
      tracker.acked(2L * round, true);
      assertThat(fake.published).hasSize(2 * round);
    }
    assertThat(completions).hasSize(3); // one task per confirm, none run yet
  }

  @Test
  void anApplicationThreadWaitsWhileTheCallbacksOfItsMessagesLag() throws Exception {
    List<Runnable> completions = new CopyOnWriteArrayList<>();
    ConfirmTracker tracker =
        new ConfirmTracker(
            fake.proxy(), 2, Duration.ofSeconds(30), 0, Runnable::run, completions::add);
    publish(tracker, false);
    publish(tracker, false);
    tracker.acked(2, true); // confirmed, their callbacks not yet run
    Thread third =
        new Thread(
            () -> {
              try {
                publish(tracker, false);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    third.start();
    while (third.getState() != Thread.State.WAITING) {
      Thread.onSpinWait();
      assertThat(third.isAlive()).isTrue();
    }
    assertThat(fake.published).hasSize(2);
    completions.forEach(Runnable::run);
    third.join(10_000);
    assertThat(third.isAlive()).isFalse();
    assertThat(fake.published).hasSize(3);
  }

  @Test
  void aQueuedMessageFailsAsNotSentWhenTheChannelCloses() throws Exception {
    ConfirmTracker tracker = tracker(1, Duration.ofSeconds(30), 0);
    CompletableFuture<Void> sent = onWarrensThread(() -> publish(tracker, false));
    CompletableFuture<Void> queued = onWarrensThread(() -> publish(tracker, false));
    fake.open = false;
    tracker.closed(new ShutdownSignalException(false, false, null, null));
    assertThat(reasonOf(sent)).isEqualTo(Reason.OUTCOME_UNKNOWN);
    assertThat(reasonOf(queued)).isEqualTo(Reason.NOT_SENT);
    assertThat(fake.published).hasSize(1);
  }

  @Test
  void aNackRepublishGetsAFreshConfirmTimeout() throws Exception {
    Duration timeout = Duration.ofMillis(2000);
    ConfirmTracker tracker = tracker(10, timeout, 1);
    CompletableFuture<Void> message = publish(tracker, false);
    Thread.sleep(1200);
    tracker.nacked(1, false); // republished now as 2: its timeout runs from here
    Thread.sleep(1200); // past the first send's timeout, well within the republish's
    tracker.expire();
    assertThat(message).as("timed out by the first send's deadline").isNotDone();
    tracker.acked(2, false);
    assertThat(message).isCompleted().isNotCompletedExceptionally();
  }
}

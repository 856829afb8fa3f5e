package dev.warren.internal.publish;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.PublishException;
import dev.warren.PublishException.Reason;
import dev.warren.RequestException;
import dev.warren.internal.config.PublisherSettings;
import dev.warren.internal.reply.DirectReplyRequester;
import dev.warren.internal.telemetry.Telemetry;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A publish or request made from a callback on a completion thread (any thread that {@link
 * MustNotBlock}) must not wait for the broker, not even for the connection, the channel's opening
 * or the exchange's first check: those run on the broker-call executor and the stage follows them.
 * The broker here is one that never answers: opening the connection waits until the test ends.
 */
class CallbacksNeverWaitForTheBrokerTest {

  private final CountDownLatch connecting = new CountDownLatch(1);
  private final CountDownLatch answer = new CountDownLatch(1);
  private final ExecutorService brokerCalls = Executors.newCachedThreadPool();
  private final ExecutorService callbacks =
      Executors.newSingleThreadExecutor(MustNotBlock.marking(Executors.defaultThreadFactory()));
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

  @AfterEach
  void stop() {
    answer.countDown();
    brokerCalls.shutdownNow();
    callbacks.shutdownNow();
    timer.shutdownNow();
  }

  /** A broker that does not answer until the test says so, and then refuses. */
  private <T> T unanswered() throws IOException {
    connecting.countDown();
    try {
      answer.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    throw new IOException("the broker did not answer");
  }

  @Test
  void aPublishFromACallbackReturnsAtOnceWhileTheChannelOpensElsewhere() throws Exception {
    ConfirmingPublisher publisher =
        new ConfirmingPublisher(
            this::unanswered,
            new PublisherSettings(Duration.ofSeconds(5), 10, 0),
            null,
            Runnable::run,
            Runnable::run,
            brokerCalls,
            Telemetry.NONE);

    CompletableFuture<Void> stage = fromACallback(() -> publisher.publish("", "q", "x"));

    assertThat(connecting.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(stage).isNotDone();
    answer.countDown();
    assertThat(failure(stage)).isInstanceOf(PublishException.class);
    assertThat(((PublishException) failure(stage)).reason()).isEqualTo(Reason.NOT_SENT);
  }

  @Test
  void aRequestFromACallbackReturnsAtOnceWhileItsChannelOpensElsewhere() throws Exception {
    DirectReplyRequester requester =
        new DirectReplyRequester(
            this::unanswered,
            this::unanswered,
            null,
            Runnable::run,
            brokerCalls,
            timer,
            Telemetry.NONE);

    CompletableFuture<String> stage =
        fromACallback(() -> requester.request("", "q", "x", String.class, Duration.ofSeconds(5)));

    assertThat(connecting.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(stage).isNotDone();
    answer.countDown();
    assertThat(failure(stage)).isInstanceOf(RequestException.class);
  }

  /** Calls {@code call} as a callback would, and fails if it does not return within a second. */
  private <T> CompletableFuture<T> fromACallback(
      java.util.concurrent.Callable<CompletionStage<T>> call)
      throws InterruptedException, ExecutionException {
    try {
      return callbacks.submit(call).get(1, TimeUnit.SECONDS).toCompletableFuture();
    } catch (TimeoutException e) {
      throw new AssertionError("the call waited for the broker on a thread that must not block");
    }
  }

  private static Throwable failure(CompletableFuture<?> stage) throws InterruptedException {
    try {
      stage.get(5, TimeUnit.SECONDS);
      throw new AssertionError("the stage completed normally");
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (TimeoutException e) {
      throw new AssertionError("the stage did not complete once the broker answered");
    }
  }
}

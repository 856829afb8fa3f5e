package dev.warren.it.rr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Requester;
import dev.warren.it.rr.Responders.Quote;
import dev.warren.it.rr.Responders.QuoteRequest;
import dev.warren.it.support.AfterUndeployment;
import dev.warren.it.support.AmqpRecorder;
import dev.warren.it.support.AmqpRecorder.Method;
import dev.warren.it.support.BeforeDeployment;
import dev.warren.it.support.Broker;
import dev.warren.it.support.Frames;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WarrenIT;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * SPEC section 8 on the wire: Warren's connection goes through a recording proxy. The reply
 * consumer is a no-ack {@code basic.consume} of {@code amq.rabbitmq.reply-to} sent before any
 * request on its channel, requests go out on that channel, nothing is ever acked there, and the
 * responder acks each request only after publishing its reply.
 */
class RequestFramesIT extends WarrenIT {

  static final String REPLY_TO = "amq.rabbitmq.reply-to";
  static final int REQUESTS = 50;

  static AmqpRecorder recorder;

  @BeforeDeployment
  static void prepare() throws IOException {
    recorder = AmqpRecorder.start();
    Broker.get()
        .queue(Responders.ECHO)
        .queue(Responders.QUOTES)
        .queue(Responders.LATER)
        .queue(Responders.QUOTE_LIST);
    TestConfig.set("warren.uri", recorder.uri());
  }

  @AfterUndeployment
  static void stopRecording() throws IOException {
    if (recorder != null) {
      recorder.close();
    }
  }

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(Responders.class, Quote.class, QuoteRequest.class);
  }

  @Inject Requester requester;

  @Test
  void theReplyConsumerIsNoAckStartsFirstAndNoReplyIsEverAcked() throws Exception {
    List<CompletableFuture<String>> replies = new ArrayList<>();
    for (int i = 0; i < REQUESTS; i++) {
      replies.add(
          requester
              .request("", Responders.ECHO, "f" + i, String.class, Duration.ofSeconds(30))
              .toCompletableFuture());
    }
    CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
    for (int i = 0; i < REQUESTS; i++) {
      assertThat(replies.get(i).get()).isEqualTo("echo:f" + i);
    }

    Method replyConsumer = Frames.consumeOf(recorder, REPLY_TO);
    assertThat(replyConsumer.noAck()).as("no-ack bit of the reply consumer").isTrue();
    List<Method> requestChannel = Frames.onChannelOf(recorder, replyConsumer);
    List<Method> requests =
        requestChannel.stream().filter(m -> m.name().equals("basic.publish")).toList();
    // every request of this class, this test's and the other's, on the one request channel
    assertThat(requests).hasSizeGreaterThanOrEqualTo(REQUESTS);
    assertThat(requests)
        .allSatisfy(
            m -> {
              assertThat(m.target()).isEqualTo(Responders.ECHO);
              assertThat(m.mandatory()).isTrue();
            });
    assertThat(requestChannel.indexOf(replyConsumer))
        .as("basic.consume before the first request")
        .isLessThan(requestChannel.indexOf(requests.get(0)));
    assertThat(requestChannel).as("frames on the request channel").noneMatch(Method::settles);
    assertThat(requestChannel).noneMatch(m -> m.name().equals("confirm.select"));
  }

  @Test
  void theResponderAcksEachRequestOnlyAfterPublishingItsReply() throws Exception {
    for (int i = 0; i < REQUESTS; i++) {
      requester
          .request("", Responders.ECHO, "g" + i, String.class, Duration.ofSeconds(30))
          .toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
    }
    Method echoConsumer = Frames.consumeOf(recorder, Responders.ECHO);
    assertThat(echoConsumer.noAck()).as("the responder acks its requests").isFalse();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> Frames.settlementsOn(recorder, echoConsumer).size() >= REQUESTS);

    // one connection is one ordered stream: count reply publishes and request acks as they came
    int replies = 0;
    int acks = 0;
    for (Method m : recorder.methods()) {
      if (m.name().equals("basic.publish")
          && m.target() != null
          && m.target().startsWith(REPLY_TO + ".")) {
        assertThat(m.mandatory()).as("a reply to direct reply-to is never mandatory").isFalse();
        replies++;
      } else if (m.connection() == echoConsumer.connection()
          && m.channel() == echoConsumer.channel()
          && m.settles()) {
        assertThat(m.name()).isEqualTo("basic.ack");
        acks++;
        assertThat(acks)
            .as("request acks never outnumber replies published before")
            .isLessThanOrEqualTo(replies);
      }
    }
    assertThat(acks).isGreaterThanOrEqualTo(REQUESTS);
  }
}

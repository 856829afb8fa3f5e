package dev.warren.internal.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.warren.DeadLetterQuery;
import dev.warren.QueueType;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueryParametersTest {

  private static Map<String, String[]> params(String... namesAndValues) {
    Map<String, String[]> map = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      map.merge(
          namesAndValues[i],
          new String[] {namesAndValues[i + 1]},
          (a, b) -> {
            String[] both = new String[a.length + b.length];
            System.arraycopy(a, 0, both, 0, a.length);
            System.arraycopy(b, 0, both, a.length, b.length);
            return both;
          });
    }
    return map;
  }

  @Test
  void everyFilterBecomesPartOfTheQuery() {
    DeadLetterQuery query =
        QueryParameters.parse(
            "replay",
            params(
                "queue", "payments.dlq",
                "queue-type", "quorum",
                "reason", "max-attempts",
                "exception", "java.net.SocketTimeoutException",
                "header", "tenant:acme:eu",
                "older-than", "PT1H",
                "newer-than", "7d",
                "message-id", "a",
                "message-id", "b",
                "limit", "10",
                "rate", "200",
                "dry-run", "true"));

    assertThat(query.queue()).isEqualTo("payments.dlq");
    assertThat(query.queueType()).isEqualTo(QueueType.QUORUM);
    assertThat(query.reason()).isEqualTo("max-attempts");
    assertThat(query.exception()).isEqualTo("java.net.SocketTimeoutException");
    assertThat(query.headerName()).isEqualTo("tenant");
    assertThat(query.headerValue()).isEqualTo("acme:eu");
    assertThat(query.olderThan()).isEqualTo(Duration.ofHours(1));
    assertThat(query.newerThan()).isEqualTo(Duration.ofDays(7));
    assertThat(query.messageIds()).containsExactlyInAnyOrder("a", "b");
    assertThat(query.limit()).isEqualTo(10);
    assertThat(query.rate()).isEqualTo(200.0);
    assertThat(query.isDryRun()).isTrue();
  }

  @Test
  void aConsumerAloneSelectsItsWholeDeadLetterQueue() {
    DeadLetterQuery query = QueryParameters.parse("count", params("consumer", "payments"));

    assertThat(query.consumer()).isEqualTo("payments");
    assertThat(query.filters()).isFalse();
    assertThat(query.isDryRun()).isFalse();
  }

  @Test
  void dryRunWithoutAValueIsADryRunAndFalseIsNot() {
    assertThat(QueryParameters.parse("purge", params("queue", "q", "dry-run", "")).isDryRun())
        .isTrue();
    assertThat(QueryParameters.parse("purge", params("queue", "q", "dry-run", "false")).isDryRun())
        .isFalse();
  }

  @Test
  void neitherOrBothOfConsumerAndQueueIsRefused() {
    assertBad("count", params(), "WARREN-341", "'consumer/queue'", "neither", "give one");
    assertBad("count", params("consumer", "c", "queue", "q"), "both are given");
  }

  @Test
  void anUnknownParameterIsRefusedByName() {
    assertBad("count", params("queue", "q", "limt", "5"), "parameter 'limt'", "not a parameter");
  }

  @Test
  void rateAndDryRunAreRefusedOnReads() {
    assertBad(
        "browse", params("queue", "q", "rate", "5"), "parameter 'rate'", "only replay and purge");
    assertBad("count", params("queue", "q", "dry-run", "true"), "parameter 'dry-run'");
  }

  @Test
  void aRepeatedSingleParameterIsRefused() {
    assertBad("count", params("queue", "q", "reason", "a", "reason", "b"), "more than once");
  }

  @Test
  void valuesThatDoNotParseNameTheParameterAndTheForm() {
    assertBad(
        "count", params("queue", "q", "limit", "ten"), "parameter 'limit'", "'ten'", "limit=100");
    assertBad("count", params("queue", "q", "limit", "0"), "from 1 to");
    assertBad("browse", params("queue", "q", "limit", "1001"), "from 1 to 1000");
    assertBad("replay", params("queue", "q", "rate", "-1"), "parameter 'rate'", "above 0");
    assertBad("count", params("queue", "q", "older-than", "yesterday"), "'older-than'", "PT30M");
    assertBad("count", params("queue", "q", "newer-than", "PT0S"), "'newer-than'");
    assertBad("count", params("queue", "q", "header", "tenant"), "'header'", "name:value");
    assertBad("count", params("queue", "q", "queue-type", "stream"), "classic or quorum");
    assertBad("purge", params("queue", "q", "dry-run", "maybe"), "'dry-run'");
    assertBad("count", params("queue", " "), "parameter 'queue'", "empty");
    assertBad("count", params("queue", "q", "message-id", ""), "'message-id'", "empty");
  }

  @Test
  void aLargeLimitIsFineForChanges() {
    assertThat(QueryParameters.parse("replay", params("queue", "q", "limit", "50000")).limit())
        .isEqualTo(50000);
  }

  private static void assertBad(String operation, Map<String, String[]> params, String... texts) {
    assertThatThrownBy(() -> QueryParameters.parse(operation, params))
        .isInstanceOfSatisfying(HttpProblem.class, p -> assertThat(p.status()).isEqualTo(400))
        .hasMessageStartingWith("WARREN-341 ")
        .hasMessageContainingAll(texts);
  }
}

package dev.warren.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.QueueType;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The command line as parsed, without a broker: what each option sets, and what is refused. */
class ArgumentsTest {

  private static final String URI = "amqp://ops:s3cret@rabbit.example:5673/prod";

  private static Command parse(String... args) throws UsageException {
    return Arguments.parse(List.of(args), null);
  }

  private static String refusal(String uriVariable, String... args) {
    try {
      Arguments.parse(List.of(args), uriVariable);
    } catch (UsageException e) {
      return e.getMessage();
    }
    throw new AssertionError("accepted: " + List.of(args));
  }

  @Test
  void everyFilterEndsUpInTheQuery() throws UsageException {
    Command command =
        parse(
            "replay",
            "--uri",
            URI,
            "--queue",
            "orders.dlq",
            "--queue-type",
            "Quorum",
            "--reason",
            "max-attempts",
            "--exception=java.net.SocketTimeoutException",
            "--header",
            "tenant=acme=1",
            "--older-than",
            "2h",
            "--newer-than",
            "P7D",
            "--message-id",
            "a",
            "--message-id=b",
            "--limit",
            "500",
            "--rate",
            "2.5",
            "--dry-run",
            "--retry-count-header",
            "x-attempts",
            "--json",
            "--progress");

    assertThat(command.operation()).isEqualTo(Command.Operation.REPLAY);
    assertThat(command.uri().host()).isEqualTo("rabbit.example");
    assertThat(command.uri().port()).isEqualTo(5673);
    assertThat(command.uri().virtualHost()).isEqualTo("prod");
    assertThat(command.uriSource()).isEqualTo("--uri");
    assertThat(command.query().queue()).isEqualTo("orders.dlq");
    assertThat(command.query().queueType()).isEqualTo(QueueType.QUORUM);
    assertThat(command.query().reason()).isEqualTo("max-attempts");
    assertThat(command.query().exception()).isEqualTo("java.net.SocketTimeoutException");
    assertThat(command.query().headerName()).isEqualTo("tenant");
    assertThat(command.query().headerValue()).isEqualTo("acme=1");
    assertThat(command.query().olderThan()).isEqualTo(Duration.ofHours(2));
    assertThat(command.query().newerThan()).isEqualTo(Duration.ofDays(7));
    assertThat(command.query().messageIds()).isEqualTo(Set.of("a", "b"));
    assertThat(command.query().limit()).isEqualTo(500);
    assertThat(command.query().rate()).isEqualTo(2.5);
    assertThat(command.query().isDryRun()).isTrue();
    assertThat(command.retryCountHeader()).isEqualTo("x-attempts");
    assertThat(command.json()).isTrue();
    assertThat(command.progress()).isTrue();
  }

  @Test
  void withoutFiltersTheQuerySelectsEveryDeadLetterAndProgressFollowsTheTerminal()
      throws UsageException {
    Command command = parse("count", "--queue", "q", "--uri", "amqp://localhost");

    assertThat(command.query().filters()).isFalse();
    assertThat(command.query().isDryRun()).isFalse();
    assertThat(command.query().queueType()).isNull();
    assertThat(command.retryCountHeader()).isEqualTo("x-warren-retry-count");
    assertThat(command.json()).isFalse();
    assertThat(command.progress()).isNull();
  }

  @Test
  void theUriComesFromTheEnvironmentWhenNoOptionGivesIt() throws UsageException {
    Command command = Arguments.parse(List.of("browse", "--queue", "q"), URI);

    assertThat(command.uriSource()).isEqualTo("WARREN_URI");
    assertThat(command.uri().username()).isEqualTo("ops");
    assertThat(command.uri().password()).isEqualTo("s3cret");
    // the option wins over the environment
    assertThat(
            Arguments.parse(List.of("browse", "--queue", "q", "--uri", "amqp://other"), URI)
                .uri()
                .host())
        .isEqualTo("other");
  }

  @Test
  void helpNeedsNothingElse() throws UsageException {
    assertThat(parse("--help").help()).isTrue();
    assertThat(parse("replay", "--help").help()).isTrue();
  }

  @Test
  void aMissingQueueOrUriNamesTheOptionAndTheFix() {
    assertThat(refusal(URI, "replay"))
        .startsWith("WARREN-330 ")
        .contains("'--queue'", "--queue orders.dlq");
    assertThat(refusal(null, "count", "--queue", "q"))
        .startsWith("WARREN-330 ")
        .contains("'--uri'", "WARREN_URI", "process list");
  }

  @Test
  void aBadUriIsRefusedWithoutRepeatingThePassword() {
    assertThat(refusal("amqp://ops:pa/ss@host/", "count", "--queue", "q"))
        .startsWith("WARREN-333 ")
        .contains("from WARREN_URI", "percent-encode")
        .doesNotContain("pa/ss", "ss@");
    assertThat(refusal(null, "count", "--queue", "q", "--uri", "http://ops:hunter2@host/"))
        .startsWith("WARREN-333 ")
        .contains("from --uri", "amqp://")
        .doesNotContain("hunter2");
  }

  @Test
  void badValuesNameTheOptionAndWhatToWrite() {
    assertThat(refusal(URI, "browse", "--queue", "q", "--limit", "0"))
        .startsWith("WARREN-331 ")
        .contains("'--limit'", "'0'", "at least 1");
    assertThat(refusal(URI, "browse", "--queue", "q", "--limit", "many"))
        .startsWith("WARREN-331 ")
        .contains("not a number");
    assertThat(refusal(URI, "replay", "--queue", "q", "--rate", "-5"))
        .startsWith("WARREN-331 ")
        .contains("'--rate'", "above 0");
    assertThat(refusal(URI, "browse", "--queue", "q", "--older-than", "yesterday"))
        .startsWith("WARREN-331 ")
        .contains("'--older-than'", "10m, 2h, 7d");
    assertThat(refusal(URI, "browse", "--queue", "q", "--header", "tenant"))
        .startsWith("WARREN-331 ")
        .contains("name=value");
    assertThat(refusal(URI, "browse", "--queue", "q", "--queue-type", "stream"))
        .startsWith("WARREN-331 ")
        .contains("classic or quorum");
    assertThat(refusal(URI, "browse", "--queue", "q", "--json=yes"))
        .startsWith("WARREN-331 ")
        .contains("takes no value");
  }

  @Test
  void unknownCommandsAndOptionsAreRefused() {
    assertThat(refusal(URI, "--queue", "q")).startsWith("WARREN-332 ").contains("no command");
    assertThat(refusal(URI, "requeue", "--queue", "q"))
        .startsWith("WARREN-332 ")
        .contains("'requeue' is not a command", "count, browse, replay or purge");
    assertThat(refusal(URI, "count", "--queue", "q", "--force"))
        .startsWith("WARREN-332 ")
        .contains("'--force' is not an option");
    assertThat(refusal(URI, "count", "purge", "--queue", "q"))
        .startsWith("WARREN-332 ")
        .contains("a second command");
  }

  @Test
  void anOptionWithoutItsValueOrTwiceIsRefused() {
    assertThat(refusal(URI, "count", "--queue")).startsWith("WARREN-334 ").contains("'--queue'");
    assertThat(refusal(URI, "count", "--queue", "--json")).startsWith("WARREN-334 ");
    assertThat(refusal(URI, "count", "--queue", "a", "--queue", "b"))
        .startsWith("WARREN-335 ")
        .contains("'--queue'", "--message-id");
  }

  @Test
  void optionsThatDoNothingForTheCommandAreRefused() {
    assertThat(refusal(URI, "purge", "--queue", "q", "--rate", "10"))
        .startsWith("WARREN-336 ")
        .contains("'--rate'", "purge", "[replay]");
    assertThat(refusal(URI, "browse", "--queue", "q", "--dry-run"))
        .startsWith("WARREN-336 ")
        .contains("'--dry-run'", "[replay, purge]");
  }

  @Test
  void theMaskedUriHidesThePassword() throws UsageException {
    Command command = parse("count", "--queue", "q", "--uri", URI);

    assertThat(Broker.masked(command.uri())).isEqualTo("amqp://ops:****@rabbit.example:5673/prod");
    assertThat(Broker.masked(parse("count", "--queue", "q", "--uri", "amqp://h").uri()))
        .isEqualTo("amqp://h:5672/");
    assertThat(Broker.settings(command.uri()).password()).isEqualTo("s3cret");
    assertThat(Broker.settings(command.uri()).toString()).doesNotContain("s3cret");
  }
}

package dev.warren.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The command line end to end: the shaded jar run as a process of its own ({@code java -jar})
 * against the broker on 127.0.0.1 ({@code -Dwarren.it.broker.port}, 5672 by default), on a dead
 * letter queue this test fills with Warren's headers. Asserts exit codes, what the tool prints and
 * what the broker holds afterwards. Without a broker it fails (its setup cannot connect).
 */
class CommandLineIT {

  private static final int PORT = Integer.getInteger("warren.it.broker.port", 5672);
  private static final String URI = "amqp://guest:guest@127.0.0.1:" + PORT + "/";
  private static final String TIMEOUT = "java.net.SocketTimeoutException";
  private static final String JSON = "jakarta.json.bind.JsonbException";
  private static final int LETTERS = 2000;
  private static final int GONE = 10;

  private final String nonce = UUID.randomUUID().toString().substring(0, 8);
  private final String dlq = "cli-it-dlq-" + nonce;
  private final String origin = "cli-it-origin-" + nonce;
  private final String quorumDlq = "cli-it-quorum-dlq-" + nonce;
  private final String gone = "cli-it-gone-" + nonce; // never declared: replays there are returned
  private Connection connection;
  private Channel channel;

  /** What one run of the tool did. */
  record Run(int exit, String out, String err) {
    List<String> lines() {
      return out.lines().toList();
    }
  }

  @BeforeEach
  void fillTheDeadLetterQueue() throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost("127.0.0.1");
    factory.setPort(PORT);
    connection = factory.newConnection("cli-it");
    channel = connection.createChannel();
    channel.queueDeclare(origin, true, false, false, null);
    channel.queueDeclare(dlq, true, false, false, null);
    channel.confirmSelect();
    Instant now = Instant.now();
    for (int i = 0; i < LETTERS; i++) {
      Map<String, Object> headers = new HashMap<>();
      headers.put("x-warren-origin-queue", origin);
      headers.put("x-warren-death-reason", "max-attempts");
      headers.put(
          "x-warren-exception",
          i % 4 == 3 ? JSON + ": unexpected token" : TIMEOUT + ": read timed out");
      headers.put("x-warren-retry-count", 3);
      headers.put("tenant", i % 2 == 0 ? "even" : "odd");
      // the first half died two hours ago, the rest just now
      Instant died = i < LETTERS / 2 ? now.minusSeconds(7200) : now;
      publish(id(i), headers, Date.from(died));
    }
    for (int i = 0; i < GONE; i++) {
      // dead-lettered by the broker from a queue that is gone since: no origin to go back to
      Map<String, Object> headers = new HashMap<>();
      headers.put("x-first-death-queue", gone);
      headers.put("x-first-death-reason", "rejected");
      publish("g-" + i, headers, null);
    }
    channel.waitForConfirmsOrDie(30_000);
  }

  private void publish(String id, Map<String, Object> headers, Date timestamp) throws IOException {
    publish(dlq, id, headers, timestamp);
  }

  private void publish(String queue, String id, Map<String, Object> headers, Date timestamp)
      throws IOException {
    AMQP.BasicProperties properties =
        new AMQP.BasicProperties.Builder()
            .messageId(id)
            .deliveryMode(2)
            .contentType("application/json")
            .timestamp(timestamp)
            .headers(headers)
            .build();
    channel.basicPublish(
        "", queue, properties, ("{\"id\":\"" + id + "\"}").getBytes(StandardCharsets.UTF_8));
  }

  @AfterEach
  void deleteTheQueues() throws Exception {
    if (channel != null && channel.isOpen()) {
      channel.queueDelete(dlq);
      channel.queueDelete(origin);
      channel.queueDelete(quorumDlq);
    }
    if (connection != null) {
      connection.close();
    }
  }

  private static String id(int i) {
    return String.format("m-%04d", i);
  }

  @Test
  void anOperatorCountsBrowsesReplaysAndPurgesWithFilters() throws Exception {
    // count: the ready count without filters, the selected ones with
    assertThat(ok("count", "--queue", dlq).out().trim()).isEqualTo("2010");
    assertThat(ok("count", "--queue", dlq, "--exception", TIMEOUT).out().trim()).isEqualTo("1500");
    assertThat(
            ok("count", "--queue", dlq, "--exception", JSON, "--header", "tenant=odd").out().trim())
        .isEqualTo("500");
    assertThat(ok("count", "--queue", dlq, "--older-than", "1h").out().trim()).isEqualTo("1000");
    assertThat(ok("count", "--queue", dlq, "--reason", "rejected", "--json").out().trim())
        .isEqualTo("{\"queue\":\"" + dlq + "\",\"count\":10}");

    // browse: one line per dead letter from the head
    List<String> page = ok("browse", "--queue", dlq, "--limit", "4").lines();
    assertThat(page).hasSize(5);
    assertThat(page.get(0)).isEqualTo(Printer.BROWSE_HEADER);
    assertThat(page.get(1))
        .startsWith("0\tm-0000\t" + origin + "\tmax-attempts\t")
        .endsWith("\t0\t" + TIMEOUT + ": read timed out");
    assertThat(page.get(4)).startsWith("3\tm-0003\t").endsWith(JSON + ": unexpected token");
    String json = ok("browse", "--queue", dlq, "--exception", JSON, "--limit", "2", "--json").out();
    assertThat(json)
        .startsWith("[{\"position\":3,\"messageId\":\"m-0003\",\"originQueue\":\"" + origin)
        .contains("{\"position\":7,\"messageId\":\"m-0007\"")
        .doesNotContain("m-0011");

    // a dry run changes nothing
    Run dry =
        ok(
            "replay",
            "--queue",
            dlq,
            "--reason",
            "max-attempts",
            "--exception",
            TIMEOUT,
            "--dry-run");
    assertThat(dry.out())
        .contains("dry run, nothing changed", "selected  1500", "replayed  0 (would be 1500)");
    assertThat(ready(dlq)).isEqualTo(2010);
    assertThat(ready(origin)).isZero();

    // the replay: exactly the selected ones go back, at most 1000 a second
    Run replay =
        ok(
            "replay",
            "--queue",
            dlq,
            "--queue-type",
            "classic",
            "--reason",
            "max-attempts",
            "--exception",
            TIMEOUT,
            "--rate",
            "1000",
            "--progress");
    assertThat(replay.out())
        .contains(
            "replay of queue '" + dlq + "' on amqp://guest:****@127.0.0.1:" + PORT + "/",
            "examined  2010",
            "selected  1500",
            "replayed  1500",
            "failed    0")
        .doesNotContain("guest:guest");
    assertThat(replay.err()).contains("replay: 50% (", "replay: 100% (2010 of 2010 examined");
    assertThat(took(replay)).isGreaterThanOrEqualTo(1.45); // 1,500 at 1,000 a second
    Map<String, Integer> replayed = drain(origin);
    assertThat(replayed.keySet())
        .containsExactlyElementsOf(
            IntStream.range(0, LETTERS)
                .filter(i -> i % 4 != 3)
                .mapToObj(CommandLineIT::id)
                .toList());
    assertThat(replayed.values()).containsOnly(1); // none duplicated
    List<String> left = new ArrayList<>();
    IntStream.range(0, LETTERS).filter(i -> i % 4 == 3).forEach(i -> left.add(id(i)));
    IntStream.range(0, GONE).forEach(i -> left.add("g-" + i));
    assertThat(browseIds()).isEqualTo(left); // in place and in order

    // dead letters with nowhere to go stay, and the exit code says so
    Run failing = run(Map.of(), "replay", "--queue", dlq, "--reason", "rejected", "--uri", URI);
    assertThat(failing.exit()).as(failing.err()).isEqualTo(1);
    assertThat(failing.out())
        .contains(
            "selected  10",
            "replayed  0",
            "failed    10",
            "10: returned: 312 NO_ROUTE to queue '" + gone + "' (g-0, g-1, g-2, g-3, g-4, ...)");
    assertThat(browseIds()).isEqualTo(left);

    // purge: by message id, then by filter with a limit
    Run byId =
        ok("purge", "--queue", dlq, "--message-id", "m-0003", "--message-id", "m-0007", "--json");
    assertThat(byId.out())
        .startsWith("{\"operation\":\"purge\",\"queue\":\"" + dlq + "\",\"dryRun\":false,")
        .contains("\"selected\":2,\"done\":2,\"failed\":[]")
        .contains("\"selectedIds\":[\"m-0003\",\"m-0007\"]");
    assertThat(ok("purge", "--queue", dlq, "--exception", JSON, "--dry-run").out())
        .contains("purged    0 (would be 498)");
    Run purge =
        ok(
            "purge",
            "--queue",
            dlq,
            "--queue-type",
            "classic",
            "--exception",
            JSON,
            "--limit",
            "100");
    assertThat(purge.out()).contains("selected  100", "purged    100", "failed    0");
    assertThat(ready(dlq)).isEqualTo(408);
    assertThat(browseIds()).isEqualTo(left.subList(102, left.size()));
    assertThat(ready(origin)).isZero();
  }

  @Test
  void aQuorumDeadLetterQueueIsReplayedWithoutLossAndKeepsTheOthersInOrder() throws Exception {
    channel.queueDeclare(quorumDlq, true, false, false, Map.of("x-queue-type", "quorum"));
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      boolean poison = i % 3 == 2;
      Map<String, Object> headers = new HashMap<>();
      headers.put("x-warren-origin-queue", origin);
      headers.put("x-warren-death-reason", "max-attempts");
      headers.put("x-warren-exception", (poison ? JSON : TIMEOUT) + ": " + i);
      publish(quorumDlq, "q-" + i, headers, null);
      if (poison) {
        kept.add("q-" + i);
      }
    }
    channel.waitForConfirmsOrDie(30_000);

    Run replay =
        ok(
            "replay",
            "--queue",
            quorumDlq,
            "--queue-type",
            "quorum",
            "--exception",
            TIMEOUT,
            "--rate",
            "2000");

    assertThat(replay.out()).contains("selected  400", "replayed  400", "failed    0");
    Map<String, Integer> replayed = drain(origin);
    assertThat(replayed).hasSize(400);
    assertThat(replayed.values()).containsOnly(1);
    assertThat(replayed.keySet()).noneMatch(kept::contains);
    List<String> lines = ok("browse", "--queue", quorumDlq, "--limit", "1000").lines();
    assertThat(lines.subList(1, lines.size()).stream().map(line -> line.split("\t")[1]))
        .containsExactlyElementsOf(kept);
  }

  @Test
  void aMissingQueueIsABrokerErrorNamingTheQueue() throws Exception {
    String missing = "cli-it-missing-" + nonce;
    Run run = run(Map.of(), "count", "--queue", missing, "--reason", "rejected", "--uri", URI);

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.err())
        .contains("WARREN-302 ", "queue '" + missing + "' does not exist", "check --queue");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void aWrongPasswordIsABrokerErrorThatNeverShowsThePassword() throws Exception {
    String password = "wr0ng-Secret-" + nonce;
    Run run =
        run(
            Map.of("WARREN_URI", "amqp://guest:" + password + "@127.0.0.1:" + PORT + "/"),
            "replay",
            "--queue",
            dlq);

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.err())
        .contains("WARREN-337 ", "refused user 'guest'", "amqp://guest:****@127.0.0.1:" + PORT);
    assertThat(run.out() + run.err()).doesNotContain(password);
    assertThat(ready(dlq)).isEqualTo(LETTERS + GONE);
  }

  @Test
  void usageErrorsExitWithTwoAndChangeNothing() throws Exception {
    Run none = run(Map.of());
    assertThat(none.exit()).isEqualTo(2);
    assertThat(none.err()).contains("WARREN-332 ", "--help");

    Run limit = run(Map.of(), "purge", "--queue", dlq, "--limit", "0", "--uri", URI);
    assertThat(limit.exit()).isEqualTo(2);
    assertThat(limit.err()).contains("WARREN-331 ", "'--limit'");

    Run noQueue = run(Map.of(), "purge", "--reason", "rejected");
    assertThat(noQueue.exit()).isEqualTo(2);
    assertThat(noQueue.err()).contains("WARREN-330 ", "'--queue'");

    Run help = run(Map.of(), "--help");
    assertThat(help.exit()).isZero();
    assertThat(help.out())
        .contains("usage: java -jar warren-cli.jar", "--older-than", "WARREN_URI");
    assertThat(ready(dlq)).isEqualTo(LETTERS + GONE);
  }

  /** Runs the tool with {@code --uri} added; fails unless it exits with 0. */
  private Run ok(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--uri");
    all.add(URI);
    Run run = run(Map.of(), all.toArray(String[]::new));
    assertThat(run.exit()).as("exit code of %s: %s", all, run.err()).isZero();
    return run;
  }

  private static Run run(Map<String, String> env, String... args) throws Exception {
    String jar = System.getProperty("warren.cli.jar");
    assertThat(jar).as("system property warren.cli.jar (set by the POM)").isNotNull();
    assertThat(Path.of(jar)).exists();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-jar");
    command.add(jar);
    command.addAll(List.of(args));
    Path out = Files.createTempFile("cli-it", ".out");
    Path err = Files.createTempFile("cli-it", ".err");
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
      builder.environment().remove("WARREN_URI");
      builder.environment().putAll(env);
      Process process = builder.start();
      if (!process.waitFor(120, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("no exit within 120 s: " + command);
      }
      return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  private static double took(Run run) {
    Matcher took = Pattern.compile("took\\s+([0-9.]+) s").matcher(run.out());
    assertThat(took.find()).as(run.out()).isTrue();
    return Double.parseDouble(took.group(1));
  }

  /** The message ids of the dead letter queue, in order, as the tool browses them. */
  private List<String> browseIds() throws Exception {
    List<String> lines = ok("browse", "--queue", dlq, "--limit", "10000").lines();
    return lines.subList(1, lines.size()).stream().map(line -> line.split("\t")[1]).toList();
  }

  private long ready(String queue) throws IOException {
    return channel.queueDeclarePassive(queue).getMessageCount();
  }

  /** Takes every message of {@code queue}: how often each message id came, in order of arrival. */
  private Map<String, Integer> drain(String queue) throws IOException {
    Map<String, Integer> ids = new LinkedHashMap<>();
    for (GetResponse got = channel.basicGet(queue, true);
        got != null;
        got = channel.basicGet(queue, true)) {
      AMQP.BasicProperties properties = got.getProps();
      Map<String, Object> headers = properties.getHeaders();
      assertThat(headers.get("x-warren-replayed")).isEqualTo(1);
      assertThat(headers).doesNotContainKey("x-warren-retry-count");
      assertThat(headers.get("x-warren-origin-queue")).hasToString(origin);
      assertThat(new String(got.getBody(), StandardCharsets.UTF_8))
          .isEqualTo("{\"id\":\"" + properties.getMessageId() + "\"}");
      ids.merge(properties.getMessageId(), 1, Integer::sum);
    }
    return ids;
  }
}

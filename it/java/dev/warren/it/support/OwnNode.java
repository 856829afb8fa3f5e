package dev.warren.it.support;

import com.rabbitmq.client.BlockedListener;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A RabbitMQ node of a test's own (it/brokers/node.sh), for tests that take the broker away: never
 * the shared broker. Node N listens on 5680+N; its folder is under {@code $BASE}
 * (/tmp/warren-brokers unless set).
 */
public final class OwnNode {

  private final int number;

  /** Node {@code number}; {@link #start()} boots it. */
  public OwnNode(int number) {
    this.number = number;
  }

  /** Its AMQP URI. */
  public String uri() {
    return "amqp://guest:guest@127.0.0.1:" + (5680 + number) + "/";
  }

  /** Configures and boots the node (a fresh one each time). */
  public OwnNode start() {
    return start(new String[0]);
  }

  /**
   * Configures and boots a fresh node with extra config lines: {@code rabbitmq.conf} lines, or
   * {@code advanced:{key, value}} for {@code advanced.config} (see it/brokers/node.sh).
   */
  public OwnNode start(String... config) {
    run("down", Integer.toString(number));
    List<String> args = new ArrayList<>(List.of("start", Integer.toString(number)));
    args.addAll(List.of(config));
    run(args.toArray(String[]::new));
    return this;
  }

  /** Stops the RabbitMQ application: connections close, new ones are refused. */
  public void stopApp() {
    run("stop-app", Integer.toString(number));
  }

  /** Starts the RabbitMQ application again. */
  public void startApp() {
    run("start-app", Integer.toString(number));
  }

  /**
   * Raises a memory alarm on the node ({@code set_vm_memory_high_watermark 0}), which blocks every
   * connection that publishes from then on. The latch opens once the broker has blocked {@code
   * watched}: publish on it to get there.
   */
  public CountDownLatch alarm(Connection watched) {
    CountDownLatch blocked = new CountDownLatch(1);
    watched.addBlockedListener(
        new BlockedListener() {
          @Override
          public void handleBlocked(String reason) {
            blocked.countDown();
          }

          @Override
          public void handleUnblocked() {}
        });
    ctl("set_vm_memory_high_watermark", "0");
    return blocked;
  }

  /**
   * Raises the memory alarm and publishes on {@code raw} (a channel of {@code watched} opened
   * before the alarm) until the broker blocks {@code watched}; true once the client is told. The
   * broker blocks a connection that publishes after its reader learnt of the alarm, which can come
   * after {@code rabbitmqctl} returns: one publish can slip through unblocked, so it publishes
   * again every half second, at most for {@code seconds}.
   */
  public boolean block(Connection watched, Channel raw, int seconds)
      throws IOException, InterruptedException {
    CountDownLatch blocked = alarm(watched);
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    do {
      raw.basicPublish("", "warren.it.nobody", null, "blocks".getBytes(StandardCharsets.UTF_8));
    } while (!blocked.await(500, TimeUnit.MILLISECONDS) && System.nanoTime() < end);
    return blocked.getCount() == 0;
  }

  /** rabbitmqctl against the node. */
  public String ctl(String... args) {
    List<String> all = new ArrayList<>(List.of("ctl", Integer.toString(number)));
    all.addAll(List.of(args));
    return run(all.toArray(String[]::new));
  }

  /** Stops the node and removes its folder. */
  public void down() {
    run("down", Integer.toString(number));
  }

  private static String run(String... args) {
    List<String> command =
        new ArrayList<>(List.of("bash", Path.of("it/brokers/node.sh").toAbsolutePath().toString()));
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(180, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException("node.sh " + String.join(" ", args) + " failed: " + output);
      }
      return output;
    } catch (IOException e) {
      throw new IllegalStateException("node.sh " + String.join(" ", args) + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}

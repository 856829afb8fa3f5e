package dev.warren.internal.topology;

import dev.warren.internal.logging.DeclarationMessages;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The queue arguments of a consumer that its broker's version refuses or ignores, found before
 * Warren declares the queue: a declare with {@code x-queue-master-locator} closes the whole
 * connection on a node that refuses deprecated features (RabbitMQ 4.3 by default, 541), which would
 * take every consumer on it down at run time, so Warren tries it on a probe connection first
 * ({@link #probeFirst}); {@code x-queue-version = 1} is refused on 4.3 (406); {@code x-queue-mode}
 * is accepted and ignored there. Pure; used at deployment and before each declare of the queue.
 */
public final class VersionArguments {

  /** Classic queue mirroring's leader placement, a deprecated feature RabbitMQ 4.3 refuses. */
  public static final String MASTER_LOCATOR = "x-queue-master-locator";

  /** The classic queue storage version; RabbitMQ 4.3 has only version 2. */
  public static final String QUEUE_VERSION = "x-queue-version";

  /** Lazy mode of classic queues, which RabbitMQ 4.3 ignores. */
  public static final String QUEUE_MODE = "x-queue-mode";

  private VersionArguments() {}

  /** What {@code version} makes of {@code model}'s arguments. */
  public record Found(List<String> problems, List<String> warnings) {}

  /**
   * The problems (arguments the broker refuses: Warren must not declare the queue with them) and
   * warnings (arguments it ignores, or that a later version refuses) of {@code model}'s queue
   * arguments on {@code version}. None on a version Warren cannot read.
   */
  public static Found check(ConsumerModel model, BrokerVersion version) {
    List<String> problems = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    Map<String, Object> arguments = model.arguments();
    if (!version.known() || arguments.isEmpty()) {
      return new Found(problems, warnings);
    }
    boolean refuses = version.refusesClassicQueueLegacyArguments();
    if (arguments.containsKey(MASTER_LOCATOR) && version.deprecatesQueueMasterLocator()) {
      // refused or not depends on the node's settings: Topology tries it on a probe connection
      warnings.add(
          ignored(
              model,
              version,
              MASTER_LOCATOR,
              "is a deprecated feature (it belonged to classic queue mirroring, which RabbitMQ 4"
                  + " removed): a node that refuses deprecated features, as RabbitMQ 4.3 does by"
                  + " default, closes the connection of a declare with it"));
    }
    Object queueVersion = arguments.get(QUEUE_VERSION);
    if (refuses && queueVersion != null && String.valueOf(queueVersion).trim().equals("1")) {
      problems.add(
          refused(
              model,
              version,
              QUEUE_VERSION,
              "= 1 is refused (406 PRECONDITION_FAILED): this version has only classic queue"
                  + " version 2"));
    }
    if (refuses && arguments.containsKey(QUEUE_MODE)) {
      warnings.add(
          ignored(
              model,
              version,
              QUEUE_MODE,
              "= '" + arguments.get(QUEUE_MODE) + "' is accepted and ignored"));
    }
    return new Found(problems, warnings);
  }

  /**
   * Whether Warren must try {@code model}'s queue declare on a throwaway connection first: with
   * {@value #MASTER_LOCATOR} on a version that deprecates it, a refusing node closes the whole
   * connection (541), which must not be the consumers' connection.
   */
  public static boolean probeFirst(ConsumerModel model, BrokerVersion version) {
    return model.arguments().containsKey(MASTER_LOCATOR) && version.deprecatesQueueMasterLocator();
  }

  /** The problem of a declare with {@value #MASTER_LOCATOR} that closed the probe's connection. */
  public static String locatorRefused(ConsumerModel model, BrokerVersion version, String reason) {
    return refused(
        model,
        version,
        MASTER_LOCATOR,
        "closed the whole connection of a trial declare ("
            + reason
            + "), as it would close the consumers' connection: the node refuses this deprecated"
            + " feature");
  }

  private static String refused(
      ConsumerModel model, BrokerVersion version, String name, String why) {
    return DeclarationMessages.argumentRefusedByVersion(
        model.name(), model.where(), name, why, version.text(), model.queue());
  }

  private static String ignored(
      ConsumerModel model, BrokerVersion version, String name, String why) {
    return DeclarationMessages.argumentIgnoredByVersion(
        model.name(), model.where(), name, model.queue(), why, version.text());
  }
}

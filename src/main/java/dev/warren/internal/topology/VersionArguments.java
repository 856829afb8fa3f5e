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
 * connection on RabbitMQ 4.3 (541), which would take every consumer on it down at run time; {@code
 * x-queue-version = 1} is refused there (406); {@code x-queue-mode} is accepted and ignored. Pure;
 * used at deployment and before each declare of the queue.
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
    if (arguments.containsKey(MASTER_LOCATOR)) {
      if (refuses) {
        problems.add(
            refused(
                model,
                version,
                MASTER_LOCATOR,
                "closes the broker's whole connection (541 INTERNAL_ERROR: a deprecated feature"
                    + " this version refuses), with every consumer on it"));
      } else if (version.limitsQuorumQueuesByDefault()) {
        warnings.add(
            ignored(
                model,
                version,
                MASTER_LOCATOR,
                "belongs to classic queue mirroring, which RabbitMQ 4 removed; RabbitMQ 4.3"
                    + " refuses it and closes the connection"));
      }
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

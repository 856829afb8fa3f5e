package dev.warren.internal.extension;

import dev.warren.Idempotent;
import dev.warren.RabbitConsumer;
import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.ee.ThreadSource;
import dev.warren.internal.inbox.IdempotentInterceptor;
import dev.warren.internal.inbox.Inbox;
import dev.warren.internal.logging.InboxMessages;
import dev.warren.internal.model.ConsumerModel;
import jakarta.enterprise.inject.spi.Annotated;
import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.AnnotatedType;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The {@link Idempotent} methods of the deployment and the {@link Inbox} they share: collected at
 * discovery, checked at validation (each on a single-delivery consumer method that is
 * {@code @Transactional}; then the settings, the datasource and the table), the inbox's sweeper
 * started and stopped with the consumers.
 */
final class IdempotentConsumers {

  private static final String TRANSACTIONAL = "jakarta.transaction.Transactional";

  /** One {@code @Idempotent} method as discovered. */
  private record Found(String where, Method method, boolean consumer, boolean transactional) {}

  private final List<Found> found = new ArrayList<>();
  private final Inbox inbox = new Inbox();
  private ThreadSource threads;

  /** The inbox, for the bean {@link IdempotentInterceptor} injects. */
  Inbox inbox() {
    return inbox;
  }

  /**
   * Records the {@code @Idempotent} methods of a bean class: those that carry it, and every
   * consumer method of a class that carries it.
   */
  <T> void collect(AnnotatedType<T> type) {
    boolean onClass = type.isAnnotationPresent(Idempotent.class);
    for (AnnotatedMethod<? super T> method : type.getMethods()) {
      boolean consumer = method.isAnnotationPresent(RabbitConsumer.class);
      if (method.isAnnotationPresent(Idempotent.class) || onClass && consumer) {
        found.add(
            new Found(
                type.getJavaClass().getName() + "#" + method.getJavaMember().getName(),
                method.getJavaMember(),
                consumer,
                transactional(method) || transactional(type)));
      }
    }
  }

  /** Whether {@code annotated} carries {@code @Transactional}, named so that JTA may be absent. */
  private static boolean transactional(Annotated annotated) {
    for (Annotation annotation : annotated.getAnnotations()) {
      if (annotation.annotationType().getName().equals(TRANSACTIONAL)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Checks every {@code @Idempotent} method against its consumer's model, then, when one is left,
   * prepares the inbox; every problem goes to {@code problems}.
   */
  void validate(
      List<ConsumerModel> models,
      WarrenConfig config,
      ThreadSource threads,
      Consumer<String> problems) {
    this.threads = threads;
    Set<String> idempotent = new LinkedHashSet<>();
    for (Found method : found) {
      if (!method.consumer()) {
        problems.accept(
            InboxMessages.misplaced(method.where(), "the method is not a @RabbitConsumer method"));
        continue;
      }
      // a consumer whose shape or settings failed has no model, and its problems are reported
      ConsumerModel model =
          models.stream()
              .filter(m -> m.shape().method().equals(method.method()))
              .findFirst()
              .orElse(null);
      if (model == null) {
        continue;
      }
      if (model.batchSize() > 1) {
        problems.accept(
            InboxMessages.misplaced(
                method.where(),
                "consumer '"
                    + model.name()
                    + "' is a batch consumer, and the inbox records one delivery per call"));
      } else if (model.shape().responder()) {
        problems.accept(
            InboxMessages.misplaced(
                method.where(),
                "consumer '"
                    + model.name()
                    + "' is a responder, and a duplicate request acked without calling it would"
                    + " get no reply"));
      } else if (!method.transactional()) {
        problems.accept(InboxMessages.notTransactional(model.name(), method.where()));
      } else {
        idempotent.add(model.name());
      }
    }
    if (idempotent.isEmpty()) {
      return;
    }
    String consumers =
        (idempotent.size() == 1 ? "consumer " : "consumers ")
            + idempotent.stream().map(name -> "'" + name + "'").collect(Collectors.joining(", "))
            + (idempotent.size() == 1 ? " is" : " are");
    int priority = config.interceptorPriority();
    if (priority >= IdempotentInterceptor.PRIORITY) {
      problems.accept(
          InboxMessages.priorityInside(consumers, priority, IdempotentInterceptor.PRIORITY));
    }
    inbox.prepare(config.inbox(), consumers, problems);
  }

  /** Starts the inbox's sweeper, with the consumers. */
  void start() {
    if (threads != null) {
      inbox.start(threads);
    }
  }

  void stop() {
    inbox.stop();
  }
}

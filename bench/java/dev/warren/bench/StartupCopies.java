package dev.warren.bench;

import dev.warren.Argument;
import dev.warren.Binding;
import dev.warren.Delay;
import dev.warren.DelayedRetryType;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.RetryPublisher;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.BeforeBeanDiscovery;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.configurator.AnnotatedMethodConfigurator;
import jakarta.enterprise.inject.spi.configurator.AnnotatedTypeConfigurator;
import jakarta.enterprise.util.AnnotationLiteral;
import jakarta.inject.Qualifier;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The startup scenario's 1,000 consumers: adds {@link StartupConsumers} {@value #COPIES} more times
 * as beans of their own, copy {@code k} qualified {@code @Copy(k)} and each of its methods
 * consuming from queue {@code warren.bench.startup.<100 k + i>} instead of {@code
 * warren.bench.startup.<i>}, so that with the original the container has {@value #CONSUMERS}
 * consumers on queues 0 to 999. Warren reads {@code @RabbitConsumer} from the container's annotated
 * methods, so a copy's consumers are as real as the original's: its own bean, channel and worker
 * pool. Given to the containers with and without Warren alike, so that both have the same beans. A
 * new instance for each container; it keeps no state.
 */
final class StartupCopies implements Extension {

  /** How many copies of the bean are added to the original. */
  static final int COPIES = 9;

  /** How many consumers the container has with them. */
  static final int CONSUMERS = StartupConsumers.COUNT * (COPIES + 1);

  void addCopies(@Observes BeforeBeanDiscovery event) {
    for (int k = 1; k <= COPIES; k++) {
      AnnotatedTypeConfigurator<StartupConsumers> copy =
          event.addAnnotatedType(StartupConsumers.class, "copy-" + k);
      copy.add(new Copy.Literal(k));
      for (AnnotatedMethodConfigurator<? super StartupConsumers> method : copy.methods()) {
        RabbitConsumer original = method.getAnnotated().getAnnotation(RabbitConsumer.class);
        if (original != null) {
          method.remove(RabbitConsumer.class::isInstance);
          method.add(new OnQueue(original, k));
        }
      }
    }
  }

  /** Selects copy {@code value} of {@link StartupConsumers}; the original has no such qualifier. */
  @Qualifier
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.TYPE)
  @interface Copy {

    /** The copy's number, 1 to {@value StartupCopies#COPIES}. */
    int value();

    /** {@code @Copy(value)}. */
    final class Literal extends AnnotationLiteral<Copy> implements Copy {
      private static final long serialVersionUID = 1L;

      private final int value;

      Literal(int value) {
        this.value = value;
      }

      @Override
      public int value() {
        return value;
      }
    }
  }

  /**
   * The original's {@code @RabbitConsumer} in copy {@code k}: queue {@code 100 k + i} for the
   * original's {@code i}; every other attribute is the original's.
   */
  private static final class OnQueue extends AnnotationLiteral<RabbitConsumer>
      implements RabbitConsumer {
    private static final long serialVersionUID = 1L;

    private final RabbitConsumer original;
    private final String queue;

    OnQueue(RabbitConsumer original, int copy) {
      this.original = original;
      this.queue = StartupConsumers.PREFIX + (StartupConsumers.COUNT * copy + number(original));
    }

    private static int number(RabbitConsumer original) {
      String queue = original.queue();
      if (!queue.startsWith(StartupConsumers.PREFIX)) {
        throw new IllegalStateException("a startup consumer has queue '" + queue + "'");
      }
      return Integer.parseInt(queue.substring(StartupConsumers.PREFIX.length()));
    }

    @Override
    public String queue() {
      return queue;
    }

    @Override
    public String name() {
      return original.name();
    }

    @Override
    public QueueType queueType() {
      return original.queueType();
    }

    @Override
    public int prefetch() {
      return original.prefetch();
    }

    @Override
    public int concurrency() {
      return original.concurrency();
    }

    @Override
    public int batchSize() {
      return original.batchSize();
    }

    @Override
    public String batchWait() {
      return original.batchWait();
    }

    @Override
    public int maxAttempts() {
      return original.maxAttempts();
    }

    @Override
    public String deadLetter() {
      return original.deadLetter();
    }

    @Override
    public Delay delay() {
      return original.delay();
    }

    @Override
    public String delayTarget() {
      return original.delayTarget();
    }

    @Override
    public String[] delayTiers() {
      return original.delayTiers();
    }

    @Override
    public DelayedRetryType delayedRetryType() {
      return original.delayedRetryType();
    }

    @Override
    public String delayedRetryMin() {
      return original.delayedRetryMin();
    }

    @Override
    public String delayedRetryMax() {
      return original.delayedRetryMax();
    }

    @Override
    public int partitions() {
      return original.partitions();
    }

    @Override
    public RetryPublisher retryPublisher() {
      return original.retryPublisher();
    }

    @Override
    public Binding[] bindings() {
      return original.bindings();
    }

    @Override
    public Argument[] arguments() {
      return original.arguments();
    }
  }
}

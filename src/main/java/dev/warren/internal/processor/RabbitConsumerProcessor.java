package dev.warren.internal.processor;

import dev.warren.internal.rules.ConsumerRules;
import java.util.Set;
import java.util.function.Consumer;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Fails compilation, with the file and line of the method, for the {@code @RabbitConsumer} mistakes
 * visible in the source alone: a blank queue, a negative {@code maxAttempts}, {@code prefetch} or
 * {@code concurrency} below 1, half of the {@code maxAttempts}/{@code deadLetter} pair or a {@code
 * retryPublisher} on a quorum queue, a {@code batchSize} below 1 or above {@code prefetch}, a
 * {@code batchWait} that is no duration, and a parameter list without exactly one payload. The
 * checks are {@link ConsumerRules}, which deployment runs too (with those that need config or the
 * broker) for code compiled without the processor; the defaults are the annotation type's own
 * ({@link AnnotatedConsumer}). Registered in {@code
 * META-INF/services/javax.annotation.processing.Processor}.
 */
@SupportedAnnotationTypes(RabbitConsumerProcessor.ANNOTATION)
public final class RabbitConsumerProcessor extends AbstractProcessor {

  static final String ANNOTATION = "dev.warren.RabbitConsumer";

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    for (TypeElement annotation : annotations) {
      for (Element element : round.getElementsAnnotatedWith(annotation)) {
        if (element instanceof ExecutableElement method) {
          for (AnnotationMirror mirror : method.getAnnotationMirrors()) {
            if (((TypeElement) mirror.getAnnotationType().asElement())
                .getQualifiedName()
                .contentEquals(ANNOTATION)) {
              check(method, mirror);
            }
          }
        }
      }
    }
    return false;
  }

  /**
   * Runs {@link ConsumerRules} on the annotation's values, in the order their messages have always
   * come in.
   */
  private void check(ExecutableElement method, AnnotationMirror mirror) {
    AnnotatedConsumer a = new AnnotatedConsumer(method, mirror);
    String queue = a.text("queue");
    String consumer = ConsumerRules.consumerName(a.text("name"), queue);
    String where = a.where();
    String source = ConsumerRules.ANNOTATION;
    int maxAttempts = a.number("maxAttempts");
    int prefetch = a.number("prefetch");
    int batchSize = a.number("batchSize");
    String deadLetter = a.text("deadLetter").trim();
    Consumer<String> errors = message -> error(method, mirror, message);

    ConsumerRules.queue(consumer, where, queue, errors);
    ConsumerRules.maxAttempts(consumer, where, maxAttempts, source, errors);
    ConsumerRules.prefetch(consumer, where, prefetch, source, errors);
    ConsumerRules.concurrency(consumer, where, a.number("concurrency"), source, errors);
    ConsumerRules.batchSize(consumer, where, batchSize, source, errors);
    ConsumerRules.batchWithinPrefetch(consumer, where, batchSize, prefetch, errors);
    ConsumerRules.batchWait(consumer, where, a.text("batchWait"), source, errors);
    ConsumerRules.quorumPair(consumer, where, a.quorum(), maxAttempts, deadLetter, errors);
    // written at all, even with the defaults: deployment sees only values that differ from them
    ConsumerRules.retryPublisher(consumer, where, a.quorum(), a.written("retryPublisher"), errors);
    ConsumerRules.delayedRetry(
        consumer,
        where,
        a.quorum(),
        a.constant("delayedRetryType"),
        source,
        a.text("delayedRetryMin"),
        source,
        a.text("delayedRetryMax"),
        source,
        errors);
    ConsumerRules.partitions(
        consumer,
        where,
        a.number("partitions"),
        source,
        a.quorum(),
        a.number("concurrency"),
        a.count("bindings"),
        errors);
    ConsumerRules.onePayload(
        consumer, where, a.bodies(), a.payloads(), () -> a.parameters().toString(), errors);
  }

  private void error(ExecutableElement method, AnnotationMirror mirror, String message) {
    processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, method, mirror);
  }
}

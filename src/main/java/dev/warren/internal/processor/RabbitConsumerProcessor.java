package dev.warren.internal.processor;

import dev.warren.internal.config.Durations;
import dev.warren.internal.logging.BatchMessages;
import dev.warren.internal.logging.DeclarationMessages;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.tools.Diagnostic;

/**
 * Fails compilation, with the file and line of the method, for the {@code @RabbitConsumer} mistakes
 * visible in the source alone: a blank queue, a negative {@code maxAttempts}, {@code prefetch} or
 * {@code concurrency} below 1, half of the {@code maxAttempts}/{@code deadLetter} pair or a {@code
 * retryPublisher} on a quorum queue, a {@code batchSize} below 1 or above {@code prefetch}, a
 * {@code batchWait} that is no duration, and a parameter list without exactly one payload.
 * Deployment runs the same checks (and those that need config or the broker) for code compiled
 * without it. Registered in {@code META-INF/services/javax.annotation.processing.Processor}.
 */
@SupportedAnnotationTypes(RabbitConsumerProcessor.ANNOTATION)
public final class RabbitConsumerProcessor extends AbstractProcessor {

  static final String ANNOTATION = "dev.warren.RabbitConsumer";
  private static final String DELIVERY = "dev.warren.Delivery";
  private static final String BATCH_DELIVERIES = "java.util.List<dev.warren.Delivery>";

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

  private void check(ExecutableElement method, AnnotationMirror mirror) {
    Map<String, Object> values = new HashMap<>();
    mirror
        .getElementValues()
        .forEach((key, value) -> values.put(key.getSimpleName().toString(), value.getValue()));
    String queue = (String) values.getOrDefault("queue", "");
    String name = (String) values.getOrDefault("name", "");
    String consumer = name.isBlank() ? queue : name;
    String where =
        ((TypeElement) method.getEnclosingElement()).getQualifiedName()
            + "#"
            + method.getSimpleName();
    int maxAttempts = (Integer) values.getOrDefault("maxAttempts", 0);
    int prefetch = (Integer) values.getOrDefault("prefetch", 250);
    int concurrency = (Integer) values.getOrDefault("concurrency", 1);
    int batchSize = (Integer) values.getOrDefault("batchSize", 1);
    String batchWait = (String) values.getOrDefault("batchWait", "50ms");
    String deadLetter = ((String) values.getOrDefault("deadLetter", "")).trim();
    Object queueType = values.get("queueType");
    boolean quorum =
        queueType instanceof VariableElement constant
            && constant.getSimpleName().contentEquals("QUORUM");

    Invalid invalid =
        (setting, value, fix) ->
            error(
                method,
                mirror,
                DeclarationMessages.invalidSetting(
                    consumer, where, setting, value, "@RabbitConsumer", fix));

    if (queue.isBlank()) {
      error(method, mirror, DeclarationMessages.blankQueue(consumer, where));
    }
    if (maxAttempts < 0) {
      invalid.report("maxAttempts", maxAttempts, "set it to 0 (no cap) or more");
    }
    if (prefetch < 1) {
      invalid.report(
          "prefetch", prefetch, "set it to 1 or more (0 would mean unlimited on the wire)");
    }
    if (concurrency < 1) {
      invalid.report("concurrency", concurrency, "set it to 1 or more");
    }
    if (batchSize < 1) {
      invalid.report("batchSize", batchSize, "set it to 1 (no batching) or more");
    } else if (batchSize > prefetch && prefetch >= 1) {
      error(method, mirror, BatchMessages.batchOverPrefetch(consumer, where, batchSize, prefetch));
    }
    try {
      if (Durations.parse(batchWait).isZero()) {
        throw new IllegalArgumentException("must be longer than zero");
      }
    } catch (IllegalArgumentException e) {
      invalid.report("batchWait", "'" + batchWait + "'", e.getMessage());
    }
    if (quorum && (maxAttempts > 0) != !deadLetter.isEmpty()) {
      error(
          method,
          mirror,
          DeclarationMessages.quorumHalfPair(consumer, where, maxAttempts, deadLetter));
    }
    if (quorum && values.containsKey("retryPublisher")) {
      error(method, mirror, DeclarationMessages.retryPublisherOnQuorum(consumer, where));
    }
    // the same rule as deployment (HandlerShape): one Delivery is metadata, everything else
    // (a second Delivery included) is a payload, and a Delivery is never a body; a batch
    // consumer's List<Delivery> is metadata too (deployment checks it belongs to a batch)
    // @Header parameters are metadata: never a body
    List<? extends VariableElement> parameters =
        method.getParameters().stream()
            .filter(p -> p.getAnnotation(dev.warren.Header.class) == null)
            .toList();
    long deliveries =
        parameters.stream().filter(p -> p.asType().toString().equals(DELIVERY)).count();
    long batchDeliveries =
        parameters.stream().filter(p -> p.asType().toString().equals(BATCH_DELIVERIES)).count();
    long bodies = parameters.size() - deliveries - batchDeliveries;
    long payloads = bodies + Math.max(0, deliveries - 1) + Math.max(0, batchDeliveries - 1);
    if (bodies == 0) {
      error(method, mirror, DeclarationMessages.noPayload(consumer, where));
    } else if (payloads > 1) {
      error(
          method, mirror, DeclarationMessages.twoPayloads(consumer, where, parameters.toString()));
    }
  }

  /** Reports one annotation value out of range, as WARREN-005. */
  @FunctionalInterface
  private interface Invalid {
    void report(String setting, Object value, String fix);
  }

  private void error(ExecutableElement method, AnnotationMirror mirror, String message) {
    processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, method, mirror);
  }
}

package dev.warren.internal.extension;

import dev.warren.Outbox;
import dev.warren.internal.config.GlobalSettings;
import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.ee.ThreadSource;
import dev.warren.internal.runtime.Deployed;
import dev.warren.internal.runtime.WarrenRuntime;
import dev.warren.internal.telemetry.Telemetry;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.InjectionPoint;
import java.lang.annotation.Annotation;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Where the application injects {@code @Outbox Publisher} (filled during bean discovery), and the
 * outbox's lifecycle: prepared at validation only when some injection point uses it (so an
 * application without one needs no datasource and no JTA), started with the application, stopped
 * before Warren's connections close.
 */
final class OutboxUse {

  private final List<String> injectionPoints = new CopyOnWriteArrayList<>();
  private volatile Telemetry telemetry = Telemetry.NONE;

  void injectionPoint(InjectionPoint point) {
    for (Annotation qualifier : point.getQualifiers()) {
      if (qualifier.annotationType() == Outbox.class) {
        injectionPoints.add(describe(point));
        return;
      }
    }
  }

  private static String describe(InjectionPoint point) {
    Bean<?> bean = point.getBean();
    String owner =
        bean != null
            ? bean.getBeanClass().getName()
            : point.getMember().getDeclaringClass().getName();
    return "'" + owner + "." + point.getMember().getName() + "'";
  }

  /** Prepares the outbox when some injection point uses it; problems go to {@code problems}. */
  void validate(
      WarrenConfig config,
      GlobalSettings global,
      WarrenRuntime runtime,
      ThreadSource threads,
      Telemetry telemetry,
      Deployed deployed,
      Consumer<String> problems) {
    if (injectionPoints.isEmpty()) {
      return;
    }
    this.telemetry = telemetry;
    deployed.outbox(
        dev.warren.internal.outbox.Outbox.prepare(
            config.outbox(),
            List.copyOf(injectionPoints),
            global.publisher().confirmTimeout(),
            runtime.codec(),
            threads,
            runtime::connection,
            problems));
  }

  /** Starts the relay, and its gauges (the runtime's telemetry closes them when it stops). */
  void start(Deployed deployed) {
    dev.warren.internal.outbox.Outbox outbox = deployed.outbox();
    if (outbox != null) {
      outbox.start();
      telemetry.outbox(outbox::reading);
    }
  }

  /** Stops the relay, waiting at most {@code timeoutSeconds} for its current pass. */
  static void stop(Deployed deployed, long timeoutSeconds) {
    dev.warren.internal.outbox.Outbox outbox = deployed.outbox();
    if (outbox != null) {
      outbox.stop(System.nanoTime() + timeoutSeconds * 1_000_000_000L);
    }
  }
}

package dev.warren.internal.health;

import dev.warren.internal.consume.ConsumerState;
import dev.warren.internal.consume.ConsumerStatus;
import dev.warren.internal.outbox.Outbox;
import dev.warren.internal.runtime.Deployed;
import dev.warren.internal.runtime.WarrenRuntime;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness ({@code warren}): UP when Warren's connections are open and every enabled consumer is
 * consuming; DOWN while the broker is away, a consumer recovers or waits for its queue, or one has
 * stopped, or while one's copies to a target were given up after failing again and again (its
 * {@code consumer.<name>.copies-failing} names the target and the last failure; see WARREN-271).
 * The data names the connection's state, each consumer's state with its in-flight and held
 * deliveries (a partition's also its activity here and its sampled ready messages; a consumer with
 * a dead letter queue also that queue's sampled ready messages; neither changes the status), and
 * the publisher's unconfirmed messages; with the outbox, its pending rows, the oldest one's age and
 * the rows failing (as the relay last counted them; they do not change the status).
 */
@Readiness
@ApplicationScoped
public class WarrenReadiness implements HealthCheck {

  /** The checks' name on the health endpoint. */
  static final String NAME = "warren";

  @Inject Deployed deployed;

  @Override
  public HealthCheckResponse call() {
    WarrenRuntime runtime = deployed.runtime();
    HealthCheckResponseBuilder response = HealthCheckResponse.named(NAME);
    if (runtime == null || !runtime.running()) {
      return response.down().withData("connection", "not started").build();
    }
    boolean up = runtime.connected();
    response.withData("connection", up ? "open" : "closed");
    for (ConsumerStatus consumer : runtime.consumers()) {
      up &= consumer.state() == ConsumerState.CONSUMING && consumer.copiesFailing().isEmpty();
      Data.consumer(response, consumer);
    }
    response.withData("publisher.unconfirmed", runtime.publisherUnconfirmed());
    Outbox outbox = deployed.outbox();
    if (outbox != null) {
      Data.outbox(response, outbox.stats());
    }
    return response.status(up).build();
  }
}

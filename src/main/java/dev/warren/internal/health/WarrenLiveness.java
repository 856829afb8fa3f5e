package dev.warren.internal.health;

import dev.warren.internal.consume.ConsumerState;
import dev.warren.internal.consume.ConsumerStatus;
import dev.warren.internal.runtime.Deployed;
import dev.warren.internal.runtime.WarrenRuntime;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Liveness;

/**
 * Liveness ({@code warren}): DOWN only for what a restart would fix, a consumer stopped for good
 * after its method threw an {@code Error}; a broker that is away or a deleted queue is readiness's
 * business (Warren comes back by itself). The data names each stopped consumer.
 */
@Liveness
@ApplicationScoped
public class WarrenLiveness implements HealthCheck {

  @Inject Deployed deployed;

  @Override
  public HealthCheckResponse call() {
    WarrenRuntime runtime = deployed.runtime();
    HealthCheckResponseBuilder response = HealthCheckResponse.named(WarrenReadiness.NAME);
    boolean up = true;
    // while Warren runs, a stopped consumer was stopped by an Error (at shutdown all are)
    if (runtime != null && runtime.running()) {
      for (ConsumerStatus consumer : runtime.consumers()) {
        if (consumer.state() == ConsumerState.STOPPED) {
          up = false;
          Data.consumer(response, consumer);
        }
      }
    }
    return response.status(up).build();
  }
}

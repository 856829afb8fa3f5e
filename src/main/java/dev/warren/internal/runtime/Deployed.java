package dev.warren.internal.runtime;

import dev.warren.internal.model.DeploymentModel;
import dev.warren.internal.outbox.Outbox;

/**
 * The runtime and what deployment validation accepted, for Warren's own beans (the injectable
 * client, the AsyncAPI document, the health checks): a bean the extension adds and fills at
 * validation, so that no bean injects the extension. Read at each use, as both are set only once
 * the container validated the deployment; the runtime is {@code null} until then.
 */
public final class Deployed {

  private volatile WarrenRuntime runtime;
  private volatile DeploymentModel deployment;
  private volatile Outbox outbox;

  /** The runtime, {@code null} before deployment validation made it. */
  public WarrenRuntime runtime() {
    return runtime;
  }

  /** What deployment validation accepted, {@code null} before it did (or when it failed). */
  public DeploymentModel deployment() {
    return deployment;
  }

  /** Set by the extension at deployment validation. */
  public void runtime(WarrenRuntime runtime) {
    this.runtime = runtime;
  }

  /** Set by the extension once deployment validation accepted the deployment. */
  public void deployment(DeploymentModel deployment) {
    this.deployment = deployment;
  }

  /** The outbox, {@code null} when no injection point uses it (or it could not be prepared). */
  public Outbox outbox() {
    return outbox;
  }

  /** Set by the extension at deployment validation when some injection point uses the outbox. */
  public void outbox(Outbox outbox) {
    this.outbox = outbox;
  }
}

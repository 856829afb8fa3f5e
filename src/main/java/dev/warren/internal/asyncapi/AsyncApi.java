package dev.warren.internal.asyncapi;

import dev.warren.AsyncApiDocument;
import dev.warren.internal.model.DeploymentModel;
import dev.warren.spi.Codec;

/**
 * The application's {@link AsyncApiDocument}: built from the validated deployment the first time it
 * is asked for, then kept. Application-scoped; thread-safe.
 */
public final class AsyncApi implements AsyncApiDocument {

  private final DeploymentModel deployment;
  private final Codec codec;
  private String json;

  /**
   * @param deployment what deployment validation accepted
   * @param codec the payload codec, {@code null} when there is none
   */
  public AsyncApi(DeploymentModel deployment, Codec codec) {
    this.deployment = deployment;
    this.codec = codec;
  }

  @Override
  public synchronized String json() {
    if (json == null) {
      json = Json.write(AsyncApiBuilder.build(AsyncApiSource.of(deployment, codec)));
    }
    return json;
  }
}

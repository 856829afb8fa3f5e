package dev.warren.internal.model;

import dev.warren.Publishes;
import java.util.List;

/**
 * One declared publication ({@link Publishes}), for the AsyncAPI document; built once at
 * deployment. Identical declarations in several places become one model listing every place.
 *
 * @param exchange the exchange, {@code ""} for the default exchange
 * @param routingKey the routing key
 * @param payload the payload's type
 * @param reply the reply type of a request, {@code null} for a plain publication
 * @param description what the message is for, {@code ""} for nothing
 * @param declaredAt where it was declared: {@code com.acme.Orders#publisher}, sorted
 */
public record PublicationModel(
    String exchange,
    String routingKey,
    Class<?> payload,
    Class<?> reply,
    String description,
    List<String> declaredAt) {

  /** Whether it is a request sent with the {@code Requester}. */
  public boolean request() {
    return reply != null;
  }
}

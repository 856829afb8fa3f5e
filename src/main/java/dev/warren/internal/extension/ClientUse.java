package dev.warren.internal.extension;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.warren.Publisher;
import dev.warren.Requester;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Set;

/**
 * Whether the application injects one of the clients Warren provides ({@code Publisher}, {@code
 * Requester}, or the raw {@code Connection} and {@code Channel}), directly or through {@code
 * Instance}/{@code Provider}: then deployment checks the connection even without a consumer, so
 * that wrong credentials fail deployment instead of the first publish. Filled during bean
 * discovery, read in validation.
 */
final class ClientUse {

  private static final Set<Type> CLIENTS =
      Set.of(Publisher.class, Requester.class, Connection.class, Channel.class);

  private volatile boolean used;

  void injectionPoint(Type type) {
    if (CLIENTS.contains(type)
        || type instanceof ParameterizedType p
            && p.getActualTypeArguments().length == 1
            && CLIENTS.contains(p.getActualTypeArguments()[0])) {
      used = true;
    }
  }

  boolean used() {
    return used;
  }
}

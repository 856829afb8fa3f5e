package dev.warren.internal.connection;

import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.impl.FrameHandlerFactory;
import java.io.IOException;

/**
 * The client's connection factory, whose connections read every frame through a {@link FrameGuard}:
 * a message whose header table the client cannot read reaches its consumer as a decode failure
 * instead of closing the connection. The client asks for its frame handler factory once per {@code
 * newConnection}, and the connection's recoveries use that one again, so recovered connections are
 * guarded too. Made per connection by {@code Connections}.
 */
public final class GuardedConnectionFactory extends ConnectionFactory {

  @Override
  protected synchronized FrameHandlerFactory createFrameHandlerFactory() throws IOException {
    return FrameGuard.around(super.createFrameHandlerFactory());
  }
}

package dev.warren.internal.connection;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.WriteListener;
import com.rabbitmq.client.impl.AMQConnection;
import com.rabbitmq.client.impl.Frame;
import com.rabbitmq.client.impl.FrameHandler;
import com.rabbitmq.client.impl.FrameHandlerFactory;
import dev.warren.internal.logging.ClientMessages;
import dev.warren.internal.logging.RateLimit;
import java.io.IOException;
import java.net.InetAddress;
import java.net.SocketException;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Stands between a connection's socket and the RabbitMQ client's parser: every frame the client
 * reads passes through {@link #readFrame()}, and a content header whose header table the client
 * cannot read (see {@link HeaderTables}) reaches it with that table replaced by one that says why.
 * The client then delivers the message like any other, instead of closing the whole connection (and
 * every consumer on it) on each delivery of it; Warren's consumer drops it as a decode failure
 * ({@code basic.reject requeue=false} on its channel), and the other consumers go on.
 *
 * <p>Made by {@link GuardedConnectionFactory} around the frame handler the client would use (its
 * blocking socket handler, plain or TLS), one per connection and per recovery of it. {@link
 * #readFrame()} runs on the connection's reader thread (the client's main loop), the other methods
 * where the client calls them. Per frame: one type comparison; per content-header frame with
 * headers, one pass over the header table's bytes, without allocation; only an unreadable one
 * allocates its new payload and is logged (at most once a minute per connection).
 *
 * <p>This uses the client's {@code com.rabbitmq.client.impl} frame API ({@link FrameHandler},
 * {@link Frame}), which the client lets a {@code ConnectionFactory} subclass supply; {@code
 * FrameGuardTest} fails the build when an upgraded client no longer reads frames through it, or
 * reads header tables differently.
 */
final class FrameGuard implements FrameHandler {

  private static final Logger LOG = Logger.getLogger(FrameGuard.class.getName());
  private static final Duration WARNING_INTERVAL = Duration.ofMinutes(1);

  private final FrameHandler client;
  private final String connection;
  private final RateLimit warnings;

  /**
   * @param client the frame handler the client made
   * @param connection the connection's name, for messages
   * @param warnings limits the warnings of the connection, across its recoveries
   */
  FrameGuard(FrameHandler client, String connection, RateLimit warnings) {
    this.client = client;
    this.connection = connection;
    this.warnings = warnings;
  }

  /** {@code client}'s frame handlers, each guarded. */
  static FrameHandlerFactory around(FrameHandlerFactory client) {
    RateLimit warnings = new RateLimit(WARNING_INTERVAL);
    return (address, name) -> new FrameGuard(client.create(address, name), name, warnings);
  }

  @Override
  public Frame readFrame() throws IOException {
    Frame frame = client.readFrame();
    if (frame == null || frame.getType() != AMQP.FRAME_HEADER) {
      return frame;
    }
    return guarded(frame);
  }

  /** {@code header} as the client can read it. */
  Frame guarded(Frame header) {
    byte[] payload = header.getPayload();
    int problem;
    try {
      problem = HeaderTables.check(payload);
    } catch (RuntimeException defect) {
      // never worse than the client alone: it reads the frame as it came
      LOG.log(Level.FINE, "the frame guard could not check a content header", defect);
      return header;
    }
    if (problem == 0) {
      return header;
    }
    String why = HeaderTables.why(problem);
    if (warnings.allow()) {
      ClientMessages.unreadableHeaders(LOG, connection, header.getChannel(), why);
    }
    return new Frame(AMQP.FRAME_HEADER, header.getChannel(), HeaderTables.replaced(payload, why));
  }

  /** The client's own frame handler, behind this guard. */
  FrameHandler client() {
    return client;
  }

  // everything else is the client's own handler's

  @Override
  public boolean internalHearbeat() {
    return client.internalHearbeat();
  }

  @Override
  public void setTimeout(int timeoutMs) throws SocketException {
    client.setTimeout(timeoutMs);
  }

  @Override
  public int getTimeout() throws SocketException {
    return client.getTimeout();
  }

  @Override
  public void sendHeader() throws IOException {
    client.sendHeader();
  }

  @Override
  public void initialize(AMQConnection connection) {
    client.initialize(connection);
  }

  @Override
  public void startProcessing() {
    client.startProcessing();
  }

  @Override
  public void finishConnectionNegotiation() {
    client.finishConnectionNegotiation();
  }

  @Override
  public void setFrameMax(int frameMax) {
    client.setFrameMax(frameMax);
  }

  @Override
  public void writeFrame(Frame frame) throws IOException {
    client.writeFrame(frame);
  }

  @Override
  public void flush(WriteListener listener) throws IOException {
    client.flush(listener);
  }

  @Override
  public void close() {
    client.close();
  }

  @Override
  public InetAddress getLocalAddress() {
    return client.getLocalAddress();
  }

  @Override
  public int getLocalPort() {
    return client.getLocalPort();
  }

  @Override
  public InetAddress getAddress() {
    return client.getAddress();
  }

  @Override
  public int getPort() {
    return client.getPort();
  }

  @Override
  public String toString() {
    return client.toString();
  }
}

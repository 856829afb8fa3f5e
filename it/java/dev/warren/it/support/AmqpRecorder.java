package dev.warren.it.support;

import java.io.DataInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A recording TCP proxy on loopback: forwards every client connection to the test broker ({@link
 * Broker#PORT}) byte for byte, and parses what clients send as AMQP 0-9-1 frames, recording each
 * method frame. Point Warren's {@code warren.uri} at {@link #port()} to see the frames it sends.
 * Daemon threads; {@link #close()} stops listening and closes every socket.
 */
public final class AmqpRecorder implements AutoCloseable {

  private static final byte[] PROTOCOL_HEADER = {'A', 'M', 'Q', 'P', 0, 0, 9, 1};
  private static final int FRAME_METHOD = 1;
  private static final int FRAME_END = 0xCE;
  private static final Map<Integer, String> NAMES =
      Map.ofEntries(
          name(10, 11, "connection.start-ok"),
          name(10, 21, "connection.secure-ok"),
          name(10, 31, "connection.tune-ok"),
          name(10, 40, "connection.open"),
          name(10, 50, "connection.close"),
          name(10, 51, "connection.close-ok"),
          name(20, 10, "channel.open"),
          name(20, 20, "channel.flow"),
          name(20, 21, "channel.flow-ok"),
          name(20, 40, "channel.close"),
          name(20, 41, "channel.close-ok"),
          name(40, 10, "exchange.declare"),
          name(40, 20, "exchange.delete"),
          name(40, 30, "exchange.bind"),
          name(40, 40, "exchange.unbind"),
          name(50, 10, "queue.declare"),
          name(50, 20, "queue.bind"),
          name(50, 30, "queue.purge"),
          name(50, 40, "queue.delete"),
          name(50, 50, "queue.unbind"),
          name(60, 10, "basic.qos"),
          name(60, 20, "basic.consume"),
          name(60, 30, "basic.cancel"),
          name(60, 40, "basic.publish"),
          name(60, 70, "basic.get"),
          name(60, 80, "basic.ack"),
          name(60, 90, "basic.reject"),
          name(60, 100, "basic.recover-async"),
          name(60, 110, "basic.recover"),
          name(60, 120, "basic.nack"),
          name(85, 10, "confirm.select"),
          name(90, 10, "tx.select"),
          name(90, 20, "tx.commit"),
          name(90, 30, "tx.rollback"));

  /**
   * One method frame a client sent. For {@code basic.ack} {@code flag1} is {@code multiple}; for
   * {@code basic.reject} {@code flag1} is {@code requeue}; for {@code basic.nack} {@code flag1} is
   * {@code multiple} and {@code flag2} is {@code requeue}; for {@code basic.consume} {@code flag1}
   * is {@code no-ack} and {@code target} the queue; for {@code basic.publish} {@code flag1} is
   * {@code mandatory} and {@code target} the routing key. Other methods carry no tag or flags.
   *
   * @param connection the number of the proxied connection, from 1 in the order they were accepted
   */
  public record Method(
      int connection,
      int channel,
      int classId,
      int methodId,
      String name,
      long deliveryTag,
      boolean flag1,
      boolean flag2,
      String target) {

    /** The {@code no-ack} bit of a {@code basic.consume}; {@code false} otherwise. */
    public boolean noAck() {
      return classId == 60 && methodId == 20 && flag1;
    }

    /** The {@code mandatory} bit of a {@code basic.publish}; {@code false} otherwise. */
    public boolean mandatory() {
      return classId == 60 && methodId == 40 && flag1;
    }

    /** Whether this frame settles deliveries (ack, reject or nack). */
    public boolean settles() {
      return classId == 60 && (methodId == 80 || methodId == 90 || methodId == 120);
    }

    /** The {@code multiple} bit of an ack or nack; {@code false} otherwise. */
    public boolean multiple() {
      return classId == 60 && (methodId == 80 || methodId == 120) && flag1;
    }

    /** The {@code requeue} bit of a reject or nack; {@code false} otherwise. */
    public boolean requeue() {
      return classId == 60 && (methodId == 90 ? flag1 : methodId == 120 && flag2);
    }

    @Override
    public String toString() {
      return switch (name) {
        case "basic.ack" -> name + "(tag=" + deliveryTag + ", multiple=" + flag1 + ")";
        case "basic.reject" -> name + "(tag=" + deliveryTag + ", requeue=" + flag1 + ")";
        case "basic.nack" ->
            name + "(tag=" + deliveryTag + ", multiple=" + flag1 + ", requeue=" + flag2 + ")";
        default -> name;
      };
    }
  }

  private final InetAddress loopback = loopback();
  private final int brokerPort;
  private final ServerSocket server;
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
  private final AtomicInteger connections = new AtomicInteger();
  private final List<Method> methods = new ArrayList<>();
  private final List<String> errors = new ArrayList<>();
  private final Object gate = new Object();
  private boolean holding;
  private volatile boolean closed;

  private AmqpRecorder(int brokerPort) throws IOException {
    this.brokerPort = brokerPort;
    this.server = new ServerSocket();
    server.bind(new InetSocketAddress(loopback, 0));
    daemon("amqp-recorder-accept", this::acceptLoop).start();
  }

  /** Starts a recorder in front of the test broker ({@code 127.0.0.1:}{@link Broker#PORT}). */
  public static AmqpRecorder start() throws IOException {
    return new AmqpRecorder(Broker.PORT);
  }

  /** The loopback port clients connect to. */
  public int port() {
    return server.getLocalPort();
  }

  /** Warren's {@code warren.uri} through this recorder (guest/guest, the default virtual host). */
  public String uri() {
    return "amqp://guest:guest@127.0.0.1:" + port() + "/";
  }

  /**
   * Every method frame recorded so far, in the order each connection sent them.
   *
   * @throws IllegalStateException if some client traffic could not be parsed as AMQP 0-9-1, so that
   *     an assertion never passes on a recording with holes in it
   */
  public synchronized List<Method> methods() {
    if (!errors.isEmpty()) {
      throw new IllegalStateException("unparseable client traffic: " + errors);
    }
    return List.copyOf(methods);
  }

  @Override
  public void close() throws IOException {
    closed = true;
    server.close();
    for (Socket socket : sockets) {
      closeQuietly(socket);
    }
  }

  private void acceptLoop() {
    while (!closed) {
      try {
        Socket client = server.accept();
        Socket broker;
        try {
          broker = new Socket(loopback, brokerPort);
        } catch (IOException e) {
          closeQuietly(client);
          throw e;
        }
        sockets.add(client);
        sockets.add(broker);
        if (closed) {
          closeQuietly(client);
          closeQuietly(broker);
          return;
        }
        int number = connections.incrementAndGet();
        daemon("amqp-recorder-" + number + "-in", () -> pump(broker, client)).start();
        daemon("amqp-recorder-" + number + "-out", () -> record(number, client, broker)).start();
      } catch (IOException e) {
        if (!closed) {
          failed("accept: " + e);
        }
      }
    }
  }

  /**
   * Holds back everything the broker sends (confirms included) until {@link
   * #releaseBrokerToClient()}: a broker that has gone slow, as seen from the client.
   */
  public void holdBrokerToClient() {
    synchronized (gate) {
      holding = true;
    }
  }

  /** Lets the broker's traffic through again. */
  public void releaseBrokerToClient() {
    synchronized (gate) {
      holding = false;
      gate.notifyAll();
    }
  }

  private void awaitGate() throws InterruptedException {
    synchronized (gate) {
      while (holding && !closed) {
        gate.wait(100);
      }
    }
  }

  /** How many {@code basic.publish} frames the clients sent so far. */
  public synchronized long publishes() {
    return methods.stream().filter(m -> m.classId() == 60 && m.methodId() == 40).count();
  }

  /** Broker to client: copied as is, unless held. */
  private void pump(Socket from, Socket to) {
    try {
      InputStream in = from.getInputStream();
      OutputStream out = to.getOutputStream();
      byte[] buffer = new byte[8192];
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        awaitGate();
        out.write(buffer, 0, n);
        out.flush();
      }
    } catch (IOException e) {
      // one side closed: so do we
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      closeQuietly(from);
      closeQuietly(to);
    }
  }

  /** Client to broker: every byte the parser reads is forwarded before it is interpreted. */
  private void record(int connection, Socket client, Socket broker) {
    try {
      OutputStream out = broker.getOutputStream();
      DataInputStream in = new DataInputStream(new Tee(client.getInputStream(), out));
      byte[] header = new byte[PROTOCOL_HEADER.length];
      in.readFully(header);
      if (!Arrays.equals(header, PROTOCOL_HEADER)) {
        throw new IOException("not the AMQP 0-9-1 header: " + Arrays.toString(header));
      }
      while (true) {
        int type = in.read();
        if (type < 0) {
          return; // the client closed between frames
        }
        int channel = in.readUnsignedShort();
        byte[] payload = new byte[in.readInt()];
        in.readFully(payload);
        if (in.readUnsignedByte() != FRAME_END) {
          throw new IOException("frame on channel " + channel + " does not end with 0xCE");
        }
        if (type == FRAME_METHOD) {
          add(parse(connection, channel, payload));
        }
      }
    } catch (IOException | RuntimeException e) {
      if (!closed && !client.isClosed() && !broker.isClosed()) {
        failed("connection " + connection + ": " + e);
      }
    } finally {
      closeQuietly(client);
      closeQuietly(broker);
    }
  }

  private static Method parse(int connection, int channel, byte[] payload) {
    int classId = (payload[0] & 0xFF) << 8 | payload[1] & 0xFF;
    int methodId = (payload[2] & 0xFF) << 8 | payload[3] & 0xFF;
    String name = NAMES.getOrDefault(classId << 16 | methodId, classId + "." + methodId);
    long tag = 0;
    int bits = 0;
    String target = null;
    if (classId == 60 && (methodId == 80 || methodId == 90 || methodId == 120)) {
      for (int i = 4; i < 12; i++) {
        tag = tag << 8 | payload[i] & 0xFF;
      }
      bits = payload[12];
    } else if (classId == 60 && methodId == 20) {
      // basic.consume: reserved short, queue, consumer tag, bits (no-local, no-ack, ...)
      int at = 6;
      target = shortString(payload, at);
      at += 1 + (payload[at] & 0xFF);
      at += 1 + (payload[at] & 0xFF);
      bits = (payload[at] & 2) != 0 ? 1 : 0;
    } else if (classId == 60 && methodId == 40) {
      // basic.publish: reserved short, exchange, routing key, bits (mandatory, immediate)
      int at = 6;
      at += 1 + (payload[at] & 0xFF);
      target = shortString(payload, at);
      at += 1 + (payload[at] & 0xFF);
      bits = payload[at] & 1;
    }
    return new Method(
        connection,
        channel,
        classId,
        methodId,
        name,
        tag,
        (bits & 1) != 0,
        (bits & 2) != 0,
        target);
  }

  private static String shortString(byte[] payload, int at) {
    return new String(payload, at + 1, payload[at] & 0xFF, StandardCharsets.UTF_8);
  }

  private synchronized void add(Method method) {
    methods.add(method);
  }

  private synchronized void failed(String error) {
    errors.add(error);
  }

  private static Thread daemon(String name, Runnable task) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    return thread;
  }

  private void closeQuietly(Socket socket) {
    sockets.remove(socket);
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  private static Map.Entry<Integer, String> name(int classId, int methodId, String name) {
    return Map.entry(classId << 16 | methodId, name);
  }

  private static InetAddress loopback() {
    try {
      return InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Forwards (and flushes) every byte read from the client to the broker as it is read. */
  private static final class Tee extends FilterInputStream {
    private final OutputStream copy;

    Tee(InputStream in, OutputStream copy) {
      super(in);
      this.copy = copy;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        copy.write(b);
        copy.flush();
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      if (n > 0) {
        copy.write(buffer, offset, n);
        copy.flush();
      }
      return n;
    }
  }
}

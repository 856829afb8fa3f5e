package dev.warren.test;

import com.rabbitmq.client.AMQP;
import dev.warren.internal.codec.Headers;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback TCP proxy in front of the broker for a kit with the broker: Warren connects through
 * it, every byte is forwarded unchanged, and the AMQP 0-9-1 frames that matter to a delivery are
 * recorded: what the broker delivers ({@code basic.deliver}) and what Warren sends back on the same
 * channel ({@code basic.ack}, {@code basic.reject}, {@code basic.publish} with its properties,
 * {@code channel.close}). Daemon threads; lives as long as the kit.
 */
final class WireRecorder implements AutoCloseable {

  /** Something seen on connection {@code connection}, channel {@code channel}. */
  sealed interface Event {
    int connection();

    int channel();
  }

  /** The broker delivered a message. */
  record Deliver(int connection, int channel, long tag, AMQP.BasicProperties properties)
      implements Event {}

  /** Warren settled a delivery. */
  record Settle(int connection, int channel, long tag, Frame frame) implements Event {}

  /** Warren published a message. */
  record Publish(int connection, int channel, Frame.Publish frame, AMQP.BasicProperties properties)
      implements Event {}

  /** Warren closed a channel. */
  record Close(int connection, int channel) implements Event {}

  private static final int FRAME_METHOD = 1;
  private static final int FRAME_HEADER = 2;
  private static final int FRAME_BODY = 3;

  private final String host;
  private final int port;
  private final ServerSocket server;
  private final AtomicInteger connections = new AtomicInteger();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  final List<Event> events = new CopyOnWriteArrayList<>();

  /** What stopped the recorder reading a stream, or {@code null}. */
  volatile Exception failure;

  WireRecorder(String host, int port) throws IOException {
    this.host = host;
    this.port = port;
    this.server = new ServerSocket();
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    Thread accept = new Thread(this::accept, "warren-test-kit-proxy");
    accept.setDaemon(true);
    accept.start();
  }

  /** The port Warren connects to. */
  int port() {
    return server.getLocalPort();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Socket broker = new Socket(host, port);
        sockets.add(client);
        sockets.add(broker);
        int id = connections.incrementAndGet();
        pump(client.getInputStream(), broker.getOutputStream(), id, true);
        pump(broker.getInputStream(), client.getOutputStream(), id, false);
      } catch (IOException e) {
        // closed, or the broker is not there: Warren's connection attempt fails and says so
      }
    }
  }

  private void pump(InputStream in, OutputStream out, int connection, boolean fromClient) {
    Thread thread =
        new Thread(
            () -> {
              Parser parser = new Parser(connection, fromClient);
              byte[] buffer = new byte[16384];
              boolean parsing = true;
              try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                  // recorded before it is passed on: what the other side answers comes after it
                  if (parsing) {
                    try {
                      parser.feed(buffer, n);
                    } catch (IOException | RuntimeException e) {
                      // never break the connection over a frame the recorder cannot read
                      parsing = false;
                      failure = e;
                    }
                  }
                  out.write(buffer, 0, n);
                  out.flush();
                }
              } catch (IOException | RuntimeException e) {
                // a side closed: close the other
              } finally {
                try {
                  out.close();
                } catch (IOException e) {
                  // already closed
                }
              }
            },
            "warren-test-kit-proxy-" + connection + (fromClient ? "-out" : "-in"));
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException e) {
      // closing anyway
    }
    for (Socket socket : sockets) {
      try {
        socket.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }

  /** Reads frames out of one direction's bytes as they pass. */
  private final class Parser {
    private final int connection;
    private final boolean fromClient;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
    private boolean headerSkipped;

    /** Per channel: the method whose content follows ("publish" or "deliver") and its parts. */
    private final Map<Integer, Content> contents = new HashMap<>();

    Parser(int connection, boolean fromClient) {
      this.connection = connection;
      this.fromClient = fromClient;
      this.headerSkipped = !fromClient; // only the client sends the protocol header
    }

    void feed(byte[] bytes, int length) throws IOException {
      pending.write(bytes, 0, length);
      byte[] data = pending.toByteArray();
      int at = 0;
      if (!headerSkipped) {
        if (data.length < 8) {
          return;
        }
        at = 8;
        headerSkipped = true;
      }
      while (data.length - at >= 7) {
        int type = data[at] & 0xFF;
        int channel = ((data[at + 1] & 0xFF) << 8) | (data[at + 2] & 0xFF);
        int size =
            ((data[at + 3] & 0xFF) << 24)
                | ((data[at + 4] & 0xFF) << 16)
                | ((data[at + 5] & 0xFF) << 8)
                | (data[at + 6] & 0xFF);
        if (data.length - at < 7 + size + 1) {
          break;
        }
        frame(type, channel, new DataInputStream(new ByteArrayInputStream(data, at + 7, size)));
        at += 7 + size + 1;
      }
      pending.reset();
      pending.write(data, at, data.length - at);
    }

    private void frame(int type, int channel, DataInputStream in) throws IOException {
      if (type == FRAME_METHOD) {
        method(channel, in);
      } else if (type == FRAME_HEADER) {
        Content content = contents.get(channel);
        if (content != null) {
          in.readShort(); // class; the properties read weight and body size themselves
          content.properties = new AMQP.BasicProperties(in);
          content.size = content.properties.getBodySize();
          if (content.size == 0) {
            finish(channel, content);
          }
        }
      } else if (type == FRAME_BODY) {
        Content content = contents.get(channel);
        if (content != null) {
          content.body.write(in.readAllBytes());
          if (content.body.size() >= content.size) {
            finish(channel, content);
          }
        }
      }
    }

    private void method(int channel, DataInputStream in) throws IOException {
      int classId = in.readUnsignedShort();
      int methodId = in.readUnsignedShort();
      if (fromClient && classId == 60 && methodId == 40) {
        in.readShort(); // reserved
        Content content = new Content();
        content.exchange = shortString(in);
        content.routingKey = shortString(in);
        contents.put(channel, content);
      } else if (fromClient && classId == 60 && methodId == 80) {
        long tag = in.readLong();
        events.add(new Settle(connection, channel, tag, Frame.ack()));
      } else if (fromClient && classId == 60 && methodId == 90) {
        long tag = in.readLong();
        boolean requeue = (in.readUnsignedByte() & 1) != 0;
        events.add(new Settle(connection, channel, tag, Frame.reject(requeue)));
      } else if (fromClient && classId == 20 && methodId == 40) {
        events.add(new Close(connection, channel));
      } else if (!fromClient && classId == 60 && methodId == 60) {
        shortString(in); // consumer tag
        Content content = new Content();
        content.tag = in.readLong();
        content.deliver = true;
        contents.put(channel, content);
      }
    }

    private void finish(int channel, Content content) {
      contents.remove(channel);
      if (content.deliver) {
        events.add(new Deliver(connection, channel, content.tag, content.properties));
      } else {
        AMQP.BasicProperties p = content.properties;
        events.add(
            new Publish(
                connection,
                channel,
                new Frame.Publish(
                    content.exchange,
                    content.routingKey,
                    Headers.plain(p.getHeaders()),
                    p.getExpiration(),
                    p.getDeliveryMode() != null && p.getDeliveryMode() == 2,
                    p.getCorrelationId(),
                    content.body.toByteArray()),
                p));
      }
    }
  }

  private static String shortString(DataInputStream in) throws IOException {
    byte[] bytes = new byte[in.readUnsignedByte()];
    in.readFully(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** A method with content, until its header and body have passed. */
  private static final class Content {
    String exchange;
    String routingKey;
    long tag;
    boolean deliver;
    long size = -1;
    AMQP.BasicProperties properties;
    final ByteArrayOutputStream body = new ByteArrayOutputStream();
  }

  /** The events of one delivery, from its {@code basic.deliver} on. */
  static List<Event> after(List<Event> events, Deliver deliver) {
    int start = events.indexOf(deliver);
    return start < 0 ? List.of() : new ArrayList<>(events.subList(start + 1, events.size()));
  }
}

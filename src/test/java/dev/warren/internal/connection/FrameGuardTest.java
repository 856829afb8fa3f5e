package dev.warren.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Address;
import com.rabbitmq.client.MalformedFrameException;
import com.rabbitmq.client.impl.AMQImpl;
import com.rabbitmq.client.impl.Frame;
import com.rabbitmq.client.impl.FrameHandler;
import com.rabbitmq.client.impl.SocketFrameHandler;
import dev.warren.internal.codec.PayloadDecoder;
import dev.warren.internal.logging.RateLimit;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The frame guard lets through exactly the content headers the RabbitMQ client reads, and hands the
 * client a readable replacement for the others. Every expectation is checked against the client's
 * own reader ({@code AMQImpl.readContentHeaderFrom}, what the client's main loop runs on a content
 * header): a client upgrade that reads header tables differently, or no longer reads frames through
 * the handler a {@code ConnectionFactory} subclass supplies, fails here.
 */
class FrameGuardTest {

  /** A content header as the broker sends it: every property set, {@code headers} as given. */
  private static AMQP.BasicProperties properties(Map<String, Object> headers) {
    return new AMQP.BasicProperties.Builder()
        .contentType("application/json")
        .contentEncoding("utf-8")
        .headers(headers)
        .deliveryMode(2)
        .priority(3)
        .correlationId("corr-1")
        .replyTo("amq.rabbitmq.reply-to")
        .expiration("60000")
        .messageId("msg-1")
        .timestamp(new Date(1_700_000_000_000L))
        .type("order")
        .userId("guest")
        .appId("shop")
        .clusterId("c1")
        .build();
  }

  private static byte[] payload(AMQP.BasicProperties properties) throws IOException {
    return properties.toFrame(5, 1234).getPayload();
  }

  /** What the client makes of a content-header payload; throws what it throws. */
  private static AMQP.BasicProperties clientReads(byte[] payload) throws IOException {
    return (AMQP.BasicProperties)
        AMQImpl.readContentHeaderFrom(new DataInputStream(new ByteArrayInputStream(payload)));
  }

  private static boolean clientCanRead(byte[] payload) {
    try {
      clientReads(payload);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Tables nested {@code depth} levels below the headers table, with {@code leaf} innermost. */
  private static Map<String, Object> nestedTables(int depth) {
    Map<String, Object> nested = new HashMap<>(Map.of("leaf", 1));
    for (int i = 0; i < depth; i++) {
      Map<String, Object> outer = new HashMap<>();
      outer.put("n", nested);
      nested = outer;
    }
    return nested;
  }

  /** Every value type the client writes, at the top and inside a table and an array. */
  private static Map<String, Object> everyType(Object nested) {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("string", "text");
    values.put("int", 7);
    values.put("long", 7L);
    values.put("short", (short) 7);
    values.put("byte", (byte) 7);
    values.put("double", 7.5d);
    values.put("float", 7.5f);
    values.put("decimal", new BigDecimal("7.25"));
    values.put("boolean", true);
    values.put("timestamp", new Date(1_700_000_000_000L));
    values.put("bytes", new byte[] {1, 2, 3});
    values.put("void", null);
    values.put("empty table", Map.of());
    values.put("empty array", List.of());
    Map<String, Object> headers = new LinkedHashMap<>(values);
    headers.put("table", new LinkedHashMap<>(values));
    headers.put("array", new ArrayList<>(values.values()));
    headers.put("nested", nested);
    return headers;
  }

  @Test
  void theGuardAndTheClientReadUpTo32NestedLevelsAndRefuse33() throws IOException {
    byte[] deepest = payload(properties(nestedTables(32)));
    byte[] tooDeep = payload(properties(nestedTables(33)));

    assertThat(clientCanRead(deepest)).as("the client reads 32 levels").isTrue();
    assertThatThrownBy(() -> clientReads(tooDeep))
        .as("the client refuses 33 levels")
        .isInstanceOf(MalformedFrameException.class)
        .hasMessageContaining("max 32");
    assertThat(HeaderTables.MOST_NESTED).isEqualTo(32);
    assertThat(HeaderTables.check(deepest)).isZero();
    assertThat(HeaderTables.check(tooDeep)).isEqualTo(HeaderTables.TOO_DEEP);
  }

  @ParameterizedTest
  @ValueSource(strings = {"tables", "arrays", "alternating"})
  void theGuardPassesExactlyWhatTheClientReadsAtEveryDepth(String kind) throws IOException {
    for (int depth = 0; depth <= 40; depth++) {
      Object nested = Map.of("leaf", "x");
      for (int i = 0; i < depth; i++) {
        boolean table = kind.equals("tables") || (kind.equals("alternating") && i % 2 == 0);
        nested = table ? Map.of("n", nested) : List.of(nested, 1, "y");
      }
      byte[] payload = payload(properties(everyType(nested)));
      assertThat(HeaderTables.check(payload) == 0)
          .as("%s nested %d deep: the guard passes it iff the client reads it", kind, depth)
          .isEqualTo(clientCanRead(payload));
    }
  }

  @Test
  void framesWithoutHeadersAreLeftAlone() throws IOException {
    assertThat(HeaderTables.check(payload(properties(null)))).isZero();
    assertThat(HeaderTables.check(payload(new AMQP.BasicProperties()))).isZero();
    assertThat(HeaderTables.check(payload(properties(Map.of())))).isZero();
  }

  /**
   * Random damage: the check never throws; when only the inside of the header table is damaged,
   * what it passes the client reads, and what replaces what it does not pass is readable.
   */
  @Test
  void theCheckNeverFailsOnGarbageAndItsReplacementIsReadable() throws IOException {
    byte[] valid = payload(properties(everyType(nestedTables(3))));
    int table = HeaderTables.headersAt(valid);
    int tableEnd = HeaderTables.table(valid, table, valid.length, 0);
    java.util.Random random = new java.util.Random(31);
    for (int i = 0; i < 20_000; i++) {
      boolean insideOnly = i % 2 == 0;
      byte[] garbage =
          insideOnly
              ? valid.clone()
              : java.util.Arrays.copyOf(valid, 14 + random.nextInt(valid.length - 13));
      int from = insideOnly ? table + 4 : 14;
      int to = insideOnly ? tableEnd : garbage.length;
      for (int at = from; at < to; at++) {
        if (random.nextInt(16) == 0) {
          garbage[at] = (byte) random.nextInt();
        }
      }
      int problem = HeaderTables.check(garbage);
      assertThat(problem).isBetween(HeaderTables.MALFORMED, 0);
      if (insideOnly && problem == 0) {
        assertThat(clientCanRead(garbage)).as("what the guard passes, the client reads").isTrue();
      }
      if (insideOnly && problem != 0) {
        assertThat(clientCanRead(HeaderTables.replaced(garbage, HeaderTables.why(problem))))
            .as("the replacement of an unreadable table is readable")
            .isTrue();
      }
    }
  }

  /** Where the type octet of the only header of {@code payload} is. */
  private static int onlyValueType(byte[] payload) {
    int at = HeaderTables.headersAt(payload);
    return at + 4 + 1 + (payload[at + 4] & 0xff);
  }

  @Test
  void theTypesTheClientReadsButDoesNotWriteAreReadable() throws IOException {
    // 'B' (unsigned octet), 'u' (unsigned short), 'i' (unsigned int): in place of b, s and I
    Map<Object, Character> retyped = Map.of((byte) 7, 'B', (short) 7, 'u', 7, 'i');
    for (Map.Entry<Object, Character> entry : retyped.entrySet()) {
      byte[] payload = payload(properties(Map.of("k", entry.getKey())));
      payload[onlyValueType(payload)] = (byte) entry.getValue().charValue();
      assertThat(clientCanRead(payload)).as("the client reads '%s'", entry.getValue()).isTrue();
      assertThat(HeaderTables.check(payload)).isZero();
    }
  }

  @Test
  void aTypeTheClientDoesNotKnowIsUnreadable() throws IOException {
    byte[] payload = payload(properties(Map.of("k", 7)));
    payload[onlyValueType(payload)] = 'Q';
    assertThatThrownBy(() -> clientReads(payload)).isInstanceOf(MalformedFrameException.class);
    assertThat(HeaderTables.check(payload)).isEqualTo(HeaderTables.UNKNOWN_TYPE);
  }

  @Test
  void aLengthPastItsTableIsUnreadable() throws IOException {
    byte[] payload = payload(properties(Map.of("k", "abc")));
    int length = onlyValueType(payload) + 1;
    payload[length + 2] = 10; // 2563 bytes claimed, 3 there
    assertThatThrownBy(() -> clientReads(payload)).isInstanceOf(IOException.class);
    assertThat(HeaderTables.check(payload)).isEqualTo(HeaderTables.MALFORMED);
  }

  @Test
  void anUnreadableTableIsReplacedByOneHeaderSayingWhyAndEveryOtherPropertyStays()
      throws IOException {
    AMQP.BasicProperties sent = properties(everyType(nestedTables(40)));
    byte[] payload = payload(sent);
    int problem = HeaderTables.check(payload);
    assertThat(problem).isEqualTo(HeaderTables.TOO_DEEP);

    byte[] replaced = HeaderTables.replaced(payload, HeaderTables.why(problem));

    AMQP.BasicProperties read = clientReads(replaced);
    assertThat(read.getHeaders()).containsOnlyKeys(PayloadDecoder.UNREADABLE_HEADER);
    assertThat(read.getHeaders().get(PayloadDecoder.UNREADABLE_HEADER).toString())
        .contains("more than 32 levels deep");
    assertThat(read.builder().headers(null).build())
        .isEqualTo(sent.builder().headers(null).build());
    assertThat(read.getBodySize()).isEqualTo(1234);
  }

  @Test
  void whenTheTableRunsPastTheFrameThePropertiesAfterItGoToo() throws IOException {
    byte[] payload = payload(properties(Map.of("k", "abc")));
    payload[HeaderTables.headersAt(payload)] = 1; // the table claims 16 MiB more
    assertThat(HeaderTables.check(payload)).isEqualTo(HeaderTables.MALFORMED);

    AMQP.BasicProperties read =
        clientReads(HeaderTables.replaced(payload, HeaderTables.why(HeaderTables.MALFORMED)));

    assertThat(read.getHeaders()).containsOnlyKeys(PayloadDecoder.UNREADABLE_HEADER);
    assertThat(read.getContentType()).isEqualTo("application/json");
    assertThat(read.getContentEncoding()).isEqualTo("utf-8");
    assertThat(read.getMessageId()).isNull();
    assertThat(read.getBodySize()).isEqualTo(1234);
  }

  @Test
  void aReadableHeaderFrameIsHandedOnItselfWithoutACopy() throws IOException {
    FrameGuard guard = new FrameGuard(null, "guard-test", new RateLimit(Duration.ofMinutes(1)));
    Frame header = new Frame(AMQP.FRAME_HEADER, 5, payload(properties(everyType("x"))));
    assertThat(guard.guarded(header)).isSameAs(header);
  }

  /**
   * The connection factory's frame handlers are the client's socket handler behind the guard, and
   * every frame the client reads from the socket comes through it: a readable header unchanged (the
   * very frame), an unreadable one replaced; other frames untouched.
   */
  @Test
  void theClientsSocketFramesAreReadThroughTheGuard() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      GuardedConnectionFactory factory = new GuardedConnectionFactory();
      FrameHandler handler =
          factory
              .createFrameHandlerFactory()
              .create(new Address("127.0.0.1", server.getLocalPort()), "guard-test");
      try (Socket broker = server.accept()) {
        assertThat(handler).isInstanceOf(FrameGuard.class);
        assertThat(((FrameGuard) handler).client())
            .as("the client's handler the guard was written for")
            .isInstanceOf(SocketFrameHandler.class);

        DataOutputStream out = new DataOutputStream(broker.getOutputStream());
        byte[] readable = payload(properties(nestedTables(3)));
        byte[] unreadable = payload(properties(nestedTables(33)));
        write(out, AMQP.FRAME_HEADER, 5, readable);
        write(out, AMQP.FRAME_HEADER, 6, unreadable);
        write(out, AMQP.FRAME_BODY, 6, "body".getBytes(StandardCharsets.UTF_8));
        out.flush();

        Frame first = handler.readFrame();
        assertThat(first.getPayload()).isEqualTo(readable);
        assertThat(first.getChannel()).isEqualTo(5);
        Frame second = handler.readFrame();
        assertThat(second.getType()).isEqualTo(AMQP.FRAME_HEADER);
        assertThat(second.getChannel()).isEqualTo(6);
        assertThat(clientReads(second.getPayload()).getHeaders())
            .containsOnlyKeys(PayloadDecoder.UNREADABLE_HEADER);
        Frame body = handler.readFrame();
        assertThat(new String(body.getPayload(), StandardCharsets.UTF_8)).isEqualTo("body");
      } finally {
        handler.close();
      }
    }
  }

  /** A frame as the broker writes it. */
  private static void write(DataOutputStream out, int type, int channel, byte[] payload)
      throws IOException {
    out.writeByte(type);
    out.writeShort(channel);
    out.writeInt(payload.length);
    out.write(payload);
    out.writeByte(AMQP.FRAME_END);
  }
}

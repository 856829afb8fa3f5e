package dev.warren.internal.logging;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The areas of Warren's messages, each with the id range its new messages take their numbers from.
 * Ids are stable and never reused: an older id outside its area's range stays as it is and is
 * listed here as one of the area's exceptions. The entries of each area are the {@link Message}
 * constants of its class; the test kit's are in the test kit ({@code
 * dev.warren.test.TestKitMessages}).
 */
public enum MessageArea {
  STARTUP(
      StartupMessages.class,
      "configuration, the connection at startup and the deployment report",
      1,
      9,
      130,
      131,
      132,
      133,
      134),
  DECLARATIONS(
      DeclarationMessages.class,
      "consumer declarations, topology and delivery limits, checked at deployment",
      10,
      29,
      5,
      45,
      46,
      47,
      136,
      206,
      207,
      208,
      209,
      285,
      286,
      293,
      294),
  CONSUMING(
      ConsumingMessages.class,
      "a consumer's deliveries, handler calls, subscription and shutdown",
      30,
      49,
      110,
      111,
      118,
      119,
      120,
      121,
      122,
      123,
      124,
      260,
      280,
      281),
  PUBLISHING(
      PublishingMessages.class, "publishing and OutgoingMessage", 50, 59, 139, 140, 141, 142, 220),
  SETTLEMENT(
      SettlementMessages.class,
      "settling deliveries: acks, rejects, delays and retry copies",
      60,
      69,
      31,
      32,
      33,
      35,
      48,
      135,
      137,
      138,
      270,
      271,
      295),
  BATCH(BatchMessages.class, "batch consumers", 70, 75),
  REPLY(ReplyMessages.class, "request/reply: responders and the Requester", 76, 89),
  ASYNCAPI(AsyncApiMessages.class, "the AsyncAPI endpoint", 90, 99),
  INTERCEPTOR(InterceptorMessages.class, "Warren's interceptor", 150, 159),
  TELEMETRY(TelemetryMessages.class, "telemetry (OpenTelemetry) and health", 180, 199),
  SERVER_THREADS(ServerMessages.class, "Jakarta EE servers' managed threads", 200, 202),
  DEAD_LETTERS(
      DeadLetterMessages.class, "dead letter operations: count, browse, replay, purge", 300, 309),
  OUTBOX(
      OutboxMessages.class,
      "the transactional outbox: its table, the writes in the caller's transaction, the relay",
      310,
      319),
  INBOX(InboxMessages.class, "the inbox of @Idempotent consumers", 320, 329),
  COMMAND_LINE(CommandLineMessages.class, "the dead letter command line (warren-cli)", 330, 339),
  DEAD_LETTER_HTTP(
      DeadLetterHttpMessages.class, "dead letter operations over HTTP (the servlet)", 340, 344),
  HEADERS(HeaderMessages.class, "typed delivery metadata and @Header parameters", 210, 213),
  TEST_KIT(null, "the test kit (dev.warren:warren-test)", 214, 219),
  CLIENT(
      ClientMessages.class,
      "the RabbitMQ client, its connections and frames",
      230,
      259,
      125,
      126,
      127,
      203,
      204,
      205,
      250);

  private final Class<?> holder;
  private final String title;
  private final int first;
  private final int last;
  private final int[] exceptions;

  MessageArea(Class<?> holder, String title, int first, int last, int... exceptions) {
    this.holder = holder;
    this.title = title;
    this.first = first;
    this.last = last;
    this.exceptions = exceptions;
  }

  /**
   * The entries of this area: the {@link Message} constants of its class, by number (none for
   * {@link #TEST_KIT}, whose class is in the test kit: use {@link #entriesOf}).
   */
  public List<Message> entries() {
    return holder == null ? List.of() : entriesOf(holder);
  }

  /** The {@link Message} constants of {@code holder}, by number. */
  public static List<Message> entriesOf(Class<?> holder) {
    List<Message> entries = new ArrayList<>();
    for (Field field : holder.getDeclaredFields()) {
      if (field.getType() == Message.class && Modifier.isStatic(field.getModifiers())) {
        try {
          field.setAccessible(true);
          entries.add((Message) field.get(null));
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    entries.sort(Comparator.comparingInt(Message::number));
    return entries;
  }

  public String title() {
    return title;
  }

  public int first() {
    return first;
  }

  public int last() {
    return last;
  }

  /** Older ids of this area outside its range. */
  public List<Integer> exceptions() {
    return Arrays.stream(exceptions).boxed().toList();
  }

  /** Whether {@code number} is in this area's range or one of its exceptions. */
  public boolean holds(int number) {
    return (number >= first && number <= last) || exceptions().contains(number);
  }

  /** The area's range as written in the docs, e.g. {@code 030–049}. */
  public String range() {
    return String.format("%03d–%03d", first, last);
  }
}

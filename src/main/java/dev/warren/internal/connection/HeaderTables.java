package dev.warren.internal.connection;

import dev.warren.internal.codec.PayloadDecoder;
import java.nio.charset.StandardCharsets;

/**
 * Checks the header table of a content-header frame, byte by byte, against what the RabbitMQ Java
 * client can read, and replaces a table it cannot read. The broker accepts header tables the client
 * refuses (tables or arrays nested more than {@value #MOST_NESTED} levels deep: the client's {@code
 * ValueReader.MAX_FIELD_VALUE_NESTING_DEPTH}), and the client then closes its whole connection, on
 * every delivery of the message again. The check follows the client's reader exactly: the headers
 * table is at depth 0, each value in a table or array one deeper, and a table or array deeper than
 * {@value #MOST_NESTED} is refused; the value types are the client's; every length must stay within
 * its table, array and frame. A test reads the same frames with the client's own reader, so that a
 * client that changes what it accepts fails the build.
 *
 * <p>Pure and allocation-free for a readable frame: one pass over the table's bytes, recursing once
 * per nested table or array (at most {@value #MOST_NESTED} + 1 levels), on the connection's reader
 * thread. Only an unreadable frame gets a new payload: the same properties, but for a header table
 * holding only {@link PayloadDecoder#UNREADABLE_HEADER}, whose value says what was wrong.
 */
final class HeaderTables {

  /** How deep the client reads nested tables and arrays (the headers table itself is depth 0). */
  static final int MOST_NESTED = 32;

  static final int TOO_DEEP = -1;
  static final int UNKNOWN_TYPE = -2;
  static final int MALFORMED = -3;

  private static final int BASIC_CLASS = 60;
  private static final int PROPERTIES_AT = 14; // class id, weight, body size, property flags
  private static final int CONTENT_TYPE = 1 << 15;
  private static final int CONTENT_ENCODING = 1 << 14;
  private static final int HEADERS = 1 << 13;
  private static final int CONTINUATION = 1;

  private HeaderTables() {}

  /**
   * Where the header table of a content-header frame's {@code payload} begins; -1 when it has none,
   * or is not laid out as a {@code basic} content header the client would read (left to the
   * client).
   */
  static int headersAt(byte[] payload) {
    if (payload.length < PROPERTIES_AT || u16(payload, 0) != BASIC_CLASS) {
      return -1;
    }
    int flags = u16(payload, 12);
    if ((flags & HEADERS) == 0 || (flags & CONTINUATION) != 0) {
      return -1;
    }
    int at = PROPERTIES_AT;
    if ((flags & CONTENT_TYPE) != 0) {
      at = at < payload.length ? at + 1 + (payload[at] & 0xff) : Integer.MAX_VALUE;
    }
    if ((flags & CONTENT_ENCODING) != 0) {
      at = at < payload.length ? at + 1 + (payload[at] & 0xff) : Integer.MAX_VALUE;
    }
    return at < payload.length ? at : -1; // no room for the table: the client's problem
  }

  /**
   * Checks the header table of a content-header frame.
   *
   * @return 0 when the client can read it (or the frame has none), else {@link #TOO_DEEP}, {@link
   *     #UNKNOWN_TYPE} or {@link #MALFORMED}
   */
  static int check(byte[] payload) {
    int at = headersAt(payload);
    if (at < 0) {
      return 0;
    }
    int end = table(payload, at, payload.length, 0);
    return end < 0 ? end : 0;
  }

  /**
   * The table at {@code at}, at {@code depth}.
   *
   * @return the offset just past it, or a problem (negative)
   */
  static int table(byte[] bytes, int at, int limit, int depth) {
    if (depth > MOST_NESTED) {
      return TOO_DEEP;
    }
    int end = end(bytes, at, limit);
    if (end < 0) {
      return end;
    }
    int next = at + 4;
    while (next < end) {
      next = next + 1 + (bytes[next] & 0xff); // the name
      if (next >= end) {
        return MALFORMED; // no room for the value's type
      }
      next = value(bytes, next, end, depth + 1);
      if (next < 0) {
        return next;
      }
    }
    return end;
  }

  private static int array(byte[] bytes, int at, int limit, int depth) {
    if (depth > MOST_NESTED) {
      return TOO_DEEP;
    }
    int end = end(bytes, at, limit);
    if (end < 0) {
      return end;
    }
    int next = at + 4;
    while (next < end) {
      next = value(bytes, next, end, depth + 1);
      if (next < 0) {
        return next;
      }
    }
    return end;
  }

  /** The end of the length-prefixed bytes at {@code at}, or {@link #MALFORMED} past the limit. */
  private static int end(byte[] bytes, int at, int limit) {
    if (limit - at < 4) {
      return MALFORMED;
    }
    long length = u32(bytes, at);
    return length > limit - at - 4 ? MALFORMED : at + 4 + (int) length;
  }

  /** The field value at {@code at} (its type octet), at {@code depth}. */
  private static int value(byte[] bytes, int at, int limit, int depth) {
    int next = at + 1;
    int size;
    switch (bytes[at]) {
      case 'F':
        return table(bytes, next, limit, depth);
      case 'A':
        return array(bytes, next, limit, depth);
      case 'S', 'x':
        return end(bytes, next, limit);
      case 'V':
        size = 0;
        break;
      case 'b', 'B', 't':
        size = 1;
        break;
      case 's', 'u':
        size = 2;
        break;
      case 'I', 'i', 'f':
        size = 4;
        break;
      case 'D':
        size = 5;
        break;
      case 'l', 'd', 'T':
        size = 8;
        break;
      default:
        return UNKNOWN_TYPE;
    }
    return size > limit - next ? MALFORMED : next + size;
  }

  /**
   * {@code payload} with its header table replaced by one holding only {@link
   * PayloadDecoder#UNREADABLE_HEADER}, whose value is {@code why}; every other property as it was.
   * When the table's own length runs past the frame, the properties after it are lost too.
   */
  static byte[] replaced(byte[] payload, String why) {
    int at = headersAt(payload);
    int end = end(payload, at, payload.length);
    byte[] name = PayloadDecoder.UNREADABLE_HEADER.getBytes(StandardCharsets.UTF_8);
    byte[] value = why.getBytes(StandardCharsets.UTF_8);
    int tableLength = 1 + name.length + 1 + 4 + value.length;
    int rest = end < 0 ? 0 : payload.length - end;
    byte[] out = new byte[at + 4 + tableLength + rest];
    System.arraycopy(payload, 0, out, 0, at);
    if (end < 0) {
      // what follows cannot be found: keep content type and encoding, and the new table
      int flags = u16(payload, 12) & (CONTENT_TYPE | CONTENT_ENCODING | HEADERS);
      out[12] = (byte) (flags >>> 8);
      out[13] = (byte) flags;
    }
    int next = putInt(out, at, tableLength);
    out[next++] = (byte) name.length;
    System.arraycopy(name, 0, out, next, name.length);
    next += name.length;
    out[next++] = 'S';
    next = putInt(out, next, value.length);
    System.arraycopy(value, 0, out, next, value.length);
    next += value.length;
    if (rest > 0) {
      System.arraycopy(payload, end, out, next, rest);
    }
    return out;
  }

  /** What {@code problem} (from {@link #check}) means, for the replaced table and for messages. */
  static String why(int problem) {
    return switch (problem) {
      case TOO_DEEP ->
          "its header table nests tables or arrays more than "
              + MOST_NESTED
              + " levels deep, the most the RabbitMQ Java client reads";
      case UNKNOWN_TYPE ->
          "its header table holds a value of a type the RabbitMQ Java client does" + " not know";
      default -> "a length in its header table runs past the table or the frame";
    };
  }

  private static int u16(byte[] bytes, int at) {
    return (bytes[at] & 0xff) << 8 | bytes[at + 1] & 0xff;
  }

  private static long u32(byte[] bytes, int at) {
    return ((long) (bytes[at] & 0xff) << 24)
        | (bytes[at + 1] & 0xff) << 16
        | (bytes[at + 2] & 0xff) << 8
        | bytes[at + 3] & 0xff;
  }

  private static int putInt(byte[] bytes, int at, int value) {
    bytes[at] = (byte) (value >>> 24);
    bytes[at + 1] = (byte) (value >>> 16);
    bytes[at + 2] = (byte) (value >>> 8);
    bytes[at + 3] = (byte) value;
    return at + 4;
  }
}

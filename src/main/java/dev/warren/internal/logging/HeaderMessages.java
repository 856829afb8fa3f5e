package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;

/** The messages of area {@link MessageArea#HEADERS}. */
public final class HeaderMessages {

  private HeaderMessages() {}

  public static final Message HEADER_TYPE =
      new Message(
          210,
          Level.THROWN,
          "header '{header}' is a {actual}, not a {wanted}; |read it as {actual} "
              + "(or Object), or have the sender write a {wanted}");

  public static String headerType(String header, String actual, String wanted) {
    return HEADER_TYPE.text(header, actual, wanted);
  }

  public static final Message HEADER_PARAMETER_TYPE =
      new Message(
          211,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): the @Header(\"{header}\") parameter "
              + "has type '{type}', which Warren cannot give a header as; |use String, "
              + "Integer, Long, Short, Byte, Boolean, Double, Float, BigDecimal, byte[], "
              + "Date, Instant, List<Object>, Map<String, Object>, Object, a primitive, "
              + "or Optional<...> of one of them");

  public static String headerParameterType(
      String consumer, String method, String header, String type) {
    return HEADER_PARAMETER_TYPE.text(consumer, method, header, type);
  }

  public static final Message HEADER_ON_BATCH =
      new Message(
          212,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): a batch consumer cannot take "
              + "@Header(\"{header}\"): its deliveries have headers each; |take "
              + "List<Delivery> and read Delivery.header(name, type) of each");

  public static String headerOnBatch(String consumer, String method, String header) {
    return HEADER_ON_BATCH.text(consumer, method, header);
  }

  public static final Message HEADER_BLANK_NAME =
      new Message(
          213,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): a @Header parameter has a blank name; "
              + "|name the header, e.g. @Header(\"tenant\")");

  public static String headerBlankName(String consumer, String method) {
    return HEADER_BLANK_NAME.text(consumer, method);
  }
}

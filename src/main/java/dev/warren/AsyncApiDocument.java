package dev.warren;

/**
 * The application's messaging as an <a
 * href="https://www.asyncapi.com/docs/reference/specification/v3.0.0">AsyncAPI 3.0</a> document: a
 * channel for every queue, exchange route, dead letter queue, wait queue and delayed exchange the
 * consumers use, a {@code receive} operation per consumer (with its outcome policy as {@code
 * x-warren-*} extensions, and a {@code reply} for responders), a {@code send} operation per {@link
 * Publishes} declaration, and the messages with a JSON Schema of their payloads. Inject it:
 * {@code @Inject AsyncApiDocument document;}.
 *
 * <p>Built once, from the consumers as deployment validated them, the first time it is asked for.
 * With the Servlet API present Warren also serves it over HTTP (see {@code warren.asyncapi.*}).
 */
public interface AsyncApiDocument {

  /**
   * The document as JSON.
   *
   * @return the AsyncAPI 3.0.0 document, pretty-printed
   */
  String json();
}

/**
 * The inbox of {@code @Idempotent} consumers: {@code IdempotentInterceptor} records each delivery's
 * (consumer, message id) in the application's datasource inside the method's JTA transaction and
 * calls the method only for a new row; {@code Inbox} holds what deployment found (the datasource,
 * its dialect's SQL, the server's transaction registry) and its sweeper, a Warren thread that
 * deletes rows older than the retention. Imports the interceptor's {@code Invocation} (to read the
 * delivery), {@code jdbc}, {@code config}, {@code ee} and {@code logging}. Not API.
 */
package dev.warren.internal.inbox;

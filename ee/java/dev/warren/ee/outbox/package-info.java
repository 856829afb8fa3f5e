/**
 * The test application of the outbox suite: a {@code @Transactional} bean that inserts business
 * rows through the server's PostgreSQL datasource and publishes through {@code @Outbox Publisher}
 * in the same transaction, on WildFly and Open Liberty alike.
 */
package dev.warren.ee.outbox;

/**
 * The test application of the transaction suite: a {@code @Transactional} consumer that writes
 * through the server's PostgreSQL datasource, on WildFly and Open Liberty alike.
 */
package dev.warren.ee.database;

/**
 * The test application of the inbox suite: an {@code @Idempotent @Transactional} consumer that
 * writes one row per handled message through the server's PostgreSQL datasource, on WildFly and
 * Open Liberty alike.
 */
package dev.warren.ee.inbox;

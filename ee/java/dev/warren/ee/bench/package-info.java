/**
 * The outbox's cost (issue 34), on WildFly against PostgreSQL: transactions that insert a row and
 * publish its message through the outbox, against transactions that insert a row and publish with a
 * plain confirmed publish, on the same database and broker; and the outbox's delay from commit to
 * delivery. Run by the {@code outbox-bench} profile of the ee build, never by the test suites.
 */
package dev.warren.ee.bench;

/**
 * The transactional messaging fault run (issue 34): an application on a WildFly of its own places
 * orders in a loop, each order's row and its message in one transaction through the outbox (a share
 * rolled back on purpose), and a consumer records each order once through the inbox; the test kills
 * the server with {@code kill -9} at random points and restarts the broker while it runs, then
 * counts what was committed, published, lost and duplicated.
 */
package dev.warren.ee.fault;

/**
 * The benchmark: raw amqp-client and Warren doing the same work against the same broker,
 * alternating, with medians and the ratio Warren/raw in a printed table. Not API and not a test;
 * run it with {@code mvn -B -Pbench -DskipTests test-compile}.
 */
package dev.warren.bench;

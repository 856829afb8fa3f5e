/**
 * The Warren demo: a small order service on Weld SE that consumes a queue with an outcome-returning
 * handler and checks afterwards that the broker holds what the handler decided. Not API; run it
 * with {@code mvn -B -Pdemo -DskipTests test-compile}.
 */
package dev.warren.demo;

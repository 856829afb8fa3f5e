/**
 * The Warren demo: a small shop on Weld SE. Orders (a classic queue with an attempt cap and a dead
 * letter queue), payments (a quorum queue whose broker counts the attempts), shipments (a delayed
 * retry in a wait queue), quotes (request/reply) and confirmed publishing, with a live progress
 * line and a closing table that checks what each consumer decided against what the broker holds.
 * Not API; run it with {@code ./demo.sh}.
 */
package dev.warren.demo;

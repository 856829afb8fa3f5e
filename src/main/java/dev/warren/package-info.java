/**
 * Warren's public API: annotate a CDI bean method with {@link dev.warren.RabbitConsumer} and return
 * an {@link dev.warren.Outcome}; Warren consumes, decodes and settles the delivery accordingly.
 */
package dev.warren;

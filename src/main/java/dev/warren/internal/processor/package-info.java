/**
 * The annotation processor that rejects, at compile time, the consumer mistakes visible in the
 * source alone. Not API.
 */
package dev.warren.internal.processor;

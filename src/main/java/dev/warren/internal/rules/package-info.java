/**
 * The rules of a consumer's settings, written once over plain values (names, numbers, texts) for
 * both the annotation processor (values from the compiler) and deployment validation (values from
 * reflection and config), and the annotation's own defaults. Imports only the JDK, {@code
 * config.Durations} and the message entries of {@code logging}, since the processor runs inside the
 * application's compiler (no CDI, no client). Not API.
 */
package dev.warren.internal.rules;

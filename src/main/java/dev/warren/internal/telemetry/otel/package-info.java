/**
 * Warren's telemetry on the OpenTelemetry API: the only classes that name it, loaded only when it
 * is present. Spans and metrics follow the OpenTelemetry semantic conventions for messaging and
 * RabbitMQ, plus Warren's own {@code warren.*} attributes. Not API.
 */
package dev.warren.internal.telemetry.otel;

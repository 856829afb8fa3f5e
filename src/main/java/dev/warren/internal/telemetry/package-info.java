/**
 * Warren's telemetry hooks, free of any OpenTelemetry type: the runtime reports publishes,
 * deliveries and recoveries through them, and they do nothing unless the OpenTelemetry API is
 * present (then {@link dev.warren.internal.telemetry.otel} implements them; {@code
 * extension.Telemetries} chooses). Imports only the API. Not API.
 */
package dev.warren.internal.telemetry;

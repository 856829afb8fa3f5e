/**
 * Jakarta EE servers and optional APIs: whether an optional API is present, and the server's
 * managed threads and the application's EE context for Warren's threads, used only when Jakarta
 * Concurrency is present; the {@code ThreadSource} every Warren thread comes from. Imports only
 * config and logging. Not API.
 */
package dev.warren.internal.ee;

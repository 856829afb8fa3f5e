/**
 * Warren's MicroProfile Health checks: the only classes that name the Health API, added to the
 * deployment by the extension only when the API is present and {@code warren.health.enabled} is not
 * {@code false}. Imports only {@code runtime} (through {@code runtime.Deployed}) and {@code
 * consume} (the consumers' states). Not API.
 */
package dev.warren.internal.health;

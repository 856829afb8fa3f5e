/**
 * Warren's MicroProfile Health checks: the only classes that name the Health API, added to the
 * deployment by the extension only when the API is present and {@code warren.health.enabled} is not
 * {@code false}. Imports only {@code runtime} (the consumers' states, through {@code
 * runtime.Deployed}). Not API.
 */
package dev.warren.internal.health;

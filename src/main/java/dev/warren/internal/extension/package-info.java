/**
 * The portable extension: discovers consumer methods, builds their immutable models, validates the
 * deployment, chooses the telemetry, and starts and stops the runtime. The top of Warren: it
 * imports every internal package it assembles and nothing imports it (Warren's own beans reach the
 * runtime through the {@code runtime.Deployed} bean it adds). Not API.
 */
package dev.warren.internal.extension;

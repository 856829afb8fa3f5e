/**
 * The portable extension: discovers consumer methods, builds their immutable models, validates the
 * deployment and starts and stops the runtime. Not API.
 */
package dev.warren.internal.extension;

/**
 * Declares or verifies each consumer's broker infrastructure before it starts. May import model,
 * settlement, config, logging and the API. Not API.
 */
package dev.warren.internal.topology;

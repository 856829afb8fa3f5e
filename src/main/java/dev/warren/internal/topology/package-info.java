/** Declares or verifies each consumer's broker infrastructure before it starts. Not API. */
package dev.warren.internal.topology;

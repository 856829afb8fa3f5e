/**
 * The catalogue of every user-visible message: one {@link dev.warren.internal.logging.Message}
 * entry per stable id (its level and text), in one class per {@link
 * dev.warren.internal.logging.MessageArea}, which also writes down each area's id range and the
 * older ids outside it. Call sites log through an entry, so the level is the entry's. A leaf: it
 * imports nothing of Warren's. Not API.
 */
package dev.warren.internal.logging;

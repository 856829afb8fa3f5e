/**
 * Confirmed publishing: one confirm tracker per publishing channel, used by every path that
 * publishes: the application's {@code Publisher}, requests, and the retry copies and replies
 * published on a consumer's channel. {@code ConfirmTracker} sends and completes, with its window
 * and admission ({@code InFlightLimits}), the messages waiting for a place ({@code SendQueue}) and
 * the unconfirmed ones ({@code ConfirmLedger}). Not API.
 */
package dev.warren.internal.publish;

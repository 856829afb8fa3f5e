/**
 * Confirmed publishing: one confirm tracker per publishing channel, used by every path that
 * publishes (the application's Publisher and, later, retry copies). Not API.
 */
package dev.warren.internal.publish;

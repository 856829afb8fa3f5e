/** The catalogue of every user-visible message and its stable id. Not API. */
package dev.warren.internal.logging;

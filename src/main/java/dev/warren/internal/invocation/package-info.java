/**
 * Calls a consumer method and interprets what it returned or threw as an {@code Outcome}; does no
 * broker I/O. Not API.
 */
package dev.warren.internal.invocation;

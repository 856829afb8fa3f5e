/**
 * The settlement decision as a pure function: an outcome and a consumer's policy in, the frame to
 * send out. Reads like the specification's outcome table. Not API.
 */
package dev.warren.internal.settlement;

/** Payload decoding: byte[], String, and the codec SPI with JSON-B as default. Not API. */
package dev.warren.internal.codec;

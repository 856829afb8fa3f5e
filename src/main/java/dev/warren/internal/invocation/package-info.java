/**
 * Calls a consumer method for a delivery or a batch through the bean's interceptors, and holds the
 * interpretations that Warren's interceptor applies to what it returned or threw; does no broker
 * I/O. May import model, interceptor, settlement, codec, logging and the API; never the runtime.
 * Not API.
 */
package dev.warren.internal.invocation;

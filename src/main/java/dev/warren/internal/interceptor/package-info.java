/**
 * Warren's CDI interceptor: bound to every consumer method at discovery, it interprets what the
 * method returned or threw for the invocations Warren makes, at its place among the application's
 * interceptors, and hands that interpretation back to the invoker. Not API.
 */
package dev.warren.internal.interceptor;

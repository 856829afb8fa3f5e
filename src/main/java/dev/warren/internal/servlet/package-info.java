/**
 * Serves the AsyncAPI document and its page, and (when turned on) the dead letter operations over
 * HTTP behind the container's security, in a servlet container. The only classes of Warren that use
 * the Servlet API, loaded only by a servlet container (through {@code META-INF/services}), so
 * Warren needs no Servlet API anywhere else. Not API.
 */
package dev.warren.internal.servlet;

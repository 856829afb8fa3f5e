/**
 * The immutable deployment model: each consumer's model and its method's shape, the declared
 * publications, the broker's version and what deployment validation accepted; built once by the
 * extension, read by the packages that use it (runtime, consume, invocation, topology, asyncapi).
 * Imports nothing of Warren's internals but {@code rules}, {@code settlement}, {@code config},
 * {@code codec} and {@code logging}. Not API.
 */
package dev.warren.internal.model;

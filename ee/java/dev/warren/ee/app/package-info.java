/**
 * The test application the server suites deploy: one consumer per scenario, a JAX-RS resource that
 * publishes, a responder, and beans that need the EE context. Each records what it saw in static
 * state that the in-container tests read.
 */
package dev.warren.ee.app;

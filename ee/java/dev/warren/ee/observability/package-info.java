/**
 * Warren with the servers' MicroProfile Health and MicroProfile Telemetry (WildFly's
 * standalone-microprofile.xml, Liberty's mpHealth and mpTelemetry features): its checks on the
 * server's health endpoint, and a trace from a REST call that publishes continued in the consumer.
 * Run in executions of their own, on servers configured for them.
 */
package dev.warren.ee.observability;

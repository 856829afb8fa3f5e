/**
 * Warren's test kit (API): {@link dev.warren.test.WarrenTestKit} boots an application's beans in
 * Weld SE with Warren's extension and delivers messages to a named consumer, without a broker,
 * reporting the outcome, the frames Warren would send, a responder's reply and what the handler
 * published or requested.
 */
package dev.warren.test;

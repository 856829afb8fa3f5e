/**
 * Applications the lifecycle tests deploy, undeploy and break from the test JVM: a consumer for
 * deploy cycles, one on a missing queue, an EAR, a slow consumer for a server stop, and a probe
 * that lists the server's threads.
 */
package dev.warren.ee.lifecycle;

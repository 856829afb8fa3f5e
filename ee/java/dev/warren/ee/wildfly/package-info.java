/**
 * Tests that run on WildFly only (the build's wildfly execution includes this package), with the
 * application they deploy: Warren's interceptor around Narayana's {@code @Transactional}.
 */
package dev.warren.ee.wildfly;

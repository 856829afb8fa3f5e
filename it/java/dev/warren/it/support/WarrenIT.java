package dev.warren.it.support;

import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Base of the Arquillian integration tests: prepares the broker ({@link BeforeDeployment}) before
 * the Weld embedded container deploys the class's archive, and cleans up after it.
 */
@ExtendWith(BrokerExtension.class)
@ExtendWith(ArquillianExtension.class)
public abstract class WarrenIT {}

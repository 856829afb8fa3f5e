package dev.warren.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a static no-argument method of a {@link WarrenIT} class that runs after Arquillian has
 * undeployed the class's archive (so Warren has shut down), before the broker clean-up. Use it to
 * close what Warren's connection goes through: a JUnit {@code @AfterAll} method runs while the
 * deployment is still up, and cutting Warren's connection there starts its automatic recovery.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface AfterUndeployment {}

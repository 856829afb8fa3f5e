package dev.warren.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a static no-argument method of a {@link WarrenIT} class that prepares the broker and the
 * config before the class's deployment (the queues Warren checks must exist by then).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface BeforeDeployment {}

package dev.warren;

import jakarta.enterprise.util.AnnotationLiteral;
import jakarta.inject.Qualifier;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Selects Warren's own RabbitMQ client objects: {@code @Inject @Warren Connection} is Warren's
 * shared connection (do not close it; Warren does at shutdown), {@code @Inject @Warren Channel} a
 * dedicated channel on it, closed when the injecting bean is destroyed. The unqualified
 * {@code @Inject Connection} and {@code @Inject Channel} give the same, unless the application has
 * a bean of that type of its own (then the application's is the one injected unqualified, and
 * {@code @Warren} still selects Warren's).
 */
@Qualifier
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD, ElementType.TYPE})
public @interface Warren {

  /** {@code @Warren}, for programmatic lookup: {@code instance.select(Warren.Literal.INSTANCE)}. */
  final class Literal extends AnnotationLiteral<Warren> implements Warren {
    private static final long serialVersionUID = 1L;

    /** The one instance. */
    public static final Literal INSTANCE = new Literal();

    private Literal() {}
  }
}

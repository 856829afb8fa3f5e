package dev.warren.internal.interceptor;

import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.enterprise.util.AnnotationLiteral;
import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Binds {@link OutcomeInterceptor} to a consumer method. Not for application code: Warren's
 * extension adds it to every {@code @RabbitConsumer} method when the method's type is discovered.
 */
@InterceptorBinding
@Retention(RUNTIME)
@Target({METHOD, TYPE})
public @interface Interpreted {

  /** The binding as a value, for the extension to add. */
  final class Literal extends AnnotationLiteral<Interpreted> implements Interpreted {
    private static final long serialVersionUID = 1L;

    /** The one instance. */
    public static final Literal INSTANCE = new Literal();

    private Literal() {}
  }
}

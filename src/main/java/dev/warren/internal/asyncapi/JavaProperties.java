package dev.warren.internal.asyncapi;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Java properties of a class as JSON-B's default mapping finds them: a record's components; for
 * other classes, public fields and public getters and setters, superclasses included, without
 * {@code transient} fields. Each comes with its type, the type variables it is read under and the
 * elements its annotations may be on (what JSON-B's annotations then change is {@link
 * JsonbAnnotations}'). Stateless.
 */
final class JavaProperties {

  /**
   * One property as Java declares it.
   *
   * @param name its Java name
   * @param type its generic type
   * @param elements its field, getter and setter (those it has), where annotations may be
   * @param vars the bindings of the type variables {@code type} may use
   */
  record JavaProperty(
      String name, Type type, List<AnnotatedElement> elements, Map<TypeVariable<?>, Type> vars) {}

  private JavaProperties() {}

  /** The properties of {@code c} with its type variables bound by {@code vars}, in JSON-B order. */
  static List<JavaProperty> of(Class<?> c, Map<TypeVariable<?>, Type> vars) {
    List<JavaProperty> result = new ArrayList<>();
    if (c.isRecord()) {
      for (RecordComponent component : c.getRecordComponents()) {
        List<AnnotatedElement> elements = new ArrayList<>();
        elements.add(component);
        elements.add(component.getAccessor());
        field(c, component.getName()).ifPresent(elements::add);
        result.add(
            new JavaProperty(component.getName(), component.getGenericType(), elements, vars));
      }
      return result;
    }
    Map<String, Accessors> byName = new LinkedHashMap<>();
    Map<TypeVariable<?>, Type> scope = vars;
    for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
      for (Field field : k.getDeclaredFields()) {
        int modifiers = field.getModifiers();
        if (!Modifier.isStatic(modifiers) && !field.isSynthetic()) {
          Accessors a = byName.computeIfAbsent(field.getName(), n -> new Accessors());
          if (a.field == null) {
            a.field = field;
            a.fieldVars = scope;
          }
        }
      }
      for (Method method : k.getDeclaredMethods()) {
        accessor(method, byName, scope);
      }
      scope = superclassVars(k, scope);
    }
    byName.forEach(
        (name, a) -> {
          if (a.visible()) {
            result.add(new JavaProperty(name, a.type(), a.elements(), a.typeVars()));
          }
        });
    return result;
  }

  /** Replaces type variables in {@code type} that {@code vars} binds, at the top level. */
  static Type resolve(Type type, Map<TypeVariable<?>, Type> vars) {
    return type instanceof TypeVariable<?> v && vars.containsKey(v) ? vars.get(v) : type;
  }

  /** The field, getter and setter of one Java property. */
  private static final class Accessors {
    Field field;
    Map<TypeVariable<?>, Type> fieldVars;
    Method getter;
    Method setter;
    Map<TypeVariable<?>, Type> methodVars;

    boolean visible() {
      boolean publicField =
          field != null
              && Modifier.isPublic(field.getModifiers())
              && !Modifier.isTransient(field.getModifiers());
      boolean transientField = field != null && Modifier.isTransient(field.getModifiers());
      return !transientField && (publicField || getter != null || setter != null);
    }

    Type type() {
      if (getter != null) {
        return getter.getGenericReturnType();
      }
      if (field != null && Modifier.isPublic(field.getModifiers())) {
        return field.getGenericType();
      }
      return setter.getGenericParameterTypes()[0];
    }

    Map<TypeVariable<?>, Type> typeVars() {
      return getter != null || field == null || !Modifier.isPublic(field.getModifiers())
          ? methodVars
          : fieldVars;
    }

    List<AnnotatedElement> elements() {
      List<AnnotatedElement> elements = new ArrayList<>();
      for (AnnotatedElement e : new AnnotatedElement[] {field, getter, setter}) {
        if (e != null) {
          elements.add(e);
        }
      }
      return elements;
    }
  }

  private static void accessor(
      Method method, Map<String, Accessors> byName, Map<TypeVariable<?>, Type> vars) {
    int modifiers = method.getModifiers();
    if (!Modifier.isPublic(modifiers)
        || Modifier.isStatic(modifiers)
        || method.isSynthetic()
        || method.isBridge()) {
      return;
    }
    String name = method.getName();
    boolean getter;
    String property;
    if (method.getParameterCount() == 0
        && name.startsWith("get")
        && name.length() > 3
        && method.getReturnType() != void.class) {
      getter = true;
      property = decapitalize(name.substring(3));
    } else if (method.getParameterCount() == 0
        && name.startsWith("is")
        && name.length() > 2
        && (method.getReturnType() == boolean.class || method.getReturnType() == Boolean.class)) {
      getter = true;
      property = decapitalize(name.substring(2));
    } else if (method.getParameterCount() == 1 && name.startsWith("set") && name.length() > 3) {
      getter = false;
      property = decapitalize(name.substring(3));
    } else {
      return;
    }
    Accessors a = byName.computeIfAbsent(property, n -> new Accessors());
    if (getter && a.getter == null) {
      a.getter = method;
      a.methodVars = vars;
    } else if (!getter && a.setter == null) {
      a.setter = method;
      if (a.methodVars == null) {
        a.methodVars = vars;
      }
    }
  }

  /** The bindings of {@code k}'s superclass's type variables, from {@code k}'s own. */
  private static Map<TypeVariable<?>, Type> superclassVars(
      Class<?> k, Map<TypeVariable<?>, Type> vars) {
    if (!(k.getGenericSuperclass() instanceof ParameterizedType parent)) {
      return Map.of();
    }
    Map<TypeVariable<?>, Type> bound = new HashMap<>();
    TypeVariable<?>[] parameters = ((Class<?>) parent.getRawType()).getTypeParameters();
    Type[] arguments = parent.getActualTypeArguments();
    for (int i = 0; i < parameters.length; i++) {
      bound.put(parameters[i], resolve(arguments[i], vars));
    }
    return bound;
  }

  private static String decapitalize(String name) {
    if (name.length() > 1
        && Character.isUpperCase(name.charAt(0))
        && Character.isUpperCase(name.charAt(1))) {
      return name;
    }
    return Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }

  private static Optional<Field> field(Class<?> c, String name) {
    try {
      return Optional.of(c.getDeclaredField(name));
    } catch (NoSuchFieldException e) {
      return Optional.empty();
    }
  }
}

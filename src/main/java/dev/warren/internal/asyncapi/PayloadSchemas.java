package dev.warren.internal.asyncapi;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * JSON Schemas (draft 07, as AsyncAPI's schema format) of Java types as JSON-B's default mapping
 * writes and reads them: records by their components, other classes by their public fields and
 * public getters and setters, renamed by {@code @JsonbProperty}, without {@code @JsonbTransient}
 * and {@code transient} ones, properties in lexicographical order; enums by name; collections and
 * arrays as arrays ({@code byte[]} inside a value as an array of numbers, JSON-B's default), maps
 * as objects (or, with keys that are no string, number or enum, as JSON-B's array of key and
 * value); {@code Optional} as its value; {@code java.time} types and others JSON-B writes as
 * strings as strings, with a {@code format} where the text matches one. Classes become reusable
 * schemas under {@code #/components/schemas}, which also makes recursive types finite.
 *
 * <p>The JSON-B annotations are read by name: the JSON-B API is optional. A type whose mapping
 * Warren cannot know (an interface, an abstract class, an adapter or serializer) gets a schema that
 * accepts anything, saying why. Used once per document, not thread-safe.
 */
final class PayloadSchemas {

  private static final String JSONB = "jakarta.json.bind.annotation.";
  private static final String REF = "#/components/schemas/";

  private final Names names = new Names();
  private final Map<String, Object> components = new TreeMap<>();

  /** The schema of {@code type}: inline for simple types, else a reference to a component. */
  Map<String, Object> schema(Type type) {
    return schema(type, Map.of());
  }

  /** The reusable schemas referenced so far, by key. */
  Map<String, Object> components() {
    return components;
  }

  /** A readable key for {@code type} ({@code Order}, {@code Page_Order}), for messages too. */
  static String typeKey(Type type) {
    if (type instanceof Class<?> c) {
      return c.isArray() ? typeKey(c.getComponentType()) + "Array" : c.getSimpleName();
    }
    if (type instanceof ParameterizedType p) {
      StringBuilder key = new StringBuilder(typeKey(p.getRawType()));
      for (Type argument : p.getActualTypeArguments()) {
        key.append('_').append(typeKey(argument));
      }
      return key.toString();
    }
    if (type instanceof GenericArrayType g) {
      return typeKey(g.getGenericComponentType()) + "Array";
    }
    return "Object";
  }

  private Map<String, Object> schema(Type type, Map<TypeVariable<?>, Type> vars) {
    if (type instanceof TypeVariable<?> variable) {
      Type bound = vars.get(variable);
      if (bound != null) {
        return schema(bound, Map.of());
      }
      Type upper = variable.getBounds()[0];
      return upper == Object.class
          ? any("type variable " + variable.getName())
          : schema(upper, vars);
    }
    if (type instanceof WildcardType wildcard) {
      return schema(wildcard.getUpperBounds()[0], vars);
    }
    if (type instanceof GenericArrayType array) {
      return array(schema(array.getGenericComponentType(), vars), false);
    }
    if (type instanceof ParameterizedType parameterized) {
      return parameterized(parameterized, vars);
    }
    return type instanceof Class<?> c ? plain(c) : any(type.getTypeName());
  }

  private Map<String, Object> parameterized(
      ParameterizedType type, Map<TypeVariable<?>, Type> vars) {
    Class<?> raw = (Class<?>) type.getRawType();
    Type[] arguments = type.getActualTypeArguments();
    if (Optional.class == raw) {
      return schema(arguments[0], vars);
    }
    if (Collection.class.isAssignableFrom(raw) && arguments.length == 1) {
      return array(schema(arguments[0], vars), Set.class.isAssignableFrom(raw));
    }
    if (Map.class.isAssignableFrom(raw) && arguments.length == 2) {
      return map(arguments[0], schema(arguments[1], vars));
    }
    if (raw.isInterface() || Modifier.isAbstract(raw.getModifiers()) || raw.isEnum()) {
      return plain(raw);
    }
    Map<TypeVariable<?>, Type> bound = new HashMap<>();
    TypeVariable<?>[] parameters = raw.getTypeParameters();
    StringBuilder title = new StringBuilder(raw.getName()).append('<');
    StringBuilder key = new StringBuilder(typeKey(raw));
    for (int i = 0; i < parameters.length; i++) {
      Type argument = resolve(arguments[i], vars);
      bound.put(parameters[i], argument);
      title.append(i == 0 ? "" : ",").append(argument.getTypeName());
      key.append('_').append(typeKey(argument));
    }
    return component(raw, title.append('>').toString(), key.toString(), bound);
  }

  /** Replaces type variables in {@code type} that {@code vars} binds, at the top level. */
  private static Type resolve(Type type, Map<TypeVariable<?>, Type> vars) {
    return type instanceof TypeVariable<?> v && vars.containsKey(v) ? vars.get(v) : type;
  }

  private Map<String, Object> plain(Class<?> c) {
    Map<String, Object> scalar = scalar(c);
    if (scalar != null) {
      return scalar;
    }
    if (c == byte[].class) {
      // JSON-B's default binary data strategy writes bytes as an array of numbers
      return array(integer(Byte.MIN_VALUE, Byte.MAX_VALUE), false);
    }
    if (c.isArray()) {
      return array(plain(c.getComponentType()), false);
    }
    if (c.isEnum()) {
      List<Object> constants = new ArrayList<>();
      for (Object constant : c.getEnumConstants()) {
        constants.add(((Enum<?>) constant).name());
      }
      return obj("type", "string", "enum", constants);
    }
    if (Collection.class.isAssignableFrom(c)) {
      return array(any("elements of a raw " + c.getName()), Set.class.isAssignableFrom(c));
    }
    if (Map.class.isAssignableFrom(c)) {
      return obj("type", "object");
    }
    if (c == Object.class) {
      return any("java.lang.Object");
    }
    String name = c.getName();
    if (name.startsWith("jakarta.json.JsonObject")) {
      return obj("type", "object");
    }
    if (name.startsWith("jakarta.json.JsonArray")) {
      return obj("type", "array");
    }
    if (name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jakarta.")) {
      return any(name + ": as the JSON-B implementation maps it");
    }
    if (c.isInterface() || Modifier.isAbstract(c.getModifiers())) {
      return any(name + " is abstract: its JSON depends on the implementation sent");
    }
    return component(c, c.getName(), typeKey(c), Map.of());
  }

  /** Types JSON-B writes as one JSON value; {@code null} for the others. */
  private static Map<String, Object> scalar(Class<?> c) {
    if (c == boolean.class || c == Boolean.class) {
      return obj("type", "boolean");
    }
    if (c == byte.class || c == Byte.class) {
      return integer(Byte.MIN_VALUE, Byte.MAX_VALUE);
    }
    if (c == short.class || c == Short.class) {
      return integer(Short.MIN_VALUE, Short.MAX_VALUE);
    }
    if (c == int.class || c == Integer.class || c == OptionalInt.class) {
      return integer(Integer.MIN_VALUE, Integer.MAX_VALUE);
    }
    if (c == long.class || c == Long.class || c == OptionalLong.class) {
      return integer(Long.MIN_VALUE, Long.MAX_VALUE);
    }
    if (c == BigInteger.class) {
      return obj("type", "integer");
    }
    if (c == float.class
        || c == Float.class
        || c == double.class
        || c == Double.class
        || c == OptionalDouble.class
        || c == BigDecimal.class
        || c == Number.class) {
      return obj("type", "number");
    }
    if (c == char.class || c == Character.class) {
      return obj("type", "string", "minLength", 1, "maxLength", 1);
    }
    if (c == String.class || c == CharSequence.class) {
      return obj("type", "string");
    }
    if (c == Instant.class || c == OffsetDateTime.class) {
      return obj("type", "string", "format", "date-time");
    }
    if (c == LocalDate.class) {
      return obj("type", "string", "format", "date");
    }
    if (c == OffsetTime.class) {
      return obj("type", "string", "format", "time");
    }
    if (c == Duration.class || c == Period.class) {
      return obj("type", "string", "format", "duration");
    }
    if (c == UUID.class) {
      return obj("type", "string", "format", "uuid");
    }
    if (c == URI.class || c == URL.class) {
      return obj("type", "string", "format", "uri");
    }
    String text = TEXT_TYPES.get(c.getName());
    return text == null ? null : obj("type", "string", "description", text);
  }

  /** Types JSON-B writes as text that matches no JSON Schema format, with what the text is. */
  private static final Map<String, String> TEXT_TYPES =
      Map.ofEntries(
          Map.entry("java.time.LocalDateTime", "ISO-8601 local date-time: 2024-01-31T10:15:30"),
          Map.entry("java.time.LocalTime", "ISO-8601 local time: 10:15:30"),
          Map.entry(
              "java.time.ZonedDateTime",
              "ISO-8601 date-time with offset and zone: 2024-01-31T10:15:30+01:00[Europe/Paris]"),
          Map.entry("java.util.Date", "ISO-8601 date-time with zone: 2024-01-31T09:15:30Z[UTC]"),
          Map.entry(
              "java.util.Calendar",
              "ISO-8601 date-time with offset and zone: 2024-01-31T10:15:30+01:00[Europe/Paris]"),
          Map.entry(
              "java.util.GregorianCalendar",
              "ISO-8601 date-time with offset and zone: 2024-01-31T10:15:30+01:00[Europe/Paris]"),
          Map.entry("java.time.ZoneId", "a time zone id: Europe/Paris"),
          Map.entry("java.time.ZoneOffset", "a zone offset: +01:00"),
          Map.entry("java.util.TimeZone", "a time zone id: Europe/Paris"),
          Map.entry("java.time.YearMonth", "ISO-8601 year and month: 2024-01"),
          Map.entry("java.time.MonthDay", "ISO-8601 month and day: --01-31"));

  private Map<String, Object> map(Type keyType, Map<String, Object> values) {
    Class<?> key = keyType instanceof Class<?> c ? c : null;
    boolean textKeys =
        key != null
            && (key == String.class
                || key == CharSequence.class
                || key.isEnum()
                || Number.class.isAssignableFrom(key)
                || key == Character.class
                || key == Boolean.class);
    if (textKeys) {
      return obj("type", "object", "additionalProperties", values);
    }
    // JSON-B writes a map whose keys are no text as an array of its entries
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("type", "object");
    entry.put("properties", obj("key", schema(keyType), "value", values));
    return array(entry, false);
  }

  /**
   * A reference to the component schema of {@code raw} with {@code vars} bound; {@code title}
   * ({@code com.acme.Page<com.acme.Order>}) tells components apart.
   */
  private Map<String, Object> component(
      Class<?> raw, String title, String preferredKey, Map<TypeVariable<?>, Type> vars) {
    boolean known = names.has(title);
    String key = names.key(title, preferredKey);
    Map<String, Object> ref = obj("$ref", REF + key);
    if (known) {
      return ref;
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    components.put(key, schema); // before the properties: a recursive type refers to itself
    schema.put("title", title.replace('$', '.'));
    String adapter = adapter(List.of(raw));
    if (adapter != null) {
      schema.put("description", "written by @" + adapter + ": its JSON is whatever that writes");
      return ref;
    }
    schema.put("type", "object");
    Map<String, Object> properties = new TreeMap<>();
    for (Property property : properties(raw, vars)) {
      properties.put(property.name, property.schema);
    }
    schema.put("properties", properties);
    return ref;
  }

  private record Property(String name, Map<String, Object> schema) {}

  private List<Property> properties(Class<?> c, Map<TypeVariable<?>, Type> vars) {
    List<Property> result = new ArrayList<>();
    if (c.isRecord()) {
      for (RecordComponent component : c.getRecordComponents()) {
        List<AnnotatedElement> elements = new ArrayList<>();
        elements.add(component);
        elements.add(component.getAccessor());
        field(c, component.getName()).ifPresent(elements::add);
        property(component.getName(), component.getGenericType(), elements, vars, result);
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
            property(name, a.type(), a.elements(), a.typeVars(), result);
          }
        });
    return result;
  }

  private void property(
      String javaName,
      Type type,
      List<AnnotatedElement> elements,
      Map<TypeVariable<?>, Type> vars,
      List<Property> result) {
    if (annotated(elements, "JsonbTransient") != null) {
      return;
    }
    Annotation rename = annotated(elements, "JsonbProperty");
    String name = javaName;
    if (rename != null) {
      String value = text(rename, "value");
      name = value == null || value.isEmpty() ? javaName : value;
    }
    Map<String, Object> schema = annotatedMapping(elements);
    result.add(new Property(name, schema != null ? schema : schema(type, vars)));
  }

  /** The schema an adapter, serializer or format on the property imposes, else {@code null}. */
  private static Map<String, Object> annotatedMapping(List<AnnotatedElement> elements) {
    String adapter = adapter(elements);
    if (adapter != null) {
      return any("written by @" + adapter);
    }
    for (String format : List.of("JsonbDateFormat", "JsonbNumberFormat")) {
      Annotation a = annotated(elements, format);
      if (a != null) {
        return obj("type", "string", "description", "formatted as '" + text(a, "value") + "'");
      }
    }
    return null;
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

  /** The adapter or serializer annotation that replaces JSON-B's mapping, else {@code null}. */
  private static String adapter(List<? extends AnnotatedElement> elements) {
    for (String name : List.of("JsonbTypeAdapter", "JsonbTypeSerializer")) {
      if (annotated(elements, name) != null) {
        return name;
      }
    }
    return null;
  }

  private static Annotation annotated(List<? extends AnnotatedElement> elements, String simple) {
    for (AnnotatedElement element : elements) {
      for (Annotation a : element.getAnnotations()) {
        if (a.annotationType().getName().equals(JSONB + simple)) {
          return a;
        }
      }
    }
    return null;
  }

  private static String text(Annotation a, String attribute) {
    try {
      Object value = a.annotationType().getMethod(attribute).invoke(a);
      return value == null ? null : value.toString();
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }

  private static Map<String, Object> array(Map<String, Object> items, boolean unique) {
    Map<String, Object> schema = obj("type", "array", "items", items);
    if (unique) {
      schema.put("uniqueItems", true);
    }
    return schema;
  }

  private static Map<String, Object> integer(long min, long max) {
    return obj("type", "integer", "minimum", min, "maximum", max);
  }

  private static Map<String, Object> any(String why) {
    return obj("description", "any JSON value (" + why + ")");
  }

  /** An ordered, mutable map of the given keys and values. */
  static Map<String, Object> obj(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}

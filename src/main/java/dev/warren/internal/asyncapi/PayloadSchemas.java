package dev.warren.internal.asyncapi;

import static dev.warren.internal.asyncapi.Json.obj;

import dev.warren.internal.asyncapi.JavaProperties.JavaProperty;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

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
 *
 * <p>The parts: {@link ScalarSchemas} for types written as one value, {@link JavaProperties} for a
 * class's properties, {@link JsonbAnnotations} for what the annotations change; this class walks
 * the types and keeps the components.
 */
final class PayloadSchemas {

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
      Type argument = JavaProperties.resolve(arguments[i], vars);
      bound.put(parameters[i], argument);
      title.append(i == 0 ? "" : ",").append(argument.getTypeName());
      key.append('_').append(typeKey(argument));
    }
    return component(raw, title.append('>').toString(), key.toString(), bound);
  }

  private Map<String, Object> plain(Class<?> c) {
    Map<String, Object> scalar = ScalarSchemas.of(c);
    if (scalar != null) {
      return scalar;
    }
    if (c == byte[].class) {
      // JSON-B's default binary data strategy writes bytes as an array of numbers
      return array(ScalarSchemas.integer(Byte.MIN_VALUE, Byte.MAX_VALUE), false);
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
    String adapter = JsonbAnnotations.adapter(List.of(raw));
    if (adapter != null) {
      schema.put("description", "written by @" + adapter + ": its JSON is whatever that writes");
      return ref;
    }
    schema.put("type", "object");
    Map<String, Object> properties = new TreeMap<>();
    for (JavaProperty property : JavaProperties.of(raw, vars)) {
      property(property, properties);
    }
    schema.put("properties", properties);
    return ref;
  }

  /** Adds the schema of {@code property} under its JSON name, unless JSON-B leaves it out. */
  private void property(JavaProperty property, Map<String, Object> properties) {
    if (JsonbAnnotations.isTransient(property.elements())) {
      return;
    }
    String name = JsonbAnnotations.name(property.name(), property.elements());
    Map<String, Object> schema = JsonbAnnotations.mapping(property.elements());
    properties.put(name, schema != null ? schema : schema(property.type(), property.vars()));
  }

  private static Map<String, Object> array(Map<String, Object> items, boolean unique) {
    Map<String, Object> schema = obj("type", "array", "items", items);
    if (unique) {
      schema.put("uniqueItems", true);
    }
    return schema;
  }

  /** A schema that accepts any JSON value, saying why. */
  static Map<String, Object> any(String why) {
    return obj("description", "any JSON value (" + why + ")");
  }
}

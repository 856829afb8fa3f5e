package dev.warren.internal.asyncapi;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Gives each thing a unique key for the document's maps, from its preferred name: characters the
 * AsyncAPI key pattern does not allow become {@code _}, and a taken key gets {@code _2}, {@code _3}
 * and so on. The same thing always gets the same key.
 */
final class Names {

  private final Map<Object, String> keys = new HashMap<>();
  private final Set<String> taken = new HashSet<>();

  /** The key of {@code thing}, assigned from {@code preferred} the first time. */
  String key(Object thing, String preferred) {
    String known = keys.get(thing);
    if (known != null) {
      return known;
    }
    String base = sanitize(preferred);
    String key = base;
    for (int n = 2; !taken.add(key); n++) {
      key = base + "_" + n;
    }
    keys.put(thing, key);
    return key;
  }

  /** Whether {@code thing} has a key already. */
  boolean has(Object thing) {
    return keys.containsKey(thing);
  }

  static String sanitize(String name) {
    StringBuilder key = new StringBuilder(name.length());
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean allowed =
          c >= 'a' && c <= 'z'
              || c >= 'A' && c <= 'Z'
              || c >= '0' && c <= '9'
              || c == '.'
              || c == '-'
              || c == '_';
      key.append(allowed ? c : '_');
    }
    return key.length() == 0 ? "_" : key.toString();
  }
}

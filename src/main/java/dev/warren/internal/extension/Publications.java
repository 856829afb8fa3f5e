package dev.warren.internal.extension;

import dev.warren.Publishes;
import dev.warren.internal.model.PublicationModel;
import jakarta.enterprise.inject.spi.AnnotatedCallable;
import jakarta.enterprise.inject.spi.AnnotatedField;
import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.AnnotatedParameter;
import jakarta.enterprise.inject.spi.AnnotatedType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Collects the {@link Publishes} declarations of the application's beans during discovery (on the
 * class, its fields, methods and constructor or method parameters) and turns them into {@link
 * PublicationModel}s: identical declarations become one, sorted by exchange and routing key.
 */
final class Publications {

  private record Key(
      String exchange, String routingKey, Class<?> payload, Class<?> reply, String description) {}

  private final Map<Key, TreeSet<String>> found = new LinkedHashMap<>();

  /** Records every declaration of {@code type}. */
  void collect(AnnotatedType<?> type) {
    String owner = type.getJavaClass().getName();
    add(type.getAnnotations(Publishes.class), owner);
    for (AnnotatedField<?> field : type.getFields()) {
      add(field.getAnnotations(Publishes.class), owner + "#" + field.getJavaMember().getName());
    }
    for (AnnotatedMethod<?> method : type.getMethods()) {
      String where = owner + "#" + method.getJavaMember().getName();
      add(method.getAnnotations(Publishes.class), where);
      parameters(method, where);
    }
    type.getConstructors().forEach(constructor -> parameters(constructor, owner + "#<init>"));
  }

  private void parameters(AnnotatedCallable<?> callable, String where) {
    for (AnnotatedParameter<?> parameter : callable.getParameters()) {
      add(parameter.getAnnotations(Publishes.class), where);
    }
  }

  private void add(Iterable<Publishes> declarations, String where) {
    for (Publishes p : declarations) {
      Key key =
          new Key(
              p.exchange(),
              p.routingKey(),
              p.payload(),
              p.reply() == void.class ? null : p.reply(),
              p.description());
      found.computeIfAbsent(key, k -> new TreeSet<>()).add(where);
    }
  }

  /** The declarations found so far, merged and sorted. */
  List<PublicationModel> models() {
    List<PublicationModel> models = new ArrayList<>();
    found.forEach(
        (k, where) ->
            models.add(
                new PublicationModel(
                    k.exchange(),
                    k.routingKey(),
                    k.payload(),
                    k.reply(),
                    k.description(),
                    List.copyOf(where))));
    models.sort(
        Comparator.comparing(PublicationModel::exchange)
            .thenComparing(PublicationModel::routingKey)
            .thenComparing(m -> m.payload().getName())
            .thenComparing(m -> m.request() ? m.reply().getName() : "")
            .thenComparing(PublicationModel::description));
    return List.copyOf(models);
  }
}

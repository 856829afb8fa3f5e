package dev.warren.ee.app;

/** A JSON payload, decoded by the server's JSON-B. */
public record Order(String id, String action) {}

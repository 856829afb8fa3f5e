package com.example.quickstart;

/** The message: JSON on the wire, through JSON-B. */
public record Greeting(String from, String text) {}

/**
 * The AsyncAPI 3.0 document of the application's consumers and declared publications, with JSON
 * Schemas of their payloads as JSON-B maps them, and the HTML page that shows it. May import model,
 * topology, settlement, config, codec and the API. Not API.
 */
package dev.warren.internal.asyncapi;

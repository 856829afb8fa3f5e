/**
 * MicroProfile Config keys and their parsing, read once at deployment into immutable settings. Not
 * API.
 */
package dev.warren.internal.config;

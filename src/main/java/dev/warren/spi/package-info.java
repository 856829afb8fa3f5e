/** Extension points for applications: exception mapping and payload codecs. Public API. */
package dev.warren.spi;

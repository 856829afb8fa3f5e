/**
 * The code samples of README.md and docs/*.md, compiled with the tests so that every sample stays
 * true: {@link dev.warren.docs.DocSamplesTest} fails when a sample in the documents is not found
 * here (or in the quick start or the example application) verbatim, whitespace aside. Nothing here
 * runs.
 */
package dev.warren.docs;

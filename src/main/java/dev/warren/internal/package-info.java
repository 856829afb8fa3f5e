/** Warren's implementation. Not API: anything here may change without notice. */
package dev.warren.internal;

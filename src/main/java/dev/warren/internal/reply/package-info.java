/** Request/reply over RabbitMQ's direct reply-to: the application's {@code Requester}. Not API. */
package dev.warren.internal.reply;

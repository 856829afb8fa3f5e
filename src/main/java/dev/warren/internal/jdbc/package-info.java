/**
 * What Warren's tables (the outbox and the inbox) share: the application's {@code DataSource} found
 * by its JNDI name, the database's dialect read from its metadata (PostgreSQL and MariaDB), a table
 * created when it is missing, and the server's JTA transactions ({@code JtaTransactions}, the only
 * class that names JTA types). Imports nothing of Warren's; reports problems as return values or
 * JDBC/JNDI exceptions, so that its callers word the message with their own setting. Not API.
 */
package dev.warren.internal.jdbc;

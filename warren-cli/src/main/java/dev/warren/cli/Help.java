package dev.warren.cli;

/** The text of {@code --help}: every command and option, as docs/dead-letters.md lists them. */
final class Help {

  private Help() {}

  static final String TEXT =
      """
      Warren's dead letter command line: count, browse, replay or purge the dead letters of one
      queue, without the application running.

      usage: java -jar warren-cli.jar count|browse|replay|purge --queue QUEUE [options]

      commands:
        count     how many dead letters the filters select (the ready count without filters)
        browse    one line per selected dead letter from the head, nothing removed or reordered
        replay    publish each selected one back to the queue it died in (confirmed), then remove it
        purge     remove each selected one

      options:
        --uri URI              the broker, amqp://user:password@host:port/virtual-host (amqps://
                               for TLS); default: the environment variable WARREN_URI, which keeps
                               the password out of the process list
        --queue QUEUE          the dead letter queue (required)
        --queue-type TYPE      classic or quorum: a classic queue keeps the dead letters a call
                               leaves in place by requeueing them; a quorum queue (or one of unknown
                               type) before RabbitMQ 4.3 is rewritten in order
        --reason REASON        only this death reason (max-attempts, copy-failed, rejected,
                               expired, maxlen, delivery_limit)
        --exception CLASS      only dead letters whose x-warren-exception names this class
        --header NAME=VALUE    only dead letters with this header value
        --older-than AGE       only those that died more than AGE ago (10m, 2h, 7d or ISO-8601)
        --newer-than AGE       only those that died less than AGE ago
        --message-id ID        only this message id (repeat for more)
        --limit N              at most the first N selected (browse: 100 when not given)
        --rate N               replay: at most N a second
        --dry-run              replay, purge: change nothing, say what would be done
        --retry-count-header H replay: Warren's retry count header, removed from the copies
                               (the application's warren.retry-count-header; default
                               x-warren-retry-count)
        --json                 print JSON instead of lines
        --progress             show progress on standard error also when it is not a terminal
                               (a line at every 10 %); on a terminal a bar is shown anyway
        --help                 this text

      exit codes: 0 done, 1 some selected dead letters failed (they stay in the queue; the summary
      says why), 2 the command line is wrong, 3 the broker or the queue failed.
      """;
}

package dev.warren.soak.partition;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the instances handled, read from their record files ({@code key number instance queue
 * redelivered epochMicros} per line), and what it says: lost, duplicated and reordered per key,
 * pauses of partitions after faults, and which instance consumed which partition.
 */
final class Records {

  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");

  /** One handled delivery. */
  record Rec(
      int key, int number, String instance, String queue, boolean redelivered, long micros) {}

  /** A fault the driver injected: {@code kill} (of an instance) or {@code stop-node}. */
  record Fault(String kind, String target, long micros) {}

  final List<Rec> all = new ArrayList<>();
  private int malformed;

  private Records() {}

  /** Reads every record file (a line cut short by a kill is skipped and counted). */
  static Records read(List<Path> files) {
    Records r = new Records();
    for (Path file : files) {
      if (!Files.exists(file)) {
        continue;
      }
      try {
        for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
          String[] f = line.split(" ");
          if (f.length != 6) {
            r.malformed++;
            continue;
          }
          r.all.add(
              new Rec(
                  Integer.parseInt(f[0].substring(f[0].indexOf('-') + 1)),
                  Integer.parseInt(f[1]),
                  f[2],
                  f[3],
                  f[4].equals("1"),
                  Long.parseLong(f[5])));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    r.all.sort(Comparator.comparingLong(Rec::micros));
    return r;
  }

  /** How many distinct (key, number) pairs were handled. */
  long distinct() {
    Set<Long> seen = new HashSet<>();
    for (Rec rec : all) {
      seen.add(((long) rec.key() << 32) | rec.number());
    }
    return seen.size();
  }

  /** The analysis, printed; returns the number of lost plus reordered messages (0: pass). */
  long report(StringBuilder out, int[] confirmed, List<Fault> faults) {
    int keys = confirmed.length;
    List<List<Rec>> byKey = new ArrayList<>();
    for (int k = 0; k < keys; k++) {
      byKey.add(new ArrayList<>());
    }
    for (Rec rec : all) {
      byKey.get(rec.key()).add(rec);
    }
    long lost = 0;
    long duplicates = 0;
    long duplicatesFlagged = 0;
    long reordered = 0;
    long unconfirmedReceived = 0;
    long keysOnTwoQueues = 0;
    List<String> lostShown = new ArrayList<>();
    List<String> reorderShown = new ArrayList<>();
    for (int k = 0; k < keys; k++) {
      BitSet seen = new BitSet();
      int highest = 0;
      Set<String> queues = new HashSet<>();
      for (Rec rec : byKey.get(k)) {
        queues.add(rec.queue());
        if (seen.get(rec.number())) {
          duplicates++;
          if (rec.redelivered()) {
            duplicatesFlagged++;
          }
          continue;
        }
        seen.set(rec.number());
        if (rec.number() < highest) {
          reordered++;
          if (reorderShown.size() < 20) {
            reorderShown.add(
                "key-"
                    + k
                    + " #"
                    + rec.number()
                    + " after #"
                    + highest
                    + " at "
                    + clock(rec.micros())
                    + " by "
                    + rec.instance()
                    + " on "
                    + rec.queue());
          }
        }
        highest = Math.max(highest, rec.number());
        if (rec.number() > confirmed[k]) {
          unconfirmedReceived++;
        }
      }
      for (int n = 1; n <= confirmed[k]; n++) {
        if (!seen.get(n)) {
          lost++;
          if (lostShown.size() < 30) {
            lostShown.add("key-" + k + " #" + n);
          }
        }
      }
      if (queues.size() > 1) {
        keysOnTwoQueues++;
      }
    }
    long confirmedTotal = 0;
    for (int c : confirmed) {
      confirmedTotal += c;
    }
    out.append(line("confirmed", confirmedTotal, "distinct messages acked by the broker"));
    out.append(
        line(
            "handled",
            all.size(),
            "deliveries recorded by the instances; "
                + distinct()
                + " distinct"
                + (malformed > 0 ? "; " + malformed + " lines cut short by a kill" : "")));
    out.append(
        line(
            "lost",
            lost,
            lost == 0
                ? "confirmed but never handled"
                : "CONFIRMED BUT NEVER HANDLED: " + lostShown));
    out.append(
        line(
            "duplicates",
            duplicates,
            "handled again; " + duplicatesFlagged + " of them flagged redelivered by the broker"));
    out.append(
        line(
            "reordered",
            reordered,
            "a key's number first handled after a higher number of that key"
                + (reordered == 0 ? "" : ": " + reorderShown)));
    out.append(line("unconfirmed", unconfirmedReceived, "handled but never confirmed"));
    out.append(line("split keys", keysOnTwoQueues, "keys handled from more than one partition"));
    pauses(out, faults);
    owners(out);
    return lost + reordered;
  }

  /** For each fault: each partition's time from the fault to its next handled message. */
  private void pauses(StringBuilder out, List<Fault> faults) {
    out.append(String.format(Locale.ROOT, "%npauses after faults:%n"));
    double longestKill = 0;
    for (Fault fault : faults) {
      // the partitions the killed instance was consuming: those it handled in the 5 s before;
      // after a node stop, every partition
      Set<String> queues = new java.util.TreeSet<>();
      for (Rec rec : all) {
        if (rec.micros() > fault.micros() - 5_000_000
            && rec.micros() <= fault.micros()
            && (fault.kind().equals("stop-node") || rec.instance().equals(fault.target()))) {
          queues.add(rec.queue());
        }
      }
      StringBuilder each = new StringBuilder();
      double longest = 0;
      for (String queue : queues) {
        // after a kill: the first delivery handled by another instance; after a node stop: the
        // longest gap between deliveries within the next minute (the stop takes a few seconds)
        boolean kill = fault.kind().equals("kill");
        long from = fault.micros();
        double pause = 0;
        Rec next = null;
        for (Rec rec : all) {
          if (rec.micros() <= fault.micros() || !rec.queue().equals(queue)) {
            continue;
          }
          if (kill) {
            if (!rec.instance().equals(fault.target())) {
              next = rec;
              pause = (rec.micros() - from) / 1e6;
              break;
            }
          } else {
            if (rec.micros() > fault.micros() + 60_000_000) {
              break;
            }
            if ((rec.micros() - from) / 1e6 > pause) {
              pause = (rec.micros() - from) / 1e6;
              next = rec;
            }
            from = rec.micros();
          }
        }
        if (next == null) {
          each.append(" ").append(suffix(queue)).append(" never");
          longest = Double.POSITIVE_INFINITY;
          continue;
        }
        longest = Math.max(longest, pause);
        each.append(
            String.format(
                Locale.ROOT,
                " %s %.2f s (%s%s)",
                suffix(queue),
                pause,
                kill ? "" : "ended " + clock(next.micros()) + " ",
                next.instance()));
      }
      if (fault.kind().equals("kill")) {
        longestKill = Math.max(longestKill, longest);
      }
      out.append(
          String.format(
              Locale.ROOT,
              "  %s %s %s: %d partitions, longest %.2f s;%s%n",
              clock(fault.micros()),
              fault.kind(),
              fault.target(),
              queues.size(),
              longest,
              each));
    }
    out.append(
        String.format(
            Locale.ROOT,
            "longest pause of a partition after an instance died: %.2f s%n",
            longestKill));
    // the longest gap in each partition over the whole run
    Map<String, long[]> last = new TreeMap<>();
    for (Rec rec : all) {
      long[] g = last.computeIfAbsent(rec.queue(), q -> new long[] {rec.micros(), 0, 0});
      long gap = rec.micros() - g[0];
      if (gap > g[1]) {
        g[1] = gap;
        g[2] = rec.micros();
      }
      g[0] = rec.micros();
    }
    out.append("longest gap per partition over the run:");
    last.forEach(
        (queue, g) ->
            out.append(
                String.format(
                    Locale.ROOT, " %s %.2f s (ended %s)", suffix(queue), g[1] / 1e6, clock(g[2]))));
    out.append(String.format(Locale.ROOT, "%n"));
  }

  /** Which instance consumed which partition over time: runs of consecutive deliveries. */
  private void owners(StringBuilder out) {
    out.append(
        String.format(
            Locale.ROOT, "%npartition owners over time (instance from-to deliveries):%n"));
    Map<String, List<Object[]>> runs = new TreeMap<>();
    for (Rec rec : all) {
      List<Object[]> list = runs.computeIfAbsent(rec.queue(), q -> new ArrayList<>());
      Object[] run = list.isEmpty() ? null : list.get(list.size() - 1);
      if (run != null && run[0].equals(rec.instance())) {
        run[2] = rec.micros();
        run[3] = (Integer) run[3] + 1;
      } else {
        list.add(new Object[] {rec.instance(), rec.micros(), rec.micros(), 1});
      }
    }
    Map<String, Integer> perInstance = new TreeMap<>();
    for (Rec rec : all) {
      perInstance.merge(rec.instance(), 1, Integer::sum);
    }
    runs.forEach(
        (queue, list) -> {
          out.append("  ").append(queue).append(':');
          for (int i = 0; i < list.size(); i++) {
            Object[] run = list.get(i);
            if (i == 12) {
              out.append(" ... ").append(list.size() - 12).append(" more runs");
              break;
            }
            out.append(
                String.format(
                    Locale.ROOT,
                    " %s %s-%s (%d)",
                    run[0],
                    clock((Long) run[1]),
                    clock((Long) run[2]),
                    (Integer) run[3]));
          }
          out.append(String.format(Locale.ROOT, "%n"));
        });
    out.append("deliveries per instance: ").append(perInstance).append(String.format("%n"));
  }

  private static String suffix(String queue) {
    return "p" + queue.substring(queue.lastIndexOf('.') + 1);
  }

  static String line(String what, long count, String note) {
    return String.format(Locale.ROOT, "  %-12s %,9d  %s%n", what, count, note);
  }

  static String clock(long micros) {
    return LocalTime.ofInstant(Instant.EPOCH.plusNanos(micros * 1000), ZoneOffset.UTC)
        .format(CLOCK);
  }
}

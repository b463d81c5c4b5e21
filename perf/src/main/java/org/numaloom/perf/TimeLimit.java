package org.numaloom.perf;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The wall-clock time a bench run may take ({@code --time-limit}): a JMH run starts only if the
 * runs of its bench so far, at their mean, say it ends within the limit. On a machine lent for a
 * few minutes the run then publishes its tables before an outer {@code timeout} stops it, where a
 * run stopped from outside would leave only JMH's files. The first run of a bench has no mean
 * to go by and starts if the limit has not passed.
 */
final class TimeLimit {
    private final Optional<Duration> limit;
    private final LongSupplier nanoClock;
    private final long startNanos;
    private final Map<String, long[]> spentAndRunsByBench = new HashMap<>();
    private long runStartNanos;

    /** @param nanoClock {@link System#nanoTime}, or a test's; read now for the start */
    TimeLimit(Optional<Duration> limit, LongSupplier nanoClock) {
        this.limit = limit;
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
    }

    /** No limit. */
    static TimeLimit none() {
        return new TimeLimit(Optional.empty(), System::nanoTime);
    }

    /** Whether {@code run} may start: no limit, or the time so far and its bench's mean run within it. */
    boolean allows(JmhRun run) {
        if (limit.isEmpty()) {
            return true;
        }
        long[] spent = spentAndRunsByBench.get(run.bench());
        long expected = spent == null ? 0 : spent[0] / spent[1];
        return nanoClock.getAsLong() - startNanos + expected <= limit.get().toNanos();
    }

    /** Marks the start of a run, which {@link #ended} times. */
    void started() {
        runStartNanos = nanoClock.getAsLong();
    }

    /** Adds the time since {@link #started} to the mean of {@code run}'s bench. */
    void ended(JmhRun run) {
        long[] spent = spentAndRunsByBench.computeIfAbsent(run.bench(), bench -> new long[2]);
        spent[0] += nanoClock.getAsLong() - runStartNanos;
        spent[1]++;
    }

    /** The limit in whole seconds, for the reports; empty for none. */
    Optional<Long> seconds() {
        return limit.map(Duration::toSeconds);
    }

    /**
     * What the limit did, for the report: empty without one; else that every run started in time, or
     * how many did not, from which one.
     */
    Optional<String> describe(List<JmhRun> notStarted, int planned) {
        return seconds().map(s -> "Time limit (--time-limit " + s + "): " + (notStarted.isEmpty()
                ? "every JMH run started within it"
                : notStarted.size() + " of " + planned + " JMH runs not started, from " + notStarted.get(0).name()
                        + " on; the ratios use the rounds in which every lock of a bench ran"));
    }
}

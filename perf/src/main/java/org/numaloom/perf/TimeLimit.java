package org.numaloom.perf;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The wall-clock time a bench run may take ({@code --time-limit}): a JMH run starts only if the
 * time so far and its expected length end within the limit. On a machine lent for a few minutes
 * the run then publishes its tables before an outer {@code timeout} stops it, where a run stopped
 * from outside would leave only JMH's files. A run's expected length is its iterations (warm-up
 * and measured, every fork) at the time per iteration of its bench's completed runs, or of all
 * completed runs where its bench has none yet; the first run of all starts while the limit has not
 * passed. A run that failed is not counted: a lock that throws at once says nothing of how long the
 * others take.
 */
final class TimeLimit {
    private final Optional<Duration> limit;
    private final LongSupplier nanoClock;
    private final long startNanos;
    /** Per bench, and for all benches under {@link #ALL_BENCHES}: nanoseconds spent, iterations run. */
    private final Map<String, long[]> spentAndIterations = new HashMap<>();
    private long runStartNanos;

    /** The key of every bench's completed runs together; no bench id is empty. */
    private static final String ALL_BENCHES = "";

    /** @param nanoClock {@link System#nanoTime}, or a test's; read now for the start */
    TimeLimit(Optional<Duration> limit, LongSupplier nanoClock) {
        this.limit = limit;
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
    }

    /** Whether {@code run} may start: no limit, or the time so far and its expected length within it. */
    boolean allows(JmhRun run) {
        return limit.isEmpty() || nanoClock.getAsLong() - startNanos + expectedNanos(run) <= limit.get().toNanos();
    }

    /** {@code run}'s iterations at its bench's time per iteration so far, else every bench's; 0 before any run. */
    private long expectedNanos(JmhRun run) {
        long[] spent = spentAndIterations.getOrDefault(run.bench(), spentAndIterations.get(ALL_BENCHES));
        return spent == null ? 0 : spent[0] * run.iterations() / spent[1];
    }

    /** Marks the start of a run, which {@link #completed} times. */
    void started() {
        runStartNanos = nanoClock.getAsLong();
    }

    /** Counts the time since {@link #started} and {@code run}'s iterations, for its bench and for all. */
    void completed(JmhRun run) {
        long spent = nanoClock.getAsLong() - runStartNanos;
        for (String key : List.of(run.bench(), ALL_BENCHES)) {
            long[] sums = spentAndIterations.computeIfAbsent(key, k -> new long[2]);
            sums[0] += spent;
            sums[1] += run.iterations();
        }
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
                        + " on; each ratio uses the rounds in which its lock and its baseline both ran"));
    }
}

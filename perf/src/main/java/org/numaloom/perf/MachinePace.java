package org.numaloom.perf;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;

/**
 * How fast the machine let virtual threads take turns between JMH runs: the runner times a virtual
 * thread that yields {@link #YIELDS} times, before the first run and after each one, and names the
 * runs next to a probe that took {@link #SLOW} times the median of the run's probes or more.
 *
 * <p>Why: on this project's 2-core KVM machines a virtual thread's yield (a round trip through the
 * scheduler, which wakes the other carrier to look for work) costs about 0.26 µs for stretches and
 * about 0.8 µs for others, each stretch lasting from a few seconds to about a minute, while a
 * one-thread count of a text without yields keeps its pace, no process of ours runs and
 * {@code /proc/stat} shows no steal (docs/results.md, 2026-11-28): the host wakes an idle virtual
 * CPU more slowly at times. Whatever parks, unparks or yields slows in those stretches, the locks
 * unequally, and the text statistics, which yield after every line, ran at two speeds, whole forks
 * or their ends, for every lock alike; {@link MachineLoad}, which sees only CPU time, said nothing.
 * A round whose lock ran in a slow stretch and whose baseline did not compares the machine, not the
 * locks.
 *
 * <p>The probe is the best of {@link #ATTEMPTS}, so that one preemption does not make a slow probe:
 * about 50 ms on 2 cores in a fast stretch, 160 ms in a slow one, per JMH run. It sees the machine
 * between runs, not during them: a slow stretch that begins and ends inside one fork is not seen,
 * and a run is named only as "next to" a slow probe. The first calls, which the JIT has not compiled
 * yet, run first and are not counted ({@link #WARM_UP_CALLS}). The median of the run's probes is
 * the reference, not the fastest: a yield also costs less while the other CPU is busy (about
 * 0.14 µs), and in a text statistics run on 2 cores three of seventeen probes read 13.7–14.3 ms
 * against a median of 22.6, after runs that measured as the others did; against the fastest, every
 * ordinary probe would have looked slow. So the line tells how the machine's pace changed during
 * the run, not whether it was slow throughout, and a run slow for more than half its time names
 * nothing. Few runs make the rule weaker: with one run, two probes, the median is their mean, and
 * one is named only at three times the other.
 */
final class MachinePace {
    /** A probe this many times the run's median or more names the runs on either side of it. */
    static final double SLOW = 1.5;
    /** The yields one attempt of the probe times: about 26 ms in a fast stretch on 2 cores, 80 in a slow one. */
    static final int YIELDS = 100_000;
    /** The attempts a probe takes the best of, so that one preemption does not make it slow. */
    static final int ATTEMPTS = 2;
    /** Attempts made, and not counted, at a JVM's first probe, while the JIT compiles it. */
    static final int WARM_UP_CALLS = 10;

    /** Whether this JVM has made its warm-up attempts; read and written by the runner's one thread. */
    private static boolean warm;

    /** A run and the probes on either side of it, in milliseconds, NaN where not measured. */
    record RunPace(String run, double beforeMillis, double afterMillis) {
    }

    /**
     * The probes of one bench run, in order: one before its first JMH run and one after each, each
     * probe kept once and shared by the runs on either side of it.
     */
    static final class Probes {
        private final List<Double> millis = new ArrayList<>();
        private final List<String> runs = new ArrayList<>();

        Probes(double beforeFirstRunMillis) {
            millis.add(beforeFirstRunMillis);
        }

        /** Records the probe taken after {@code run}, which is also the next run's "before". */
        void after(String run, double probeMillis) {
            runs.add(run);
            millis.add(probeMillis);
        }

        /** Each run with the probes before and after it. */
        List<RunPace> runs() {
            return IntStream.range(0, runs.size()).mapToObj(i -> new RunPace(runs.get(i), millis.get(i), millis.get(i + 1))).toList();
        }

        /** The probes that were measured. */
        DoubleStream measured() {
            return millis.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite);
        }
    }

    private MachinePace() {
    }

    /**
     * Milliseconds of a virtual thread's {@link #YIELDS} yields, the best of {@link #ATTEMPTS}; NaN if
     * interrupted or if the virtual thread cannot be started, so that a probe never stops a run.
     */
    static double probeMillis() {
        try {
            if (!warm) {
                for (int i = 0; i < WARM_UP_CALLS; i++) {
                    yieldsMillis();
                }
                warm = true;
            }
            double best = Double.POSITIVE_INFINITY;
            for (int i = 0; i < ATTEMPTS; i++) {
                best = Math.min(best, yieldsMillis());
            }
            return best;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Double.NaN;
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    private static double yieldsMillis() throws InterruptedException {
        long start = System.nanoTime();
        Thread.ofVirtual().start(() -> {
            for (int i = 0; i < YIELDS; i++) {
                Thread.yield();
            }
        }).join();
        return (System.nanoTime() - start) / 1e6;
    }

    /**
     * The runs next to a slow probe, in order: the run that ended with that probe and the one that
     * began with it.
     */
    static List<RunPace> slowRuns(Probes probes) {
        double slow = SLOW * median(probes);
        return probes.runs().stream().filter(pace -> pace.beforeMillis() >= slow || pace.afterMillis() >= slow).toList();
    }

    /** The median of the measured probes, NaN if none was. */
    static double median(Probes probes) {
        double[] sorted = probes.measured().sorted().toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** The report's line: the probes' median and range, and the runs next to a slow one, whose rounds the reader should not trust. */
    static String describe(Probes probes) {
        String what = String.format(Locale.ROOT, "Machine pace (%,d yields of a virtual thread, timed by the runner"
                + " before and after each JMH run, best of %d)", YIELDS, ATTEMPTS);
        if (probes.runs().isEmpty()) {
            return what + ": not measured, no JMH run ended";
        }
        double median = median(probes);
        if (Double.isNaN(median)) {
            return what + ": not measured, every probe was interrupted";
        }
        what += String.format(Locale.ROOT, ": median %.1f ms, %.1f to %.1f", median, probes.measured().min().orElseThrow(),
                probes.measured().max().orElseThrow());
        List<RunPace> slow = slowRuns(probes);
        if (slow.isEmpty()) {
            return what + String.format(Locale.ROOT, ", no probe %.1fx the median or more", SLOW);
        }
        return what + String.format(Locale.ROOT, "; the machine ran slow (a probe %.1fx the median or more) next to ", SLOW)
                + slow.stream().map(pace -> String.format(Locale.ROOT, "%s (%.1f, %.1f ms)", pace.run(), pace.beforeMillis(),
                        pace.afterMillis())).collect(Collectors.joining(", "))
                + "; these runs may have been measured in part on a slower machine than the others, and their rounds'"
                + " ratios may show that rather than the locks: rerun, or compare the rounds they are not in";
    }
}

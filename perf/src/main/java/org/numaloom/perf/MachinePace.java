package org.numaloom.perf;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;

import org.numaloom.perf.bench.Text;

/**
 * How fast the machine itself ran between JMH runs: the runner times a fixed piece of one-thread
 * work, without a lock, before the first run and after each one, and names the runs next to a
 * probe that took {@link #SLOW} times the run's fastest or more.
 *
 * <p>Why: on this project's 2-core KVM machines the same one-thread count of a text, in a JMH fork
 * with no lock and no other thread, took 75–85 ms per invocation for stretches and 150–210 ms for
 * others, each stretch lasting from a few seconds to about a minute, with no process of ours
 * running and no steal in {@code /proc/stat} (docs/results.md, 2026-11-28). Work that moves memory
 * slows in those stretches (the host's other guests share its caches and memory); the text
 * statistics' forks then ran at two speeds, whole forks or their ends, for every lock alike, and
 * {@link MachineLoad}, which sees only CPU time, said nothing. A round whose lock ran in a slow
 * stretch and whose baseline did not compares the machine, not the locks.
 *
 * <p>The probe is the text statistics' own work on one thread, {@link Text#countSequentially} of
 * the bench's default text (100,000 lines), best of {@link #ATTEMPTS}, so that one preemption does
 * not make a slow probe: about 50–90 ms each on 2 cores, a tenth of a second per JMH run. It sees
 * the machine between runs, not during them: a slow stretch that begins and ends inside one fork
 * is not seen, and a run is named only as "next to" a slow probe. The runner's JVM compiles the
 * probe during its first calls, which run first and are not counted ({@link #WARM_UP_CALLS}, about
 * a second): in fresh JVMs on 2 cores the first call took 109–113 ms, the fourth to twentieth
 * 40–75 ms, and later ones 37–50 ms. The fastest probe is the reference, so the line tells how the
 * machine's pace changed during the run, not whether it was slow throughout.
 */
final class MachinePace {
    /** A probe this many times the run's fastest, or more, names the runs on either side of it. */
    static final double SLOW = 1.5;
    static final int ATTEMPTS = 2;
    static final int WARM_UP_CALLS = 24;
    private static final int PROBE_LINES = 100_000;
    private static final long PROBE_SEED = 42;

    /** The probe's time in milliseconds, before a run and after it; NaN where not measured. */
    record RunPace(String run, double beforeMillis, double afterMillis) {
    }

    /** Times the probe; one per runner, warmed up on its first call. */
    static final class Probe {
        private List<String> text;

        /** Milliseconds of one-thread work, the best of {@link #ATTEMPTS}. */
        double millis() {
            if (text == null) {
                text = Text.generate(PROBE_LINES, PROBE_SEED);
                for (int i = 0; i < WARM_UP_CALLS; i++) {
                    Text.countSequentially(text);
                }
            }
            double best = Double.POSITIVE_INFINITY;
            for (int i = 0; i < ATTEMPTS; i++) {
                long start = System.nanoTime();
                Text.countSequentially(text);
                best = Math.min(best, (System.nanoTime() - start) / 1e6);
            }
            return best;
        }
    }

    private MachinePace() {
    }

    /** The runs next to a slow probe, in order: the run that ended with it and the one that began with it. */
    static List<RunPace> slowRuns(List<RunPace> paces) {
        double fastest = fastest(paces);
        List<RunPace> slow = new ArrayList<>();
        for (RunPace pace : paces) {
            if (Math.max(pace.beforeMillis(), pace.afterMillis()) >= SLOW * fastest) {
                slow.add(pace);
            }
        }
        return slow;
    }

    /** The fastest probe of the run, NaN if none was measured. */
    static double fastest(List<RunPace> paces) {
        return probes(paces).min().orElse(Double.NaN);
    }

    private static DoubleStream probes(List<RunPace> paces) {
        return paces.stream().flatMapToDouble(pace -> DoubleStream.of(pace.beforeMillis(), pace.afterMillis()))
                .filter(Double::isFinite);
    }

    /** The report's line: the probes' range, and the runs next to a slow one, whose rounds the reader should not trust. */
    static String describe(List<RunPace> paces) {
        String what = String.format(Locale.ROOT, "Machine pace (a one-thread count of the text statistics' text, no"
                + " lock, timed by the runner before and after each JMH run, best of %d)", ATTEMPTS);
        double fastest = fastest(paces);
        if (Double.isNaN(fastest)) {
            return what + ": not measured, no JMH run ended";
        }
        double slowest = probes(paces).max().orElseThrow();
        what += String.format(Locale.ROOT, ": %.1f to %.1f ms", fastest, slowest);
        List<RunPace> slow = slowRuns(paces);
        if (slow.isEmpty()) {
            return what + String.format(Locale.ROOT, ", no probe %.1fx the fastest or more", SLOW);
        }
        return what + String.format(Locale.ROOT, "; the machine ran slow (a probe %.1fx the fastest or more) next to ", SLOW)
                + slow.stream().map(pace -> String.format(Locale.ROOT, "%s (%.1f, %.1f ms)", pace.run(), pace.beforeMillis(),
                        pace.afterMillis())).collect(Collectors.joining(", "))
                + "; these runs may have been measured in part on a slower machine than the others, and their rounds'"
                + " ratios may show that rather than the locks: rerun, or compare the rounds they are not in";
    }
}

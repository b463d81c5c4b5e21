package org.numaloom.perf;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;

/**
 * Whether a lock was still warming up when its measurement began: in most forks of a bench, variant
 * and thread count (its rounds together), the first measured iteration ran {@link #SLOW_FIRST} times
 * slower or more than each of the fork's later ones. JMH's score is the mean of the measured
 * iterations, so such a first iteration lowers it, and the locks whose code the JIT compiles warm up
 * at different speeds: on 2 cores, with two warm-up iterations of high contention at 16 threads,
 * NUMA_MCS's first measured iteration took 193.9 ms and its next two 152.2 and 150.7, while
 * {@code synchronized}, compiled into the JVM, measured 165.8, 162.6 and 159.5
 * (docs/results.md, 2026-11-28). The run's report names such cells, so that a config's warm-up too
 * short for some lock (a user's too) does not pass for that lock's speed.
 *
 * <p>The first iteration must be slower than each later one, not than their median: a warm-up's tail
 * makes the first the slowest, while a noisy host slows any iteration, and on 2 cores the median
 * rule named six cells of a {@code quick} run (one fork each), some of whose later iterations were
 * as slow at times. So it catches a steep tail, not a gradual one (the text statistics' warm-up
 * over about fifteen invocations it did not name), and it is easier to meet with fewer later
 * iterations and harder for a lock whose iterations are noisy. A fork with fewer than
 * {@link #MIN_ITERATIONS} measured iterations is not judged: with one later iteration, one slow
 * iteration would decide; nor is one with a throughput that is not finite. A machine's slow moment
 * can still name a cell, and the line says so.
 */
final class WarmUp {
    /** How much slower than each later iteration a fork's first one must be to count. */
    static final double SLOW_FIRST = 1.2;
    /** The fewest measured iterations in a fork for it to be judged. */
    static final int MIN_ITERATIONS = 3;

    /** A bench, variant and thread count, and how many of its judged forks, over all rounds, began slow. */
    record Cell(String bench, String variant, int threads, int slowForks, int judgedForks) {
        boolean mostBeganSlow() {
            return 2 * slowForks > judgedForks;
        }

        /** The same cell with another's forks counted too (another round). */
        Cell plus(Cell other) {
            return new Cell(bench, variant, threads, slowForks + other.slowForks, judgedForks + other.judgedForks);
        }
    }

    private WarmUp() {
    }

    /** Every cell with at least one judged fork, in the order of the runs; a variant's rounds count together. */
    static List<Cell> judge(List<Results.Executed> executed) {
        Map<CellKey, Cell> cells = new LinkedHashMap<>();
        for (Results.Executed e : executed) {
            for (RunResult result : e.results()) {
                int threads = Results.threadsOf(result);
                for (BenchmarkResult fork : result.getBenchmarkResults()) {
                    double[] throughputs = e.run().iterationThroughputs(fork, threads).toArray();
                    if (throughputs.length >= MIN_ITERATIONS && Arrays.stream(throughputs).allMatch(Double::isFinite)) {
                        cells.merge(new CellKey(e.run().bench(), e.run().variant(), threads),
                                new Cell(e.run().bench(), e.run().variant(), threads, beganSlow(throughputs) ? 1 : 0, 1),
                                Cell::plus);
                    }
                }
            }
        }
        return new ArrayList<>(cells.values());
    }

    private record CellKey(String bench, String variant, int threads) {
    }

    /** Whether the first of a fork's iteration throughputs is {@link #SLOW_FIRST} times below each of the others, or more. */
    static boolean beganSlow(double[] throughputs) {
        double slowestLater = Arrays.stream(throughputs, 1, throughputs.length).min().orElseThrow();
        return throughputs[0] * SLOW_FIRST <= slowestLater;
    }

    /** The report's line: the cells whose forks mostly began slow, or that none did. */
    static String describe(List<Cell> cells) {
        String what = String.format(Locale.ROOT, "Warm-up (a fork's first measured iteration %.1fx slower than each of"
                + " its others, or more)", SLOW_FIRST);
        if (cells.isEmpty()) {
            return what + String.format(Locale.ROOT, ": not judged, no fork with %d measured iterations or more", MIN_ITERATIONS);
        }
        List<Cell> warming = cells.stream().filter(Cell::mostBeganSlow).toList();
        if (warming.isEmpty()) {
            return what + String.format(Locale.ROOT, ": in no cell's majority of forks (%d cells judged)", cells.size());
        }
        return what + ": in most forks of " + warming.stream()
                .map(c -> String.format(Locale.ROOT, "%s %s at %d threads (%d of %d)", c.bench(), c.variant(), c.threads(),
                        c.slowForks(), c.judgedForks()))
                .collect(Collectors.joining(", "))
                + "; these began slower than they went on, as a lock still warming up does (or a machine in a slow"
                + " moment), which lowers their throughputs: if a rerun shows it again, raise the bench's warmupIterations"
                + " in the config";
    }
}

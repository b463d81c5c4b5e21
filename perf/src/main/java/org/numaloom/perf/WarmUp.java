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
 * at different speeds: on 2 cores, with two warm-up iterations of high contention, NUMA_MCS's and
 * CNA's first measured iterations took 185-214 ms against about 150 for the rest, while
 * {@code synchronized}, compiled into the JVM, had settled (docs/results.md, 2026-11-28). The run's
 * report names such cells, so that a config's warm-up too short for some lock (a user's too) does
 * not pass for that lock's speed.
 *
 * <p>The first iteration must be slower than each later one, not than their median: a warm-up's tail
 * makes the first the slowest, while a noisy host slows any iteration, and on 2 cores the median
 * rule named one to three cells of every {@code quick} run (one fork each) whose later iterations
 * were as slow at times. A fork with fewer than {@link #MIN_ITERATIONS} measured iterations is not
 * judged: with one later iteration, one slow iteration would decide. Noise can still name a cell;
 * the line says "may", and the cure is the same.
 */
final class WarmUp {
    /** How much slower than the median of the later iterations a fork's first one must be to count. */
    static final double SLOW_FIRST = 1.2;
    /** The fewest measured iterations in a fork for it to be judged. */
    static final int MIN_ITERATIONS = 3;

    /** A bench, variant and thread count, and how many of its judged forks began slow. */
    record Cell(String bench, String variant, int threads, int slowForks, int judgedForks) {
        boolean mostBeganSlow() {
            return 2 * slowForks > judgedForks;
        }
    }

    private WarmUp() {
    }

    /** Every cell with at least one judged fork, in the order of the runs. */
    static List<Cell> judge(List<Results.Executed> executed) {
        Map<List<Object>, int[]> counts = new LinkedHashMap<>();
        for (Results.Executed e : executed) {
            for (RunResult result : e.results()) {
                int threads = Integer.parseInt(result.getParams().getParam("threads"));
                for (BenchmarkResult fork : result.getBenchmarkResults()) {
                    double[] throughputs = e.run().iterationThroughputs(fork, threads).toArray();
                    if (throughputs.length >= MIN_ITERATIONS) {
                        int[] slowAndJudged = counts.computeIfAbsent(List.of(e.run().bench(), e.run().variant(), threads),
                                cell -> new int[2]);
                        slowAndJudged[0] += beganSlow(throughputs) ? 1 : 0;
                        slowAndJudged[1]++;
                    }
                }
            }
        }
        List<Cell> cells = new ArrayList<>();
        counts.forEach((cell, n) -> cells.add(new Cell((String) cell.get(0), (String) cell.get(1), (int) cell.get(2), n[0], n[1])));
        return cells;
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
            return what + String.format(Locale.ROOT, ": not judged, no fork measured %d iterations or more", MIN_ITERATIONS);
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

package org.numaloom.perf.report;

import org.numaloom.perf.config.Work;

/**
 * The throughput a bench would reach if its lock cost nothing beyond the work it guards, from which
 * a lock's efficiency (measured over ideal) follows. Two bounds, the lower of which is the ideal:
 *
 * <ul>
 * <li>serial: only one thread at a time can be inside, so at most one critical section's work per
 *     its duration: {@code inCpuTokens} tokens, plus one yield when {@code yieldInCrit};
 * <li>carriers: every item's work, outside and inside, needs a carrier, and only
 *     {@code min(threads, carriers)} of them can work at once.
 * </ul>
 *
 * For the text bench, whose critical sections are spread over many maps, the bound is the
 * sequential count's throughput times {@code min(threads, carriers)}: perfect scaling of the work.
 */
public final class Ideal {

    /** What one consumeCPU token and one lone virtual thread's yield cost, measured in the same run. */
    public record UnitCosts(double nanosPerToken, double nanosPerYield) {
    }

    private Ideal() {
    }

    /** Actions per second for the consumeCPU work at that thread count. */
    public static double consumeCpu(Work.ConsumeCpu work, UnitCosts costs, int threads, int carriers) {
        double inside = work.inCpuTokens() * costs.nanosPerToken() + (work.yieldInCrit() ? costs.nanosPerYield() : 0);
        double outside = work.beforeCpuTokens() * costs.nanosPerToken() + work.yieldsBefore() * costs.nanosPerYield();
        double serial = 1e9 / inside;
        double onCarriers = Math.min(threads, carriers) * 1e9 / (inside + outside);
        return Math.min(serial, onCarriers);
    }

    /** Lines per second for the text bench at that thread count. */
    public static double text(double sequentialLinesPerSecond, int threads, int carriers) {
        return sequentialLinesPerSecond * Math.min(threads, carriers);
    }
}

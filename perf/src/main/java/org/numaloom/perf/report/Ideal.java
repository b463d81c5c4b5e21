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
 *
 * <p>The short-section bench has no ideal, on purpose. Its critical section is a counter increment,
 * about a nanosecond, so "one section at a time" allows about a billion acquisitions per second,
 * and its outside work (a few xorshift steps) a few hundred million per carrier. Neither is what a
 * lock could reach: what limits this bench is the acquisition and the hand-over themselves (an
 * atomic on the lock word, the lock's and the counter's cache lines moving between cores, waking a
 * parked thread), which are what it measures and which no cost measured apart from the lock bounds.
 * An efficiency against the work alone would put every lock far below 1 and say nothing the ratios
 * to the baselines do not; its locks are compared by those ratios only.
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

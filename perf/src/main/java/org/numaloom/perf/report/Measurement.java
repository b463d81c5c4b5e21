package org.numaloom.perf.report;

import java.util.List;

/**
 * One bench, lock (or variant) and thread count, as measured: throughput with JMH's error, the
 * spread over iterations, the ideal throughput and the memory results where the bench has them.
 *
 * @param bench        the bench's id in the config
 * @param lock         the exclusion, or the variant where the bench measures none (the text bench's
 *                     {@code CONCURRENT_HASH_MAP} and {@code SEQUENTIAL}, the switch bench's
 *                     {@code VIRTUAL} and {@code PLATFORM})
 * @param throughput   units of work per second, over the mean time of one invocation (of all rounds'
 *                     forks where the bench has rounds)
 * @param unit         what it counts, e.g. {@code actions/s}
 * @param errorPercent JMH's error (half-width of the 99.9% confidence interval) relative to the
 *                     score, in percent; NaN when JMH could not compute one
 * @param spread       of the per-iteration throughputs
 * @param ideal        the throughput nothing but the work itself would allow; NaN where not known
 * @param residentBytesPerThread growth of the resident set per waiting thread; NaN if not measured
 * @param heapBytesPerThread     growth of the live heap per waiting thread; NaN if not measured
 * @param remoteHandoffFraction  of the acquisitions, those whose holder ran on another NUMA node than
 *                               the previous holder; NaN if not recorded (one node, or no exclusion)
 * @param roundThroughputs       the throughput of each round's forks alone, in round order, which the
 *                               per-round ratios of {@link Compared} divide; {@code [throughput]} for
 *                               one round
 */
public record Measurement(String bench, String lock, int threads, double throughput, String unit,
                          double errorPercent, Spread spread, double ideal, double residentBytesPerThread,
                          double heapBytesPerThread, double remoteHandoffFraction, List<Double> roundThroughputs) {

    public Measurement {
        roundThroughputs = List.copyOf(roundThroughputs);
    }

    /** A measurement of one round, with no ideal and no memory results. */
    public static Measurement of(String bench, String lock, int threads, double throughput, String unit,
                                 double errorPercent, Spread spread) {
        return new Measurement(bench, lock, threads, throughput, unit, errorPercent, spread, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, List.of(throughput));
    }

    /** Measured over ideal throughput: 1 is as fast as the work allows; NaN without an ideal. */
    public double efficiency() {
        return throughput / ideal;
    }

    public Measurement withIdeal(double ideal) {
        return new Measurement(bench, lock, threads, throughput, unit, errorPercent, spread, ideal,
                residentBytesPerThread, heapBytesPerThread, remoteHandoffFraction, roundThroughputs);
    }

    public Measurement withMemory(double residentBytesPerThread, double heapBytesPerThread) {
        return new Measurement(bench, lock, threads, throughput, unit, errorPercent, spread, ideal,
                residentBytesPerThread, heapBytesPerThread, remoteHandoffFraction, roundThroughputs);
    }

    public Measurement withRemoteHandoffFraction(double remoteHandoffFraction) {
        return new Measurement(bench, lock, threads, throughput, unit, errorPercent, spread, ideal,
                residentBytesPerThread, heapBytesPerThread, remoteHandoffFraction, roundThroughputs);
    }

    /** This measurement with the throughput of each of its rounds, in round order. */
    public Measurement withRounds(List<Double> roundThroughputs) {
        return new Measurement(bench, lock, threads, throughput, unit, errorPercent, spread, ideal,
                residentBytesPerThread, heapBytesPerThread, remoteHandoffFraction, roundThroughputs);
    }
}

package org.numaloom.perf;

import java.util.List;

/**
 * A {@link Throughput} beside the two baselines measured in the same run: its ratio to
 * {@value #UNFAIR_REENTRANT} (the JDK's default lock) and to {@value Exclusion#SYNCHRONIZED} (a
 * monitor, which since JDK 24 no longer pins a virtual thread's carrier).
 *
 * <p>A ratio above 1 means faster than the baseline. It is NaN when the baseline was not measured
 * for the same setting and thread count.
 */
record ComparedThroughput(Throughput throughput, double vsUnfairReentrant, double vsSynchronized) {
    static final String UNFAIR_REENTRANT = "UNFAIR_REENTRANT";

    /** The exclusions every run measures, whatever locks were asked for. */
    static final List<String> BASELINES = List.of(UNFAIR_REENTRANT, Exclusion.SYNCHRONIZED);

    /** Each of {@code measured}, compared with the baselines found among them. */
    static List<ComparedThroughput> compare(List<Throughput> measured) {
        return measured.stream()
                .map(t -> new ComparedThroughput(t, ratio(t, UNFAIR_REENTRANT, measured),
                        ratio(t, Exclusion.SYNCHRONIZED, measured)))
                .toList();
    }

    private static double ratio(Throughput t, String baseline, List<Throughput> measured) {
        return measured.stream()
                .filter(b -> b.setting() == t.setting() && b.threads() == t.threads() && b.lock().equals(baseline))
                .findFirst()
                .map(b -> t.actionsPerSecond() / b.actionsPerSecond())
                .orElse(Double.NaN);
    }
}

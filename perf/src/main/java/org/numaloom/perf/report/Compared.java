package org.numaloom.perf.report;

import java.util.List;

import org.numaloom.perf.bench.Exclusion;

/**
 * A {@link Measurement} beside two baselines of the same bench and thread count, measured in the
 * same run: its throughput ratio to {@value Exclusion#UNFAIR_REENTRANT} (the JDK's default lock) and
 * to {@value Exclusion#SYNCHRONIZED} (a monitor, which since JDK 24 no longer pins a virtual thread's
 * carrier). Above 1 is faster than the baseline; NaN when that baseline was not measured.
 */
public record Compared(Measurement measurement, double vsUnfairReentrant, double vsSynchronized) {

    /** Each of {@code measured}, compared with the baselines found among them. */
    public static List<Compared> compare(List<Measurement> measured) {
        return measured.stream()
                .map(m -> new Compared(m, ratio(m, Exclusion.UNFAIR_REENTRANT, measured),
                        ratio(m, Exclusion.SYNCHRONIZED, measured)))
                .toList();
    }

    private static double ratio(Measurement m, String baseline, List<Measurement> measured) {
        return measured.stream()
                .filter(b -> b.bench().equals(m.bench()) && b.threads() == m.threads() && b.lock().equals(baseline))
                .findFirst()
                .map(b -> m.throughput() / b.throughput())
                .orElse(Double.NaN);
    }
}

package org.numaloom.perf.report;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.DoubleBinaryOperator;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.numaloom.perf.bench.Exclusion;
import org.numaloom.perf.config.BenchSpec;

/**
 * A {@link Measurement} beside two baselines of the same bench and thread count, measured in the
 * same run: its throughput ratio to {@value Exclusion#UNFAIR_REENTRANT} (the JDK's default lock) and
 * to {@value Exclusion#SYNCHRONIZED} (a monitor, which since JDK 24 no longer pins a virtual thread's
 * carrier). Above 1 is faster than the baseline; NaN when that baseline was not measured.
 *
 * <p>A ratio is taken round by round, the lock's forks of a round against the baseline's forks of
 * the same round, which ran minutes apart at most, and the ratio the tables and the gate use is the
 * median of those rounds' ratios. A drift of the machine's load over a bench then moves both sides
 * of every round's ratio, and a burst that hits one fork moves one round's ratio, not the median;
 * the ratio of the pooled throughputs has neither defence. With one round both are the same. This is
 * the only place ratios are computed.
 *
 * @param baselineLabel the variant label of the baselines its ratios are to, {@code @c130} where
 *                      they are {@code UNFAIR_REENTRANT@c130} and {@code SYNCHRONIZED@c130}
 *                      ({@link BenchSpec#ratioBaselinesOf}); empty where they are the JDK locks
 *                      themselves
 */
public record Compared(Measurement measurement, Ratio toUnfairReentrant, Ratio toSynchronized, String baselineLabel) {
    /** The baseline that is, in each round, the faster of the two JDK locks. */
    public static final String BEST_JDK = "BEST_JDK";
    /** Every baseline {@link #to} takes a ratio to: {@link Exclusion#RATIO_BASELINES}, then {@value #BEST_JDK}. */
    public static final List<String> RATIO_TARGETS =
            Stream.concat(Exclusion.RATIO_BASELINES.stream(), Stream.of(BEST_JDK)).toList();

    /**
     * A lock's ratios to one baseline at one thread count, one per round in round order (NaN for a
     * round where either side's run failed); none where the baseline was not measured.
     */
    public record Ratio(List<Double> perRound) {
        static final Ratio NONE = new Ratio(List.of());

        public Ratio {
            perRound = List.copyOf(perRound);
        }

        /** The median of the rounds' ratios (of the middle two, their mean), failed rounds aside; NaN if there is none. */
        public double median() {
            double[] sorted = perRound.stream().mapToDouble(Double::doubleValue).filter(r -> !Double.isNaN(r)).sorted()
                    .toArray();
            int n = sorted.length;
            return n == 0 ? Double.NaN : (sorted[(n - 1) / 2] + sorted[n / 2]) / 2;
        }

        /** {@code 0.91}, or with rounds {@code 0.91 (median of 0.85, 1.02, 0.91)}, the rounds in order. */
        public String describe() {
            String median = String.format(Locale.ROOT, "%.2f", median());
            return perRound.size() < 2 ? median : median + " (median of " + perRound.stream()
                    .map(r -> Double.isNaN(r) ? "failed" : String.format(Locale.ROOT, "%.2f", r))
                    .collect(Collectors.joining(", ")) + ")";
        }
    }

    /**
     * What follows each of its ratios in the tables: {@code " (@c130)"} where they are to the
     * baselines' variants of that label, since the columns name the baselines themselves; empty
     * otherwise.
     */
    public String baselineMark() {
        return baselineLabel.isEmpty() ? "" : " (" + baselineLabel + ")";
    }

    /** The median ratio to {@value Exclusion#UNFAIR_REENTRANT}. */
    public double vsUnfairReentrant() {
        return toUnfairReentrant.median();
    }

    /** The median ratio to {@value Exclusion#SYNCHRONIZED}. */
    public double vsSynchronized() {
        return toSynchronized.median();
    }

    /**
     * The ratio to {@value Exclusion#UNFAIR_REENTRANT}, {@value Exclusion#SYNCHRONIZED} or
     * {@value #BEST_JDK}: in each round, to whichever of the two was faster in that round (the lower
     * of the two ratios), the lock a user would pick instead of ours; none if either is missing.
     *
     * @throws IllegalArgumentException for any other baseline
     */
    public Ratio to(String baseline) {
        return switch (baseline) {
            case Exclusion.UNFAIR_REENTRANT -> toUnfairReentrant;
            case Exclusion.SYNCHRONIZED -> toSynchronized;
            case BEST_JDK -> new Ratio(roundByRound(toUnfairReentrant.perRound(), toSynchronized.perRound(), Math::min));
            default -> throw new IllegalArgumentException("no ratio to '" + baseline + "'; expected one of "
                    + String.join(", ", RATIO_TARGETS));
        };
    }

    /**
     * Each of {@code measured}, compared with the baselines found among them ({@link BenchSpec#ratioBaselinesOf}),
     * taking the locks measured as the locks each bench ran: right when no run failed.
     */
    public static List<Compared> compare(List<Measurement> measured) {
        return compare(measured, bench -> measured.stream().filter(m -> m.bench().equals(bench)).map(Measurement::lock)
                .collect(Collectors.toSet()));
    }

    /**
     * Each of {@code measured}, compared with its baselines ({@link BenchSpec#ratioBaselinesOf}).
     *
     * @param locksOf the locks a bench measures, by its id, as its config lists them: which baselines
     *                a variant is compared with follows from what the bench ran, not from which of its
     *                runs succeeded
     */
    public static List<Compared> compare(List<Measurement> measured, Function<String, Set<String>> locksOf) {
        return measured.stream()
                .map(m -> {
                    List<String> baselines = BenchSpec.ratioBaselinesOf(m.lock(), locksOf.apply(m.bench()));
                    return new Compared(m, ratio(m, baselines.get(0), measured), ratio(m, baselines.get(1), measured),
                            BenchSpec.labelOf(baselines.get(0)));
                })
                .toList();
    }

    private static Ratio ratio(Measurement m, String baseline, List<Measurement> measured) {
        return measured.stream()
                .filter(b -> b.bench().equals(m.bench()) && b.threads() == m.threads() && b.lock().equals(baseline))
                .findFirst()
                .map(b -> new Ratio(roundByRound(m.roundThroughputs(), b.roundThroughputs(), (lock, base) -> lock / base)))
                .orElse(Ratio.NONE);
    }

    /** Round by round, {@code op} of the two; empty unless both have as many rounds. */
    private static List<Double> roundByRound(List<Double> a, List<Double> b, DoubleBinaryOperator op) {
        if (a.size() != b.size()) {
            return List.of();
        }
        return IntStream.range(0, a.size()).mapToObj(i -> op.applyAsDouble(a.get(i), b.get(i))).toList();
    }
}

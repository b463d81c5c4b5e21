package org.numaloom.perf.report;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.numaloom.perf.bench.Exclusion;

/**
 * The performance gate: minimum throughput ratios of locks to a baseline measured in the same run,
 * never absolute times, which no two machines share, and maximum remote hand-off fractions. A
 * thresholds file has one line per check:
 *
 * <pre>
 * # bench            lock      measure                  limit  how it was set (required)
 * high-contention    NUMA_MCS  UNFAIR_REENTRANT         0.85   measured 1.08-1.12 in 3 runs; 20% margin
 * short-section      NUMA_MCS  remote_handoff_fraction  0.10   measured 0.00-0.02 in 4 runs; the issue's goal
 * </pre>
 *
 * A ratio check compares the geometric mean of the lock's ratios over the bench's thread counts, which
 * is steadier than any single thread count on a noisy machine and still falls when the lock loses
 * at most of them. The ratio at a thread count is {@link Compared}'s: where the bench has rounds, the
 * median of the rounds' ratios, each a lock's fork against its baseline's fork of the same round.
 * The baseline is {@value Exclusion#UNFAIR_REENTRANT}, {@value Exclusion#SYNCHRONIZED} or
 * {@value #BEST_JDK}: in each round, whichever of the two led there, the lock a user would pick
 * instead of ours for that workload; the limit is the least ratio that passes.
 *
 * <p>A locality check ({@value ResultCsv#REMOTE_HANDOFF_FRACTION}) takes the worst, the highest,
 * of the lock's fractions over the bench's thread counts, and the limit is the most that passes: a
 * NUMA-aware lock must keep the lock on its node at every thread count. Fractions are recorded only
 * under a topology of several nodes, so such a gate runs with {@code --topology}.
 *
 * <p>A lock, baseline or fraction missing from the results fails the check: a gate that passes
 * because nothing was measured proves nothing.
 */
public final class Gate {
    /** The baseline that is, in each round at each thread count, the faster of the two JDK locks. */
    public static final String BEST_JDK = Compared.BEST_JDK;
    /** The measure of a locality check, named as in {@code results.csv}. */
    public static final String REMOTE_HANDOFF_FRACTION = ResultCsv.REMOTE_HANDOFF_FRACTION;
    private static final List<String> MEASURES =
            Stream.concat(Compared.RATIO_TARGETS.stream(), Stream.of(REMOTE_HANDOFF_FRACTION)).toList();

    /**
     * One line of the thresholds file.
     *
     * @param measure a baseline, for a ratio check, or {@value #REMOTE_HANDOFF_FRACTION}
     * @param limit   the least ratio, or the most remote hand-off fraction, that passes
     */
    public record Threshold(String bench, String lock, String measure, double limit, String reason) {
        boolean isLocality() {
            return measure.equals(REMOTE_HANDOFF_FRACTION);
        }

        boolean passes(double value) {
            return isLocality() ? value <= limit : value >= limit;
        }
    }

    /**
     * The outcome of one threshold.
     *
     * @param value the ratio or the fraction checked; NaN if not measured
     */
    public record Verdict(Threshold threshold, double value, boolean passed, String detail) {
        private static final int MOST_DIGITS = 6;

        public String describe() {
            Threshold t = threshold;
            String checked = t.isLocality() ? t.measure() : "vs " + t.measure();
            int digits = Double.isNaN(value) ? 2 : digitsApart(value, t.limit());
            String measured = Double.isNaN(value) ? "not measured" : String.format(Locale.ROOT, "%." + digits + "f", value);
            return String.format(Locale.ROOT, "%s %s %s %s: %s, %s %." + digits + "f (%s)", passed ? "PASS" : "FAIL",
                    t.bench(), t.lock(), checked, measured, t.isLocality() ? "maximum" : "minimum", t.limit(), detail);
        }

        /**
         * The decimals to show a value and its limit with: two, or the limit's own (a limit of 0.955
         * must not read 0.96), or as many more (up to {@value #MOST_DIGITS}) as it takes for a value
         * not to read as a limit it differs from (a failed 0.7496 against 0.75 must not say 0.75).
         */
        private static int digitsApart(double value, double limit) {
            int digits = Math.max(2, Math.min(MOST_DIGITS, BigDecimal.valueOf(limit).stripTrailingZeros().scale()));
            while (value != limit && digits < MOST_DIGITS && String.format(Locale.ROOT, "%." + digits + "f", value)
                    .equals(String.format(Locale.ROOT, "%." + digits + "f", limit))) {
                digits++;
            }
            return digits;
        }
    }

    private Gate() {
    }

    /**
     * Reads a thresholds file.
     *
     * @throws IllegalArgumentException naming the file and line, for a malformed line or a measure
     *     that is none of {@value Exclusion#UNFAIR_REENTRANT}, {@value Exclusion#SYNCHRONIZED},
     *     {@value #BEST_JDK} and {@value #REMOTE_HANDOFF_FRACTION}; naming the file, if it is not
     *     one (missing, or a directory)
     */
    public static List<Threshold> read(Path file) throws IOException {
        if (!Files.exists(file) || Files.isDirectory(file)) { // a pipe (--gate <(...)) reads as a file
            throw new IllegalArgumentException("--gate " + file + ": " + (Files.isDirectory(file) ? "a directory" : "no such file")
                    + "; name a thresholds file, such as ci/perf-thresholds.txt");
        }
        List<String> lines = Files.readAllLines(file);
        List<Threshold> thresholds = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                thresholds.add(parse(line, file + ":" + (i + 1)));
            }
        }
        if (thresholds.isEmpty()) {
            throw new IllegalArgumentException(file + ": no threshold; expected lines of: bench lock measure limit reason");
        }
        return thresholds;
    }

    static Threshold parse(String line, String where) {
        String[] words = line.split("\\s+", 5);
        if (words.length < 5) {
            throw new IllegalArgumentException(where + ": expected 'bench lock measure limit how-it-was-set', got '"
                    + line + "'");
        }
        if (!MEASURES.contains(words[2])) {
            throw new IllegalArgumentException(where + ": measure '" + words[2] + "' is not one the gate checks; expected a"
                    + " baseline (" + String.join(", ", Compared.RATIO_TARGETS) + ") or "
                    + REMOTE_HANDOFF_FRACTION);
        }
        double limit;
        try {
            limit = Double.parseDouble(words[3]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": limit '" + words[3] + "' is not a number, e.g. 0.85");
        }
        return new Threshold(words[0], words[1], words[2], limit, words[4]);
    }

    /** Each threshold checked against the run's compared measurements. */
    public static List<Verdict> check(List<Threshold> thresholds, List<Compared> rows) {
        return thresholds.stream().map(t -> check(t, rows)).toList();
    }

    private static Verdict check(Threshold t, List<Compared> rows) {
        List<Compared> ofLock = rows.stream()
                .filter(r -> r.measurement().bench().equals(t.bench()) && r.measurement().lock().equals(t.lock()))
                .toList();
        return t.isLocality() ? checkLocality(t, ofLock) : checkRatio(t, ofLock);
    }

    private static Verdict checkRatio(Threshold t, List<Compared> ofLock) {
        List<Compared.Ratio> ratios = ofLock.stream().map(r -> r.to(t.measure())).toList();
        String label = ofLock.isEmpty() ? "" : ofLock.get(0).baselineLabel(); // one per lock and bench: it follows from the bench's locks
        String toVariants = label.isEmpty() ? "" : ", to the baselines' variants " + label;
        if (ratios.isEmpty() || ratios.stream().anyMatch(r -> Double.isNaN(r.median()))) {
            return new Verdict(t, Double.NaN, false, "bench, lock or baseline missing from this run's results" + toVariants);
        }
        double mean = Math.exp(ratios.stream().mapToDouble(r -> Math.log(r.median())).average().orElseThrow());
        String detail = "geometric mean of " + ratios.stream().map(Compared.Ratio::describe)
                .collect(Collectors.joining(", ")) + " at threads " + threadsOf(ofLock) + toVariants;
        return new Verdict(t, mean, t.passes(mean), detail);
    }

    private static Verdict checkLocality(Threshold t, List<Compared> ofLock) {
        double[] fractions = ofLock.stream().mapToDouble(r -> r.measurement().remoteHandoffFraction()).toArray();
        if (fractions.length == 0) {
            return new Verdict(t, Double.NaN, false, "bench or lock missing from this run's results");
        }
        if (Arrays.stream(fractions).anyMatch(Double::isNaN)) {
            return new Verdict(t, Double.NaN, false, "no hand-offs recorded: fractions are recorded only under a topology"
                    + " of 2 or more nodes; run with --topology, e.g. --topology \"2 nodes x 1 cpus\" --pin carriers");
        }
        double worst = Arrays.stream(fractions).max().orElseThrow();
        String detail = "worst of " + Arrays.stream(fractions).mapToObj(f -> String.format(Locale.ROOT, "%.3f", f))
                .collect(Collectors.joining(", ")) + " at threads " + threadsOf(ofLock);
        return new Verdict(t, worst, t.passes(worst), detail);
    }

    private static String threadsOf(List<Compared> ofLock) {
        return ofLock.stream().map(r -> String.valueOf(r.measurement().threads())).collect(Collectors.joining(", "));
    }
}

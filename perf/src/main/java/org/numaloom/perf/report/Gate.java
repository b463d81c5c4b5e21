package org.numaloom.perf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.numaloom.perf.bench.Exclusion;

/**
 * The performance gate: minimum throughput ratios of locks to a baseline measured in the same run,
 * never absolute times, which no two machines share. A thresholds file has one line per check:
 *
 * <pre>
 * # bench            lock      baseline          min_ratio  how it was set (required)
 * high-contention    NUMA_MCS  UNFAIR_REENTRANT  0.85       measured 1.08-1.12 in 3 runs; 20% margin
 * </pre>
 *
 * A check compares the geometric mean of the lock's ratios over the bench's thread counts, which
 * is steadier than any single thread count on a noisy machine and still falls when the lock loses
 * at most of them. The ratio at a thread count is {@link Compared}'s: where the bench has rounds, the
 * median of the rounds' ratios, each a lock's fork against its baseline's fork of the same round.
 * The baseline is {@value Exclusion#UNFAIR_REENTRANT}, {@value Exclusion#SYNCHRONIZED} or
 * {@value #BEST_JDK}: in each round, whichever of the two led there, the lock a user would pick
 * instead of ours for that workload. A lock or baseline missing from the results fails the check: a
 * gate that passes because nothing was measured proves nothing.
 */
public final class Gate {
    /** The baseline that is, in each round at each thread count, the faster of the two JDK locks. */
    public static final String BEST_JDK = Compared.BEST_JDK;
    private static final List<String> BASELINES = List.of(Exclusion.UNFAIR_REENTRANT, Exclusion.SYNCHRONIZED, BEST_JDK);

    /** One line of the thresholds file. */
    public record Threshold(String bench, String lock, String baseline, double minRatio, String reason) {
    }

    /** The outcome of one threshold. */
    public record Verdict(Threshold threshold, double ratio, boolean passed, String detail) {
        public String describe() {
            Threshold t = threshold;
            return String.format(Locale.ROOT, "%s %s %s vs %s: %s, minimum %.2f (%s)", passed ? "PASS" : "FAIL",
                    t.bench(), t.lock(), t.baseline(), Double.isNaN(ratio) ? "not measured"
                            : String.format(Locale.ROOT, "%.2f", ratio), t.minRatio(), detail);
        }
    }

    private Gate() {
    }

    /**
     * Reads a thresholds file.
     *
     * @throws IllegalArgumentException naming the file and line, for a malformed line or a baseline
     *     that is none of {@value Exclusion#UNFAIR_REENTRANT}, {@value Exclusion#SYNCHRONIZED} and
     *     {@value #BEST_JDK}
     */
    public static List<Threshold> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<Threshold> thresholds = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                thresholds.add(parse(line, file + ":" + (i + 1)));
            }
        }
        if (thresholds.isEmpty()) {
            throw new IllegalArgumentException(file + ": no threshold; expected lines of: bench lock baseline min_ratio reason");
        }
        return thresholds;
    }

    static Threshold parse(String line, String where) {
        String[] words = line.split("\\s+", 5);
        if (words.length < 5) {
            throw new IllegalArgumentException(where + ": expected 'bench lock baseline min_ratio how-it-was-set', got '"
                    + line + "'");
        }
        if (!BASELINES.contains(words[2])) {
            throw new IllegalArgumentException(where + ": baseline '" + words[2] + "' is not one the runs compare with; expected "
                    + String.join(", ", BASELINES));
        }
        double minRatio;
        try {
            minRatio = Double.parseDouble(words[3]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": min_ratio '" + words[3] + "' is not a number, e.g. 0.85");
        }
        return new Threshold(words[0], words[1], words[2], minRatio, words[4]);
    }

    /** Each threshold checked against the run's compared measurements. */
    public static List<Verdict> check(List<Threshold> thresholds, List<Compared> rows) {
        return thresholds.stream().map(t -> check(t, rows)).toList();
    }

    private static Verdict check(Threshold t, List<Compared> rows) {
        List<Compared> ofLock = rows.stream()
                .filter(r -> r.measurement().bench().equals(t.bench()) && r.measurement().lock().equals(t.lock()))
                .toList();
        List<Compared.Ratio> ratios = ofLock.stream().map(r -> r.to(t.baseline())).toList();
        if (ratios.isEmpty() || ratios.stream().anyMatch(r -> Double.isNaN(r.median()))) {
            return new Verdict(t, Double.NaN, false, "bench, lock or baseline missing from this run's results");
        }
        double mean = Math.exp(ratios.stream().mapToDouble(r -> Math.log(r.median())).average().orElseThrow());
        String detail = "geometric mean of " + ratios.stream().map(Compared.Ratio::describe)
                .collect(Collectors.joining(", ")) + " at threads " + ofLock.stream()
                .map(r -> String.valueOf(r.measurement().threads())).collect(Collectors.joining(", "));
        return new Verdict(t, mean, mean >= t.minRatio(), detail);
    }
}

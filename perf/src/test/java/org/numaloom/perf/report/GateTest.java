package org.numaloom.perf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.config.BenchSpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GateTest {
    private static final double EPSILON = 1e-9;
    private static final Spread NONE = Spread.of();

    /** NUMA_MCS at 1.21x and 0.75x of UNFAIR_REENTRANT (geometric mean 0.9526...), 0.5x of SYNCHRONIZED. */
    private static final List<Compared> ROWS = Compared.compare(List.of(
            measurement("NUMA_MCS", 2, 1.21), measurement("UNFAIR_REENTRANT", 2, 1.0), measurement("SYNCHRONIZED", 2, 2.42),
            measurement("NUMA_MCS", 64, 0.75), measurement("UNFAIR_REENTRANT", 64, 1.0), measurement("SYNCHRONIZED", 64, 1.5)));

    /** The CI gate's thresholds read, and each names a bench and a lock that its gate config measures. */
    @ParameterizedTest
    @CsvSource({"../ci/perf-thresholds.txt, ../ci/perf-gate.json", "../ci/locality-thresholds.txt, ../ci/locality-gate.json"})
    void theCiThresholdsNameWhatTheirGateConfigMeasures(Path thresholds, Path config) throws IOException {
        List<BenchSpec> benches = BenchConfig.read(config).benches();
        for (Gate.Threshold threshold : Gate.read(thresholds)) {
            assertTrue(benches.stream().anyMatch(bench -> bench.id().equals(threshold.bench())
                            && bench.locks().contains(threshold.lock())),
                    thresholds + ": " + threshold.bench() + " " + threshold.lock() + " is not measured by " + config);
        }
    }

    @Test
    void passesAtOrAboveTheGeometricMean() {
        Gate.Verdict verdict = only(Gate.check(List.of(threshold("UNFAIR_REENTRANT", 0.95)), ROWS));
        assertTrue(verdict.passed(), verdict.describe());
        assertEquals(Math.sqrt(1.21 * 0.75), verdict.value(), EPSILON);
        assertEquals("PASS high NUMA_MCS vs UNFAIR_REENTRANT: 0.953, minimum 0.950 (geometric mean of 1.21, 0.75 at threads 2, 64)",
                verdict.describe());
    }

    /** A value near its limit does not read as the limit, nor the limit as another: the digits that tell them apart. */
    @Test
    void aValueNearItsLimitIsShownWithTheDigitsThatTellThemApart() {
        Gate.Verdict justUnder = only(Gate.check(List.of(threshold("UNFAIR_REENTRANT", 0.9527)), ROWS));
        assertFalse(justUnder.passed());
        assertTrue(justUnder.describe().startsWith("FAIL high NUMA_MCS vs UNFAIR_REENTRANT: 0.9526, minimum 0.9527 ("),
                justUnder.describe());
        Gate.Verdict threeDigitLimit = only(Gate.check(List.of(threshold("UNFAIR_REENTRANT", 0.955)), ROWS));
        assertTrue(threeDigitLimit.describe().startsWith("FAIL high NUMA_MCS vs UNFAIR_REENTRANT: 0.953, minimum 0.955 ("),
                threeDigitLimit.describe());
    }

    @Test
    void failsBelowIt() {
        Gate.Verdict verdict = only(Gate.check(List.of(threshold("SYNCHRONIZED", 0.6)), ROWS));
        assertFalse(verdict.passed());
        assertEquals(0.5, verdict.value(), EPSILON);
        assertTrue(verdict.describe().startsWith("FAIL high NUMA_MCS vs SYNCHRONIZED: 0.50, minimum 0.60"));
    }

    /** UNFAIR_REENTRANT leads at 2 threads, SYNCHRONIZED at 64: each is the baseline where it leads. */
    @Test
    void theBestJdkBaselineIsTheLeaderAtEachThreadCount() {
        List<Compared> rows = Compared.compare(List.of(
                measurement("NUMA_MCS", 2, 1.0), measurement("UNFAIR_REENTRANT", 2, 2.0), measurement("SYNCHRONIZED", 2, 0.5),
                measurement("NUMA_MCS", 64, 1.0), measurement("UNFAIR_REENTRANT", 64, 0.5), measurement("SYNCHRONIZED", 64, 4.0)));
        Gate.Verdict verdict = only(Gate.check(List.of(threshold(Gate.BEST_JDK, 0.35)), rows));
        assertEquals(Math.sqrt(0.5 * 0.25), verdict.value(), 1e-9, "0.5x of UNFAIR at 2 threads, 0.25x of SYNCHRONIZED at 64");
        assertTrue(verdict.passed());
    }

    /**
     * Pooled, NUMA_MCS ran at 1.8x of either JDK lock; round by round it tied the leader twice (see
     * ResultsTest): the gate takes the median of the rounds, 1.00, and fails at 1.5.
     */
    @Test
    void failsWhenTheMedianOfTheRoundsIsBelowThoughThePooledRatioIsAbove() {
        List<Compared> rows = Compared.compare(List.of(ResultsTest.rounds("NUMA_MCS", 3, 3, 3, 3),
                ResultsTest.rounds("UNFAIR_REENTRANT", 5.0 / 3, 3, 1, 1), ResultsTest.rounds("SYNCHRONIZED", 5.0 / 3, 1, 3, 1)));
        Gate.Verdict verdict = only(Gate.check(List.of(threshold(Gate.BEST_JDK, 1.5)), rows));
        assertFalse(verdict.passed());
        assertEquals(1.0, verdict.value(), EPSILON);
        assertEquals("FAIL high NUMA_MCS vs BEST_JDK: 1.00, minimum 1.50 (geometric mean of 1.00 (median of 1.00, 1.00, 3.00) "
                + "at threads 2)", verdict.describe());
        assertTrue(only(Gate.check(List.of(threshold(Gate.BEST_JDK, 1.0)), rows)).passed(), "at the threshold it passes");
    }

    /** A threshold on a variant compared with the baselines' variants of its label says which baselines it read. */
    @Test
    void aVerdictOnAVariantNamesTheBaselinesVariants() {
        List<Compared> rows = Compared.compare(List.of(ResultsTest.rounds("NUMA_MCS@c130", 2, 2),
                ResultsTest.rounds("UNFAIR_REENTRANT@c130", 1, 1), ResultsTest.rounds("SYNCHRONIZED@c130", 1, 1)));
        Gate.Verdict verdict = only(Gate.check(List.of(new Gate.Threshold("high", "NUMA_MCS@c130", "SYNCHRONIZED", 1.5,
                "why")), rows));
        assertEquals("PASS high NUMA_MCS@c130 vs SYNCHRONIZED: 2.00, minimum 1.50 (geometric mean of 2.00 at threads 2, "
                + "to the baselines' variants @c130)", verdict.describe());
        List<Compared> failedBaseline = Compared.compare(List.of(ResultsTest.rounds("NUMA_MCS@c130", 2, 2),
                ResultsTest.rounds("UNFAIR_REENTRANT@c130", 1, 1)), bench -> Set.of("NUMA_MCS@c130", "UNFAIR_REENTRANT@c130",
                "SYNCHRONIZED@c130"));
        assertTrue(only(Gate.check(List.of(new Gate.Threshold("high", "NUMA_MCS@c130", "SYNCHRONIZED", 1.5, "why")),
                failedBaseline)).describe().endsWith("(bench, lock or baseline missing from this run's results, to the"
                + " baselines' variants @c130)"), "a missing labelled baseline is named as such");
    }

    @Test
    void failsWhenTheLockWasNotMeasured() {
        Gate.Verdict verdict = only(Gate.check(List.of(new Gate.Threshold("high", "MCS", "SYNCHRONIZED", 0.1, "why")), ROWS));
        assertFalse(verdict.passed());
        assertTrue(verdict.describe().contains("not measured"), verdict.describe());
    }

    /** The worst fraction over the thread counts is checked, and it passes at most at the limit. */
    @Test
    void theLocalityCheckTakesTheWorstThreadCount() {
        List<Compared> rows = Compared.compare(List.of(
                measurement("NUMA_MCS", 2, 1.0).withRemoteHandoffFraction(0.02),
                measurement("NUMA_MCS", 16, 1.0).withRemoteHandoffFraction(0.12)));
        Gate.Verdict failed = only(Gate.check(List.of(locality(0.10)), rows));
        assertFalse(failed.passed(), "0.12 at 16 threads is above 0.10 though 2 threads' 0.02 is far below");
        assertEquals("FAIL high NUMA_MCS remote_handoff_fraction: 0.12, maximum 0.10 (worst of 0.020, 0.120 at threads 2, 16)",
                failed.describe());
        assertTrue(only(Gate.check(List.of(locality(0.12)), rows)).passed(), "at the limit it passes");
    }

    /** On one node nothing is recorded: the check fails and says how to run it. */
    @Test
    void theLocalityCheckFailsWhereNoHandOffWasRecorded() {
        Gate.Verdict verdict = only(Gate.check(List.of(locality(0.10)), ROWS));
        assertFalse(verdict.passed());
        assertTrue(verdict.describe().contains("not measured") && verdict.describe().contains("--topology"),
                verdict.describe());
    }

    @Test
    void readsLinesAndSkipsComments(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("t.txt"), """
                # bench lock baseline min_ratio why
                
                high  NUMA_MCS  UNFAIR_REENTRANT  0.85   measured 1.10 on 3 runs; 20% margin
                short NUMA_MCS  remote_handoff_fraction 0.10 the issue's goal
                """);
        assertEquals(List.of(new Gate.Threshold("high", "NUMA_MCS", "UNFAIR_REENTRANT", 0.85, "measured 1.10 on 3 runs; 20% margin"),
                        new Gate.Threshold("short", "NUMA_MCS", "remote_handoff_fraction", 0.10, "the issue's goal")),
                Gate.read(file));
    }

    @Test
    void everyThresholdNeedsItsReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Gate.parse("high NUMA_MCS UNFAIR_REENTRANT 0.85", "t.txt:3"));
        assertEquals("t.txt:3: expected 'bench lock measure limit how-it-was-set', got 'high NUMA_MCS UNFAIR_REENTRANT 0.85'",
                e.getMessage());
    }

    @Test
    void badBaselineOrRatio() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Gate.parse("high NUMA_MCS MCS 0.85 why", "t:1"))
                .getMessage().contains("measure 'MCS' is not one the gate checks; expected a baseline (UNFAIR_REENTRANT,"
                        + " SYNCHRONIZED, BEST_JDK) or remote_handoff_fraction"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> Gate.parse("high NUMA_MCS SYNCHRONIZED x why", "t:1")).getMessage().contains("'x' is not a number"));
    }

    @Test
    void emptyFile(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("t.txt"), "# nothing\n");
        assertThrows(IllegalArgumentException.class, () -> Gate.read(file));
    }

    private static Gate.Threshold threshold(String baseline, double minRatio) {
        return new Gate.Threshold("high", "NUMA_MCS", baseline, minRatio, "test");
    }

    private static Gate.Threshold locality(double maxFraction) {
        return new Gate.Threshold("high", "NUMA_MCS", Gate.REMOTE_HANDOFF_FRACTION, maxFraction, "test");
    }

    private static Gate.Verdict only(List<Gate.Verdict> verdicts) {
        assertEquals(1, verdicts.size());
        return verdicts.get(0);
    }

    private static Measurement measurement(String lock, int threads, double throughput) {
        return Measurement.of("high", lock, threads, throughput, "actions/s", 1, NONE);
    }

    /** A thresholds file that is missing, or a directory, is named as such (before: "bench: Is a directory"). */
    @Test
    void aThresholdsFileThatIsNoneIsNamed(@TempDir Path dir) {
        Path missing = dir.resolve("thresholds.txt");
        assertEquals("--gate " + missing + ": no such file; name a thresholds file, such as ci/perf-thresholds.txt",
                assertThrows(IllegalArgumentException.class, () -> Gate.read(missing)).getMessage());
        assertEquals("--gate " + dir + ": a directory; name a thresholds file, such as ci/perf-thresholds.txt",
                assertThrows(IllegalArgumentException.class, () -> Gate.read(dir)).getMessage());
    }
}

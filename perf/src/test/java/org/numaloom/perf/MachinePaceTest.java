package org.numaloom.perf;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MachinePaceTest {
    private static final String WHAT = "Machine pace (100,000 yields of a virtual thread, timed by the runner before and"
            + " after each JMH run, best of 2)";

    @Test
    void probesWithinTheToleranceOfTheMedianNameNoRun() {
        assertEquals(WHAT + ": median 60.0 ms, 50.0 to 74.0, no probe 1.5x the median or more", MachinePace.describe(List.of(
                pace("a", 50, 74), pace("b", 74, 60))));
    }

    /** A probe between two runs stands for the end of the one and the beginning of the other: both are named. */
    @Test
    void aSlowProbeNamesTheRunThatEndedWithItAndTheOneThatBeganWithIt() {
        List<MachinePace.RunPace> paces = List.of(pace("a", 50, 52), pace("b", 52, 78), pace("c", 78, 51), pace("d", 51, 50));

        assertEquals(List.of(paces.get(1), paces.get(2)), MachinePace.slowRuns(paces));
        assertEquals(WHAT + ": median 51.0 ms, 50.0 to 78.0; the machine ran slow (a probe 1.5x the median or more) next to b"
                + " (52.0, 78.0 ms), c (78.0, 51.0 ms); these runs may have been measured in part on a slower machine than the"
                + " others, and their rounds' ratios may show that rather than the locks: rerun, or compare the rounds they are"
                + " not in", MachinePace.describe(paces));
    }

    /**
     * A yield costs less while the other CPU is busy: against one such fast probe the ordinary ones
     * would look slow; against the median they do not.
     */
    @Test
    void aFastProbeDoesNotMakeTheOrdinaryOnesSlow() {
        List<MachinePace.RunPace> paces = List.of(pace("a", 26, 27), pace("b", 27, 14), pace("c", 14, 26), pace("d", 26, 28));

        assertEquals(List.of(), MachinePace.slowRuns(paces));
    }

    /** The median counts each probe once: a run's "after" is the next one's "before". */
    @Test
    void theMedianIsOfTheProbesNotOfTheirPairs() {
        assertEquals(50.0, MachinePace.median(List.of(pace("a", 50, 10), pace("b", 10, 60))), 1e-9, "of 50, 10, 60, not of 50, 10, 10, 60");
        assertEquals(35.0, MachinePace.median(List.of(pace("a", 10, 30), pace("b", 30, 40), pace("c", 40, 50))), 1e-9);
    }

    @Test
    void aProbeOfOneAndAHalfTimesTheMedianIsSlow() {
        List<MachinePace.RunPace> atTheBound = List.of(pace("a", 50, 50), pace("b", 50, 75), pace("c", 75, 50), pace("d", 50, 50));
        List<MachinePace.RunPace> belowIt = List.of(pace("a", 50, 50), pace("b", 50, 74.9), pace("c", 74.9, 50), pace("d", 50, 50));

        assertEquals(List.of(atTheBound.get(1), atTheBound.get(2)), MachinePace.slowRuns(atTheBound));
        assertEquals(List.of(), MachinePace.slowRuns(belowIt));
    }

    /** An interrupted probe is left out of the median, and does not hide the slow probe on a run's other side. */
    @Test
    void aProbeNotMeasuredHidesNoSlowOne() {
        List<MachinePace.RunPace> paces = List.of(pace("a", 50, 100), pace("b", 100, Double.NaN), pace("c", Double.NaN, 50));

        assertEquals(50.0, MachinePace.median(paces), 1e-9);
        assertEquals(List.of(paces.get(0), paces.get(1)), MachinePace.slowRuns(paces));
    }

    @Test
    void withoutAProbeThePaceIsNotMeasured() {
        assertEquals(WHAT + ": not measured, no JMH run ended", MachinePace.describe(List.of()));
        assertEquals(WHAT + ": not measured, every probe was interrupted",
                MachinePace.describe(List.of(pace("a", Double.NaN, Double.NaN))));
    }

    /** Once warm, a probe is the best of its attempts, in milliseconds: at most half the time its two attempts took. */
    @Test
    void theProbeIsTheBestOfItsAttemptsInMilliseconds() {
        MachinePace.probeMillis(); // warm
        long start = System.nanoTime();
        double best = MachinePace.probeMillis();
        double elapsedMillis = (System.nanoTime() - start) / 1e6;

        assertTrue(best * MachinePace.ATTEMPTS <= elapsedMillis, best + " ms, best of " + MachinePace.ATTEMPTS
                + " attempts that took " + elapsedMillis + " ms together");
        assertTrue(best * 10 * MachinePace.ATTEMPTS >= elapsedMillis, best + " ms: not in milliseconds, or not one attempt's"
                + " time, beside " + elapsedMillis + " ms for all");
    }

    private static MachinePace.RunPace pace(String run, double before, double after) {
        return new MachinePace.RunPace(run, before, after);
    }
}

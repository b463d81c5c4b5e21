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
        assertEquals(WHAT + ": median 60.0 ms, 50.0 to 74.0, no probe 1.5x the median or more", MachinePace.describe(probes(50, "a", 74, "b", 60)));
    }

    /** A probe between two runs stands for the end of the one and the beginning of the other: both are named. */
    @Test
    void aSlowProbeNamesTheRunThatEndedWithItAndTheOneThatBeganWithIt() {
        MachinePace.Probes paces = probes(50, "a", 52, "b", 78, "c", 51, "d", 50);

        assertEquals(List.of(paces.runs().get(1), paces.runs().get(2)), MachinePace.slowRuns(paces));
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
        MachinePace.Probes paces = probes(26, "a", 27, "b", 14, "c", 26, "d", 28);

        assertEquals(List.of(), MachinePace.slowRuns(paces));
    }

    /** The median counts each probe once: a run's "after" is the next one's "before". */
    @Test
    void theMedianIsOfTheProbesNotOfTheirPairs() {
        assertEquals(50.0, MachinePace.median(probes(50, "a", 10, "b", 60)), 1e-9, "of 50, 10, 60, not of 50, 10, 10, 60");
        assertEquals(35.0, MachinePace.median(probes(10, "a", 30, "b", 40, "c", 50)), 1e-9);
    }

    @Test
    void aProbeOfOneAndAHalfTimesTheMedianIsSlow() {
        MachinePace.Probes atTheBound = probes(50, "a", 50, "b", 75, "c", 50, "d", 50);
        MachinePace.Probes belowIt = probes(50, "a", 50, "b", 74.9, "c", 50, "d", 50);

        assertEquals(List.of(atTheBound.runs().get(1), atTheBound.runs().get(2)), MachinePace.slowRuns(atTheBound));
        assertEquals(List.of(), MachinePace.slowRuns(belowIt));
    }

    /** An interrupted probe is left out of the median, and does not hide the slow probe on a run's other side. */
    @Test
    void aProbeNotMeasuredHidesNoSlowOne() {
        MachinePace.Probes paces = probes(50, "a", 100, "b", Double.NaN, "c", 50);

        assertEquals(50.0, MachinePace.median(paces), 1e-9);
        assertEquals(List.of(paces.runs().get(0), paces.runs().get(1)), MachinePace.slowRuns(paces));
    }

    @Test
    void withoutAProbeThePaceIsNotMeasured() {
        assertEquals(WHAT + ": not measured, no JMH run ended", MachinePace.describe(probes(50)));
        assertEquals(WHAT + ": not measured, every probe was interrupted",
                MachinePace.describe(probes(Double.NaN, "a", Double.NaN)));
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

    /** The probe before the first run, then each run's name and the probe after it. */
    private static MachinePace.Probes probes(double first, Object... runsAndProbes) {
        MachinePace.Probes probes = new MachinePace.Probes(first);
        for (int i = 0; i < runsAndProbes.length; i += 2) {
            probes.after((String) runsAndProbes[i], ((Number) runsAndProbes[i + 1]).doubleValue());
        }
        return probes;
    }
}

package org.numaloom.perf;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MachinePaceTest {
    private static final String WHAT = "Machine pace (a one-thread count of the text statistics' text, no lock, timed by"
            + " the runner before and after each JMH run, best of 2)";

    @Test
    void probesWithinTheToleranceOfTheFastestNameNoRun() {
        assertEquals(WHAT + ": 50.0 to 74.0 ms, no probe 1.5x the fastest or more", MachinePace.describe(List.of(
                pace("a", 50, 74), pace("b", 74, 60))));
    }

    /** A probe between two runs stands for the end of the one and the beginning of the other: both are named. */
    @Test
    void aSlowProbeNamesTheRunThatEndedWithItAndTheOneThatBeganWithIt() {
        List<MachinePace.RunPace> paces = List.of(pace("a", 50, 52), pace("b", 52, 75), pace("c", 75, 51), pace("d", 51, 50));

        assertEquals(List.of(paces.get(1), paces.get(2)), MachinePace.slowRuns(paces));
        assertEquals(WHAT + ": 50.0 to 75.0 ms; the machine ran slow (a probe 1.5x the fastest or more) next to b (52.0, 75.0"
                + " ms), c (75.0, 51.0 ms); these runs may have been measured in part on a slower machine than the others,"
                + " and their rounds' ratios may show that rather than the locks: rerun, or compare the rounds they are not"
                + " in", MachinePace.describe(paces));
    }

    @Test
    void withoutAProbeThePaceIsNotMeasured() {
        assertEquals(WHAT + ": not measured, no JMH run ended", MachinePace.describe(List.of()));
    }

    @Test
    void theProbeTimesTheWorkInMilliseconds() {
        double millis = new MachinePace.Probe().millis();

        assertTrue(millis > 0 && millis < 60_000, "a one-thread count of 100,000 lines took " + millis + " ms");
    }

    private static MachinePace.RunPace pace(String run, double before, double after) {
        return new MachinePace.RunPace(run, before, after);
    }
}

package org.numaloom.perf;

import java.util.ArrayList;
import java.util.List;

import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.placement.Placement;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whether a lock's first measured iterations show it still warming up, and the report's line about it. */
class WarmUpTest {
    private static final String WHAT = "Warm-up (a fork's first measured iteration 1.2x slower than each of its others, or more)";

    /** Throughputs: the first against the slowest of the later ones, at 1.2 times or more. */
    @Test
    void aForkBeganSlowIfItsFirstIterationTookAFifthLongerThanEachOfTheOthersOrMore() {
        assertTrue(WarmUp.beganSlow(new double[] {100, 130, 125, 130}));
        assertTrue(WarmUp.beganSlow(new double[] {100, 125, 120}), "120 is exactly 1.2 times 100");
        assertFalse(WarmUp.beganSlow(new double[] {105, 130, 125, 120}), "126 is more than 120");
        assertFalse(WarmUp.beganSlow(new double[] {100, 115, 130, 125}), "the second is a later one too");
        assertFalse(WarmUp.beganSlow(new double[] {100, 130, 125, 115}),
                "a later iteration nearly as slow as the first (a noisy host) clears it, however fast the others");
    }

    /** Two of three forks began at 1.5 and 1.3 ms against 1.0: the cell is named with its count. */
    @Test
    void aCellIsNamedWhenMostOfItsForksBeganSlow() {
        List<WarmUp.Cell> cells = WarmUp.judge(List.of(new Results.Executed(JmhResults.RUN, List.of(JmhResults.runOfForks(
                JmhResults.forkOfMillis(1.5, 1.0, 1.0, 1.0), JmhResults.forkOfMillis(1.3, 1.0, 1.0),
                JmhResults.forkOfMillis(1.0, 1.0, 1.0))))));

        assertEquals(List.of(new WarmUp.Cell("short", "MCS", 2, 2, 3)), cells);
        assertEquals(WHAT + ": in most forks of short MCS at 2 threads (2 of 3); these began slower than they went on, as a"
                + " lock still warming up does (or a machine in a slow moment), which lowers their throughputs: if a rerun"
                + " shows it again, raise the bench's warmupIterations in the config", WarmUp.describe(cells));
    }

    /** A variant's rounds are counted together, each thread count apart: two of three rounds began slow at 2 threads, none at 16. */
    @Test
    void aCellPoolsItsRoundsAndKeepsItsThreadCountsApart() {
        BenchConfig config = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "acquisitionsCount": 1000,
                  "threads": [2, 16], "rounds": 3, "locks": [{"name": "MCS"}]}}]}""", "short.json");
        List<JmhRun> rounds = JmhRun.plan(config, Placement.plan("none", 2, JmhResults.CPUS), JmhResults.CPUS).stream()
                .filter(run -> run.variant().equals("MCS")).toList();
        assertEquals(3, rounds.size());
        List<Results.Executed> executed = new ArrayList<>();
        for (JmhRun round : rounds) {
            double first = round.round() < 3 ? 2.0 : 1.0;
            executed.add(new Results.Executed(round, List.of(
                    JmhResults.runOfForksAt(2, JmhResults.forkOfMillis(first, 1.0, 1.0)),
                    JmhResults.runOfForksAt(16, JmhResults.forkOfMillis(1.0, 1.0, 1.0)))));
        }

        assertEquals(List.of(new WarmUp.Cell("short", "MCS", 2, 2, 3), new WarmUp.Cell("short", "MCS", 16, 0, 3)),
                WarmUp.judge(executed));
    }

    /** A single shot measured as taking no time is a throughput without bound: that fork is not judged. */
    @Test
    void aForkWithAThroughputThatIsNotFiniteIsNotJudged() {
        assertEquals(List.of(), WarmUp.judge(List.of(new Results.Executed(JmhResults.RUN,
                List.of(JmhResults.runOfForks(JmhResults.forkOfMillis(0.0, 1.0, 1.0)))))));
    }

    /** One slow fork of three, or of two, is noise as likely as warm-up; forks of two iterations are not judged. */
    @Test
    void aMinorityOfSlowForksOrForksTooShortToJudgeNameNoCell() {
        List<WarmUp.Cell> minority = WarmUp.judge(List.of(new Results.Executed(JmhResults.RUN, List.of(JmhResults.runOfForks(
                JmhResults.forkOfMillis(1.5, 1.0, 1.0), JmhResults.forkOfMillis(1.0, 1.0, 1.0),
                JmhResults.forkOfMillis(1.0, 1.0, 1.0))))));
        assertEquals(WHAT + ": in no cell's majority of forks (1 cells judged)", WarmUp.describe(minority));
        List<WarmUp.Cell> half = WarmUp.judge(List.of(new Results.Executed(JmhResults.RUN, List.of(JmhResults.runOfForks(
                JmhResults.forkOfMillis(1.5, 1.0, 1.0), JmhResults.forkOfMillis(1.0, 1.0, 1.0))))));
        assertFalse(half.get(0).mostBeganSlow(), "one of two is not most");

        List<WarmUp.Cell> tooShort = WarmUp.judge(List.of(new Results.Executed(JmhResults.RUN,
                List.of(JmhResults.runOfForks(JmhResults.forkOfMillis(3.0, 1.0))))));
        assertEquals(List.of(), tooShort);
        assertEquals(WHAT + ": not judged, no fork with 3 measured iterations or more", WarmUp.describe(tooShort));
    }
}

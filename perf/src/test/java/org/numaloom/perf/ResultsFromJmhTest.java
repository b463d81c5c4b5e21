package org.numaloom.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.numaloom.perf.JmhResults.iteration;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.placement.Placement;
import org.numaloom.perf.report.Measurement;
import org.openjdk.jmh.results.IterationResult;

/** A run's JMH results, built as a fork reports them, read into measurements: throughput and the hand-off counters. */
class ResultsFromJmhTest {
    private static final long ONE_MILLISECOND = TimeUnit.MILLISECONDS.toNanos(1);

    /** Two iterations of 1,000 acquisitions in 1 ms each; 100 and 300 of them remote: 400 of 2,000. */
    @Test
    void theHandoffCountersOfEveryIterationBecomeTheFraction() {
        Measurement m = measured(iteration(ONE_MILLISECOND, 100, 1000), iteration(ONE_MILLISECOND, 300, 1000));
        assertEquals(1e6, m.throughput(), 1e-3, "1,000 acquisitions a millisecond");
        assertEquals(0.2, m.remoteHandoffFraction(), 1e-12);
    }

    @Test
    void nothingRecordedNoFraction() {
        assertTrue(Double.isNaN(measured(iteration(ONE_MILLISECOND, 0, 0), iteration(ONE_MILLISECOND, 0, 0))
                .remoteHandoffFraction()));
    }

    /**
     * Two rounds of one fork each: 1,000 acquisitions in 1 ms twice, then in 3 ms twice. One
     * measurement: the pooled throughput over the mean time of all four iterations (2 ms), each
     * round's own beside it.
     */
    @Test
    void roundsArePooledIntoOneMeasurementThatKeepsEachRoundsThroughput() {
        BenchConfig twoRounds = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "acquisitionsCount": 1000,
                  "threads": [2], "rounds": 2, "locks": [{"name": "MCS"}]}}]}""", "short.json");
        List<JmhRun> mcs = JmhRun.plan(twoRounds, Placement.plan("carriers", 0, JmhResults.CPUS), JmhResults.CPUS).stream()
                .filter(run -> run.variant().equals("MCS")).toList();
        List<Measurement> measured = Results.of(List.of(
                new Results.Executed(mcs.get(0), List.of(JmhResults.run(iteration(ONE_MILLISECOND, 0, 1000),
                        iteration(ONE_MILLISECOND, 0, 1000)))),
                new Results.Executed(mcs.get(1), List.of(JmhResults.run(iteration(3 * ONE_MILLISECOND, 0, 1000),
                        iteration(3 * ONE_MILLISECOND, 0, 1000))))), twoRounds);
        assertEquals(1, measured.size());
        Measurement m = measured.get(0);
        assertEquals(5e5, m.throughput(), 1e-3, "1,000 acquisitions in 2 ms on average");
        assertEquals(2, m.roundThroughputs().size());
        assertEquals(1e6, m.roundThroughputs().get(0), 1e-3);
        assertEquals(1e6 / 3, m.roundThroughputs().get(1), 1e-3);
        assertEquals(1e6 / 3, m.spread().min(), 1e-3, "the spread is over every round's iterations");
    }

    private static Measurement measured(IterationResult... iterations) {
        return Results.of(List.of(new Results.Executed(JmhResults.RUN, List.of(JmhResults.run(iterations)))), JmhResults.CONFIG)
                .get(0);
    }
}

package org.numaloom.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.numaloom.perf.JmhResults.iteration;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
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

    private static Measurement measured(IterationResult... iterations) {
        return Results.of(List.of(new Results.Executed(JmhResults.RUN, List.of(JmhResults.run(iterations)))), JmhResults.CONFIG)
                .get(0);
    }
}

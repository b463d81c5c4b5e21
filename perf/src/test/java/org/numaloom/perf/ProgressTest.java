package org.numaloom.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.numaloom.perf.JmhResults.iteration;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.IterationResult;

/** The progress line's figure: the fork's throughput and its iterations' spread, in the bench's unit. */
class ProgressTest {
    /**
     * 1,000 acquisitions in 1, 2 and 4 ms: 1,000,000, 500,000 and 250,000 per second. JMH's score is
     * the mean time, 7/3 ms, so 428,571 per second; the spread is the range of the iterations and
     * their coefficient of variation (sample standard deviation 381,881 over mean 583,333: 65%).
     */
    @Test
    void showsTheRangeAndCoefficientOfVariationOfTheIterations() {
        String line = Progress.throughput(JmhResults.RUN, JmhResults.fork(shot(1), shot(2), shot(4)), 2);
        assertEquals("428,571 acquisitions/s (250,000..1,000,000, cv 65%)", line);
    }

    @Test
    void oneIterationHasNoSpread() {
        assertEquals("1,000,000 acquisitions/s", Progress.throughput(JmhResults.RUN, JmhResults.fork(shot(1)), 2));
    }

    private static IterationResult shot(long millis) {
        return iteration(TimeUnit.MILLISECONDS.toNanos(millis), 0, 0);
    }
}

package org.numaloom.stress.jcstress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.openjdk.jcstress.Options;

/**
 * A jcstress run's options, what jcstress makes of them, and the line it prints for what jcstress
 * threw at its end.
 */
class JcstressRunTest {

    /** Only a run asked to (the mutation layer's) ends at its first failure; others give every test a verdict. */
    @Test
    void onlyARunAskedToStopsAtTheFirstFailure() {
        JcstressRun asked = new JcstressRun();
        asked.parse(new String[] {"--lock", "NUMA_MCS", "--stop-at-first-failure"});
        assertTrue(asked.stopsAtFirstFailure());
        JcstressRun plain = new JcstressRun();
        plain.parse(new String[] {"--lock", "NUMA_MCS"});
        assertFalse(plain.stopsAtFirstFailure());
    }

    /**
     * What jcstress itself makes of the options: split compilation (each actor of a fork compiled
     * its own way) unless {@code --no-split-compilation} or {@code --budget} turns it off.
     */
    @Test
    void onlyARunAskedToCompilesEveryActorOfAForkTheSameWay() throws Exception {
        assertTrue(jcstressOptions("--lock", "NUMA_MCS").isSplitCompilation());
        assertFalse(jcstressOptions("--lock", "NUMA_MCS", "--no-split-compilation").isSplitCompilation());
        assertFalse(jcstressOptions("--lock", "NUMA_MCS", "--budget").isSplitCompilation());
    }

    /** A budgeted fork (one quick configuration, seconds) is killed as hung at jcstress's own 30-s time-out. */
    @Test
    void aBudgetedRunKillsAHungForkAfterThirtySecondsOthersAfterTwoMinutes() {
        JcstressRun budgeted = new JcstressRun();
        budgeted.parse(new String[] {"--budget"});
        assertEquals(Duration.ofSeconds(30), budgeted.forkLimit());
        JcstressRun plain = new JcstressRun();
        plain.parse(new String[] {"--mode", "default"});
        assertEquals(Duration.ofSeconds(120), plain.forkLimit());
    }

    private static Options jcstressOptions(String... args) throws Exception {
        JcstressRun run = new JcstressRun();
        run.parse(args);
        Options options = new Options(run.jcstressArguments(List.of("SomeTest")).toArray(String[]::new));
        assertTrue(options.parse(), "jcstress rejected " + run.jcstressArguments(List.of("SomeTest")));
        return options;
    }

    @Test
    void aMessagelessAssertionErrorIsNamedByItsClass() {
        assertEquals("java.lang.AssertionError", JcstressRun.summaryOf(new AssertionError()));
    }

    @Test
    void aMessagelessRuntimeExceptionIsNamedByItsClass() {
        assertEquals("java.lang.IllegalStateException", JcstressRun.summaryOf(new IllegalStateException()));
    }

    @Test
    void aMultiLineMessageGivesItsFirstLineAfterTheClass() {
        AssertionError failures = new AssertionError("TEST FAILURES: 2 of 6 failed\n  MutualExclusion\n  Liveness");
        assertEquals("java.lang.AssertionError: TEST FAILURES: 2 of 6 failed", JcstressRun.summaryOf(failures));
    }
}

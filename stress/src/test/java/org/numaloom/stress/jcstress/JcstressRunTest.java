package org.numaloom.stress.jcstress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A jcstress run's options, and the line it prints for what jcstress threw at its end. */
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

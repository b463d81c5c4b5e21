package org.numaloom.stress.jcstress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The line a jcstress run prints for what jcstress threw at its end. */
class JcstressRunTest {

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

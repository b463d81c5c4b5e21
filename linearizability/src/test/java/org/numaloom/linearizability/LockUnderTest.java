package org.numaloom.linearizability;

import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

import org.jetbrains.lincheck.LincheckAssertionError;
import org.numaloom.locks.registry.LockType;

/**
 * Runs Lincheck on {@link LockedCounterAndMap} guarded by locks of one type.
 *
 * <p>Lincheck creates the test object itself, through its public no-argument constructor, once per
 * invocation; there is no way to hand it a parameter. So the lock type, and how long a condition
 * wait may last, are set here for the duration of one check, and the test object's constructor
 * reads them.
 */
final class LockUnderTest {
    /**
     * Lincheck's model checker answers every {@code System.nanoTime()} with the same value, so a
     * positive wait there never times out: an await that nobody signals would spin until Lincheck
     * reported a livelock that is not the lock's. A zero wait still releases the lock, races any
     * signaller for the waiter's place in the condition's queue, and takes the lock back.
     */
    private static final long MODEL_CHECKING_CONDITION_WAIT_NANOS = 0;
    /**
     * Real time under stress testing: the wait parks, and a signal or the timeout ends it. Short,
     * because every invocation whose count is still 0 waits it out.
     */
    private static final long STRESS_CONDITION_WAIT_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

    private record Setup(LockType type, long conditionWaitNanos) {
    }

    private static volatile Setup setup;

    private LockUnderTest() {
    }

    /**
     * Explores the interleavings of small scenarios systematically.
     *
     * @throws AssertionError the lock's name, then Lincheck's report with the counterexample, if a
     *                        run's results are not linearizable or it hangs
     */
    static void modelCheck(LockType type) {
        during(type, MODEL_CHECKING_CONDITION_WAIT_NANOS,
                () -> LincheckSettings.modelChecking().check(LockedCounterAndMap.class));
    }

    /** Runs the scenarios on real threads, many times each; throws as {@link #modelCheck} does. */
    static void stressTest(LockType type) {
        during(type, STRESS_CONDITION_WAIT_NANOS, () -> LincheckSettings.stress().check(LockedCounterAndMap.class));
    }

    /** A new lock of the type under test; for the test object's constructor. */
    static Lock createLock() {
        return current().type().create();
    }

    static long conditionWaitNanos() {
        return current().conditionWaitNanos();
    }

    /**
     * Runs a check with the lock type set, and puts the type's name in front of Lincheck's report,
     * which does not name it: the build's summary lists a failed case of a parameterized test by
     * its index, so a run over several locks ({@code ./numaloom lincheck --lock A --lock B}) would
     * not say which one failed.
     */
    private static void during(LockType type, long conditionWaitNanos, Runnable check) {
        setup = new Setup(Objects.requireNonNull(type, "type"), conditionWaitNanos);
        try {
            check.run();
        } catch (LincheckAssertionError e) {
            throw new AssertionError(type + ":" + e.getMessage(), e);
        } finally {
            setup = null;
        }
    }

    private static Setup current() {
        Setup current = setup;
        if (current == null) {
            throw new IllegalStateException("no lock under test: run Lincheck through LockUnderTest");
        }
        return current;
    }
}

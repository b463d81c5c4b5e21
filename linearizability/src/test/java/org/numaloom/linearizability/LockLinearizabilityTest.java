package org.numaloom.linearizability;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.numaloom.locks.registry.LockType;

/**
 * Every lock makes {@link LockedCounterAndMap} linearizable: Lincheck finds no run whose results
 * no sequential order of {@link CounterAndMapSpecification} explains, and no run that hangs.
 * Model checking explores the interleavings of small scenarios systematically, including parks
 * that return spuriously; stress testing runs the same kind of scenarios on real threads and in
 * real time, so that timed waits really park and time out.
 *
 * <p>{@link NegativeControlsTest} proves that the same model checking fails for broken locks.
 */
class LockLinearizabilityTest {
    private static final String LOCKS = "org.numaloom.linearizability.CheckedLocks#selected";

    @ParameterizedTest(name = "{0}")
    @MethodSource(LOCKS)
    void modelCheckingFindsOnlyLinearizableRuns(LockType type) {
        LockUnderTest.modelCheck(type);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(LOCKS)
    void stressTestingFindsOnlyLinearizableRuns(LockType type) {
        LockUnderTest.stressTest(type);
    }
}

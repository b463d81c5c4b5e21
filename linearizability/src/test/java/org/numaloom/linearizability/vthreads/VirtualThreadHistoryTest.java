package org.numaloom.linearizability.vthreads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.numaloom.linearizability.CheckedLocks;
import org.numaloom.locks.ChildJvm;
import org.numaloom.locks.LockCases;
import org.numaloom.locks.registry.LockType;

/**
 * Histories of a lock-guarded counter recorded on virtual threads, on one and on two carriers,
 * are linearizable for every lock case that {@code -Dnumaloom.lincheck.locks} selects; for the lock
 * without mutual exclusion they are not.
 */
class VirtualThreadHistoryTest {
    private static final int THREADS = 64;
    private static final int OPERATIONS_PER_THREAD = 300;
    private static final long SECONDS = 60;

    /**
     * The lock cases ({@link LockCases}, which the child JVM finds by name) that
     * {@code -Dnumaloom.lincheck.locks} selects ({@link CheckedLocks#selected}), on one carrier and on
     * two; none if it selects only Lincheck's own variants.
     */
    static Stream<Arguments> locksAndCarriers() {
        Set<String> selected = CheckedLocks.selected().map(LockType::name).collect(Collectors.toSet());
        return LockCases.stream().filter(type -> selected.contains(type.name()))
                .flatMap(type -> Stream.of(Arguments.of(type, 1), Arguments.of(type, 2)));
    }

    private static ChildJvm.Result record(String lock, int carriers) throws Exception {
        return ChildJvm.run(CounterHistoryRun.class, carriers, SECONDS,
                lock, String.valueOf(THREADS), String.valueOf(OPERATIONS_PER_THREAD));
    }

    @ParameterizedTest(name = "{0} on {1} carrier(s)", allowZeroInvocations = true)
    @MethodSource("locksAndCarriers")
    @Timeout(SECONDS + 30)
    void historiesOnVirtualThreadsAreLinearizable(LockType type, int carriers) throws Exception {
        ChildJvm.Result result = record(type.name(), carriers);
        assertFalse(result.hung(), type + " did not finish in " + SECONDS + " s:\n" + result.output());
        assertEquals(0, result.exitCode(), type + " on " + carriers + " carrier(s): " + result.output());
        assertEquals("LINEARIZABLE " + THREADS * OPERATIONS_PER_THREAD + " operations", result.output());
    }

    @Test
    @Timeout(SECONDS + 30)
    void aLockWithoutMutualExclusionLeavesANonLinearizableHistory() throws Exception {
        ChildJvm.Result result = record("NO_EXCLUSION", 2);
        assertEquals(1, result.exitCode(), "the negative control passed: " + result.output());
        assertTrue(result.output().startsWith("VIOLATION"), result.output());
    }
}

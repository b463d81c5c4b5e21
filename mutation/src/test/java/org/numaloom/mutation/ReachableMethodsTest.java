package org.numaloom.mutation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.numaloom.locks.registry.LockRegistry;

/**
 * Which methods a lock runs, on the kit's locks, whose sharing of queue code is known: the queue
 * that NUMA_MCS and MCS share has a method only MCS calls ({@code enqueueIfEmpty}) and one only
 * CNA's subclass calls ({@code casTail}).
 */
class ReachableMethodsTest {
    private static Set<String> notRun(String lock) {
        Class<?> lockClass = LockRegistry.create(lock).getClass();
        return new Mutator(lock, lockClass).methodsNotRun(List.of(Operator.values()));
    }

    @Test
    void numaMcsDoesNotRunTheQueueMethodsOfMcsAndCna() {
        assertEquals(Set.of("McsQueue.enqueueIfEmpty", "McsQueue.casTail"), notRun("NUMA_MCS"));
    }

    @Test
    void mcsRunsItsOwnFastPathButNotCnasTailSwap() {
        assertEquals(Set.of("McsQueue.casTail"), notRun("MCS"));
    }

    @Test
    void cnaRunsTheTailSwapOfItsSubclassedQueue() {
        assertFalse(notRun("CNA").contains("McsQueue.casTail"), "CNA's queue calls casTail");
    }

    /**
     * A user reaches a condition's methods through {@code java.util.concurrent.locks.Condition},
     * never through a call inside the lock's package: the roots must include overrides of
     * out-of-package types, or every mutant of the condition code would vanish.
     */
    @Test
    void conditionMethodsAreReachedThroughTheJdkInterface() {
        Class<?> lockClass = LockRegistry.create("NUMA_MCS").getClass();
        Set<String> reachable = ReachableMethods.of(lockClass, LockClasses.of(lockClass));
        assertTrue(reachable.stream().anyMatch(key -> key.startsWith("org/numaloom/locks/LockCondition.await(")), reachable::toString);
        assertTrue(reachable.stream().anyMatch(key -> key.startsWith("org/numaloom/locks/LockCondition.awaitNanos(")), reachable::toString);
    }
}

package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.numaloom.locks.registry.LockType;

/**
 * Interrupted waiters queued behind a holder that never unlocks all give up
 * ({@link QueuedInterrupts}), for every lock case, on one carrier (where the order of events that
 * hands the head of a queue to an already interrupted waiter is certain) and on two. Each run is
 * a child JVM, because the number of carriers is fixed when a JVM starts.
 *
 * <p>The negative control {@link BrokenLocks#SWALLOWED_INTERRUPT} forgets an interrupt consumed
 * while queued once it becomes the head: it must fail here.
 */
class QueuedInterruptsTest {
    private static final int WAITERS = 3;
    private static final long CHILD_SECONDS = 60;

    static Stream<Arguments> lockCasesAndCarriers() {
        return LockCases.stream().flatMap(type -> Stream.of(1, 2).map(carriers -> Arguments.of(type, carriers)));
    }

    @ParameterizedTest(name = "{0} on {1} carrier(s)")
    @MethodSource("lockCasesAndCarriers")
    void everyInterruptedWaiterGivesUpWhileTheLockIsHeld(LockType type, int carriers) throws Exception {
        ChildJvm.Result result = run(type, carriers);
        assertFalse(result.hung(), type + " hung on " + carriers + " carrier(s):\n" + result.output());
        assertEquals(0, result.exitCode(), result.output());
        assertTrue(result.output().startsWith("PASSED"), result.output());
    }

    @Test
    void theLockThatSwallowsAnInterruptHandedToANewHeadFailsOnOneCarrier() throws Exception {
        ChildJvm.Result result = run(BrokenLocks.SWALLOWED_INTERRUPT, 1);
        assertFalse(result.hung(), result.output());
        assertEquals(1, result.exitCode(), "the negative control passed:\n" + result.output());
        assertTrue(result.output().startsWith("FAILED waiter 2 of 3 in the queue: still waiting"), result.output());
    }

    private static ChildJvm.Result run(LockType type, int carriers) throws Exception {
        return ChildJvm.run(QueuedInterrupts.class, carriers, CHILD_SECONDS, type.name(), Integer.toString(WAITERS));
    }
}

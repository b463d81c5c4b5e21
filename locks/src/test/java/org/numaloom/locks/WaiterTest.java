package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The deadline of a timed {@link Waiter} at the edges of the long range. {@code System.nanoTime()}
 * plus a timeout wraps around for {@code Long.MIN_VALUE} into the far future; a lock that passes
 * such a timeout on (today {@code tryLock} returns before it would) must not wait for ever. And
 * {@code Long.MAX_VALUE} must mean "no deadline in practice", not "expired", whatever the clock reads.
 */
class WaiterTest {
    private static final Duration PATIENCE = Duration.ofSeconds(5);

    @ParameterizedTest
    @ValueSource(longs = {Long.MIN_VALUE, -1, 0})
    void aTimeoutOfZeroOrLessHasExpiredAtTheFirstPark(long nanosTimeout) {
        assertTimeoutPreemptively(PATIENCE, () -> assertFalse(Waiter.timed(nanosTimeout).park(this),
                "a wait of " + nanosTimeout + " ns went on after its first park"));
    }

    @Test
    void aTimeoutOfLongMaxValueGoesOnAfterAWakeUp() {
        Waiter waiter = Waiter.timed(Long.MAX_VALUE);
        LockSupport.unpark(Thread.currentThread()); // the park below returns at once, as on a wake-up
        assertTrue(waiter.park(this), "a wait of Long.MAX_VALUE ns counted as expired");
    }
}

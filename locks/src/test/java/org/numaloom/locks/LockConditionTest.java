package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;

/**
 * What the kit's {@link LockCondition}, shared by all its locks, promises beyond what the contract
 * suite can see from one call at a time: timed waits that give up their carrier, and a signal that
 * races a time-out and is never lost.
 */
class LockConditionTest {
    private static final long CHILD_SECONDS = 60;

    /** A timed wait parks, on one carrier, so that the thread that will signal it can run. */
    @Test
    void aTimedWaitOnTheOnlyCarrierLetsItsSignallerRun() throws Exception {
        ChildJvm.Result result = ChildJvm.run(TimedAwaitOnOneCarrier.class, 1, CHILD_SECONDS, "NUMA_MCS");
        assertFalse(result.hung(), result.output());
        assertEquals(0, result.exitCode(), result.output());
        assertTrue(result.output().startsWith("PASSED"), result.output());
    }

    /**
     * A waiter whose time runs out and a signaller race for the same wait, many times, with the
     * signal sent around the waiter's deadline; a second waiter, untimed, queues behind it. The
     * signal must end exactly one wait: if the first waiter reports a time-out, the signal was not
     * its, and the second must get it. A signal and a time-out that both won the first waiter (a
     * status changed by check-then-set, not compare-and-set) would leave the second waiting.
     *
     * <p>Each waiter says, under the lock, that it is about to wait; the lock that the signaller
     * then takes is free only once that waiter is in the condition's queue. A trial whose timed
     * waiter runs out before the second has queued (a loaded machine) tests nothing and passes.
     */
    @Test
    void aSignalThatRacesATimeOutWakesTheNextWaiter() throws Exception {
        NumaMcsLock lock = new NumaMcsLock();
        long timeoutNanos = TimeUnit.MILLISECONDS.toNanos(5); // time to queue the second waiter
        for (int trial = 0; trial < 300; trial++) {
            Condition condition = lock.newCondition();
            AtomicLong deadline = new AtomicLong();
            AtomicBoolean untimedQueued = new AtomicBoolean();
            Threads.Running<Boolean> timed = Threads.running("timed", () -> {
                lock.lock();
                try {
                    deadline.set(System.nanoTime() + timeoutNanos);
                    return condition.await(timeoutNanos, TimeUnit.NANOSECONDS);
                } finally {
                    lock.unlock();
                }
            });
            awaitSet(() -> deadline.get() != 0);
            Threads.Running<Void> untimed = Threads.running("untimed", () -> {
                lock.lock();
                try {
                    untimedQueued.set(true);
                    condition.await();
                } finally {
                    lock.unlock();
                }
                return null;
            });
            awaitSet(untimedQueued::get);
            // Around the deadline and the wake-up from it, which comes some tens of microseconds later.
            long signalAt = deadline.get() + ThreadLocalRandom.current().nextLong(-100_000, 200_000);
            while (System.nanoTime() < signalAt) {
                Thread.onSpinWait();
            }
            signal(lock, condition);
            if (timed.get()) {
                signal(lock, condition); // the first signal was the timed waiter's: release the other
            }
            assertTrue(untimed.thread().join(Threads.PATIENCE), "trial " + trial + ": the timed waiter reported a "
                    + "time-out, yet the signal sent around its deadline never reached the waiter behind it");
        }
    }

    private static void awaitSet(BooleanSupplier flag) {
        while (!flag.getAsBoolean()) {
            Thread.onSpinWait();
        }
    }

    private static void signal(NumaMcsLock lock, Condition condition) {
        lock.lock();
        try {
            condition.signal();
        } finally {
            lock.unlock();
        }
    }
}

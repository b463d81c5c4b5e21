package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** What NUMA_MCS promises beyond the {@code Lock} contract. */
class NumaMcsLockTest {
    /** A thread named "X@K" runs on node K. */
    private static final NodeLocator BY_NAME = LockCases.byThreadName(2);

    /**
     * A thread on node 0 re-takes the lock as fast as it can, barging each time; a thread on
     * node 1 asks once. Once that thread is parked it is its node's published leader, and the
     * hand-off bound must get it the lock within {@code bound} acquisitions of the barger. Without
     * the bound it would wait for the scheduler's luck: each unlock wakes it, and the barger takes
     * the word again before it runs.
     */
    @Test
    void aParkedLeaderOnAnotherNodeGetsTheLockWithinTheHandOffBound() throws Exception {
        int bound = 16;
        long worst = 0;
        for (int trial = 0; trial < 20; trial++) {
            worst = Math.max(worst, bargerAcquisitionsWhileOtherNodeParked(new NumaMcsLock(BY_NAME, 0, bound)));
        }
        assertTrue(worst <= bound, "the parked node-1 leader waited through " + worst + " acquisitions of the barger");
    }

    private static long bargerAcquisitionsWhileOtherNodeParked(NumaMcsLock lock) throws Exception {
        AtomicBoolean waiterDone = new AtomicBoolean();
        AtomicLong acquisitionsAfterParking = new AtomicLong();
        CountDownLatch bargerRunning = new CountDownLatch(1);
        Thread[] waiter = new Thread[1];
        Thread barger = Thread.ofPlatform().name("barger@0").start(() -> {
            long afterParking = 0;
            boolean seenParked = false;
            while (true) {
                lock.lock();
                if (waiterDone.get()) { // only acquisitions before the waiter's count
                    lock.unlock();
                    break;
                }
                bargerRunning.countDown();
                seenParked = seenParked || waiter[0] != null && waiter[0].getState() == Thread.State.WAITING;
                if (seenParked) {
                    afterParking++;
                }
                lock.unlock();
            }
            acquisitionsAfterParking.set(afterParking);
        });
        bargerRunning.await();
        waiter[0] = Thread.ofPlatform().name("waiter@1").unstarted(() -> {
            lock.lock();
            waiterDone.set(true);
            lock.unlock();
        });
        waiter[0].start();
        waiter[0].join();
        barger.join();
        return acquisitionsAfterParking.get();
    }

    /**
     * The count of acquisitions towards the next forced hand-off stays below the bound for the
     * whole life of the lock, with or without a leader waiting. A count that grew with the lock's
     * age (reset only by a hand-off) wrapped to a negative number after 2^31 uncontended
     * acquisitions, hours on a busy server, and switched the bound off for the next 2^31.
     */
    @Test
    void theHandOffCountStaysBelowTheBoundHoweverOldTheLock() {
        int bound = 8;
        NumaMcsLock lock = new NumaMcsLock(BY_NAME, 0, bound);
        for (int i = 1; i <= 3 * bound; i++) {
            lock.lock();
            lock.unlock();
            int count = lock.acquisitionsSinceHandOff();
            assertTrue(count >= 0 && count < bound, "after " + i + " uncontended acquisitions the count is " + count);
        }
    }

    @Test
    void rejectsImpossibleParameters() {
        assertThrows(IllegalArgumentException.class, () -> new NumaMcsLock(BY_NAME, -1, 8));
        assertThrows(IllegalArgumentException.class, () -> new NumaMcsLock(BY_NAME, 8, 0));
        assertThrows(IllegalArgumentException.class, () -> new NumaMcsLock(LockCases.spreadOver(0), 8, 8));
    }

    @Test
    void keepsAQueuePerNodeOfTheLocator() {
        assertEquals(2, new NumaMcsLock(BY_NAME, 0, 8).nodeCount());
        assertEquals(4, new NumaMcsLock(LockCases.spreadOver(4), 0, 8).nodeCount());
    }
}

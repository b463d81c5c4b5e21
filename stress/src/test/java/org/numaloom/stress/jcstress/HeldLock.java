package org.numaloom.stress.jcstress;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.Lock;

import org.numaloom.locks.registry.LockType;

/**
 * The state of the liveness test: a lock held when the waiter arrives, and let go by its holder at
 * a random moment around the waiter's arrival.
 *
 * <p>jcstress builds the state and calls the signal on its control thread, so that thread is the
 * holder: it takes the lock in the constructor and unlocks in {@link #release()}. A lost wake-up
 * needs the release to fall in a window of a few instructions of the waiter's way into the lock
 * (between its look at the lock and its parking), so the holder does not wait for the waiter to
 * park: it waits until the waiter is about to call lock(), then spins a random few rounds, sweeping
 * the window, and unlocks.
 */
public class HeldLock {
    /** About 0 to 2 microseconds of spinning: the length of a lock()'s way from its first look to park(). */
    private static final int MAX_RELEASE_DELAY_SPINS = 64;

    private final Lock lock;
    private volatile boolean waiterArriving;

    protected HeldLock(LockType type) {
        this.lock = type.create();
        lock.lock();
    }

    /** The waiter: blocks until the holder lets go, then lets go itself. */
    protected final void lockAndUnlock() {
        waiterArriving = true;
        lock.lock();
        lock.unlock();
    }

    /** The holder, on jcstress's control thread. */
    protected final void release() {
        while (!waiterArriving) {
            Thread.onSpinWait();
        }
        for (int spins = ThreadLocalRandom.current().nextInt(MAX_RELEASE_DELAY_SPINS); spins > 0; spins--) {
            Thread.onSpinWait();
        }
        lock.unlock();
    }
}

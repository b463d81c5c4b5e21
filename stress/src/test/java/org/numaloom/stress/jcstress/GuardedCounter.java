package org.numaloom.stress.jcstress;

import java.util.concurrent.locks.Lock;

import org.numaloom.locks.registry.LockType;

/**
 * The state of the mutual-exclusion tests: a lock and a plain counter that only the holder
 * touches. The increment is a plain read and a plain write, so two threads inside at once can both
 * write the same value: the lost update that the tests forbid.
 */
public class GuardedCounter {
    /** What {@link #unlockAsStranger()} reports. */
    public static final int UNLOCK_ACCEPTED = 0;
    public static final int UNLOCK_REJECTED = 1;
    public static final int UNLOCK_FAILED_OTHERWISE = 2;

    protected final Lock lock;
    private int count;

    protected GuardedCounter(LockType type) {
        this.lock = type.create();
    }

    /**
     * Increments the counter under the lock if the acquisition gets it.
     *
     * @return the value written, or 0 if the lock was not acquired
     */
    protected final int incrementIfAcquired(Acquisition acquisition) {
        try {
            if (!acquisition.acquire(lock)) {
                return 0;
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException("nobody interrupts the jcstress actors", e);
        }
        try {
            return ++count;
        } finally {
            lock.unlock();
        }
    }

    /** The counter's value; for an arbiter, which runs after the actors. */
    protected final int count() {
        return count;
    }

    /** Calls unlock() from a thread that never locked. */
    protected final int unlockAsStranger() {
        try {
            lock.unlock();
            return UNLOCK_ACCEPTED;
        } catch (IllegalMonitorStateException expected) {
            return UNLOCK_REJECTED;
        } catch (RuntimeException | Error other) {
            return UNLOCK_FAILED_OTHERWISE;
        }
    }
}

package org.numaloom.stress.jcstress;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/** The four ways of asking a {@link Lock} for itself, as the pairwise jcstress tests use them. */
public enum Acquisition {
    LOCK {
        @Override
        boolean acquire(Lock lock) {
            lock.lock();
            return true;
        }
    },
    INTERRUPTIBLY {
        @Override
        boolean acquire(Lock lock) throws InterruptedException {
            lock.lockInterruptibly();
            return true;
        }
    },
    TRY {
        @Override
        boolean acquire(Lock lock) {
            return lock.tryLock();
        }
    },
    /**
     * Long enough that a timed try usually outwaits the other actor's critical section, short
     * enough that it sometimes gives up (when the holder is descheduled), so that both the wait and
     * the way out of the queue run.
     */
    TIMED_TRY {
        @Override
        boolean acquire(Lock lock) throws InterruptedException {
            return lock.tryLock(100, TimeUnit.MICROSECONDS);
        }
    };

    /** Asks for the lock; true if the caller now holds it. */
    abstract boolean acquire(Lock lock) throws InterruptedException;
}

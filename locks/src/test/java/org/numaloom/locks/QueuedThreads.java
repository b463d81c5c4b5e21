package org.numaloom.locks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;

/**
 * Threads queued on a held lock in a known order, for the tests of a queue lock's order. With no
 * spinning and no barging thread around, the order in which they get the lock is the queue's.
 */
final class QueuedThreads {
    private QueuedThreads() {
    }

    /**
     * Holds the lock while threads of the given names queue up one after another, each parked
     * before the next arrives; then lets it go and returns the order in which they got it.
     */
    static List<String> acquisitionOrder(Lock lock, String... names) throws Exception {
        List<String> order = new ArrayList<>();
        lock.lock();
        List<Threads.Running<Boolean>> waiters = new ArrayList<>();
        for (String name : names) {
            waiters.add(queue(lock, name, order, 0));
        }
        lock.unlock();
        for (Threads.Running<Boolean> waiter : waiters) {
            waiter.get();
        }
        return order;
    }

    /**
     * Starts a thread that locks, notes its name in {@code order} (guarded by the lock), holds the
     * lock for {@code holdMillis} and unlocks; returns once the thread is parked in the queue.
     */
    static Threads.Running<Boolean> queue(Lock lock, String name, List<String> order, long holdMillis)
            throws Exception {
        return Threads.running(name, () -> {
            lock.lock();
            try {
                order.add(Thread.currentThread().getName());
                Thread.sleep(holdMillis);
            } finally {
                lock.unlock();
            }
            return true;
        }).awaitBlocked();
    }
}

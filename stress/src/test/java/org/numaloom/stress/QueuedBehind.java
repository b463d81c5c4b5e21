package org.numaloom.stress;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

import org.numaloom.locks.registry.LockType;

/**
 * A waiter that arrives behind another, the unit of the queue's liveness tests: a lock held by the
 * thread that makes this object, a first waiter (a thread of this object's own) on its way into the
 * lock, and a second one, the test's actor, which arrives a moment after it. Where both wait in one
 * queue (NUMA_MCS on one node, CNA, MCS) the second most often queues behind the first; the
 * spread-node variants put the two, whose thread ids are consecutive, in different queues. Both
 * waiters must get the lock or leave, however the first leaves ({@link First}): a lock that wakes
 * nobody as the first waiter leaves leaves the second parked for ever, since no one else comes;
 * one that hands the lock to a first waiter that has just given up leaves it held by nobody.
 * The second waiter waits for the first to end before it ends itself, so that a first waiter left
 * waiting shows as well. The holder and the second waiter are a {@link HeldLock}'s: this class
 * adds the first waiter, and when the holder lets go.
 *
 * <p>In jcstress the holder's signal runs about a millisecond after the second waiter starts (its
 * runner sleeps 1 ms until it sees the actor started), so the holder finds both waiters parked.
 */
public class QueuedBehind {
    /** What the first waiter does, and when the holder lets go. */
    public enum First {
        /**
         * It takes the lock once the holder lets go, and lets go itself; the holder lets go once
         * the second waiter is on its way in, as {@link HeldLock#release} does.
         */
        LOCKS,
        /**
         * Its timed wait runs out while the holder keeps the lock; the holder lets go once it has.
         */
        GIVES_UP,
        /**
         * It waits interruptibly; the holder lets go and interrupts it, a random moment apart and
         * in either order, so that a hand-over to it races its giving up. It takes the lock and
         * lets go, or leaves with the {@link InterruptedException}.
         */
        INTERRUPTED_AS_THE_HOLDER_LETS_GO
    }

    /**
     * How long the first waiter waits when it gives up: long enough for the second waiter to arrive
     * and queue behind it (a lock spins for some microseconds before it queues a thread: NUMA_MCS
     * for at most 20 µs), short beside the millisecond before jcstress calls the holder, so that
     * the first waiter has given up by then in most instances.
     */
    private static final long GIVE_UP_MICROS = 200;
    /**
     * The widest gap between the holder's release and its interrupt of the first waiter: up to
     * 2^11 rounds of {@code onSpinWait}, about 50 µs, the time a parked thread may take to run again
     * once interrupted, so that the release falls anywhere in the first waiter's way out.
     */
    private static final int MAX_GAP_SPINS_LOG2 = 11;

    private final Lock lock;
    /** The holder and the second waiter. */
    private final HeldLock held;
    private final First mode;
    private final Thread first;
    private volatile boolean firstArriving;
    /** Set by the first waiter if its timed wait took the lock that its holder still held. */
    private volatile boolean firstTookAHeldLock;

    /** A new lock of the type, taken by the calling thread, and its first waiter on its way in. */
    protected QueuedBehind(LockType type, First mode) {
        this.lock = type.create();
        this.held = new HeldLock(lock);
        this.mode = mode;
        this.first = new Thread(this::firstWaits, "first-waiter");
        this.first.setDaemon(true); // one left waiting by a broken lock must not keep the JVM alive
        this.first.start();
    }

    private void firstWaits() {
        firstArriving = true;
        switch (mode) {
            case LOCKS -> {
                lock.lock();
                lock.unlock();
            }
            case GIVES_UP -> {
                if (tryLockFor(GIVE_UP_MICROS)) {
                    firstTookAHeldLock = true;
                    lock.unlock();
                }
            }
            case INTERRUPTED_AS_THE_HOLDER_LETS_GO -> {
                try {
                    lock.lockInterruptibly();
                } catch (InterruptedException interrupted) {
                    return;
                }
                lock.unlock();
            }
        }
    }

    private boolean tryLockFor(long micros) {
        try {
            return lock.tryLock(micros, TimeUnit.MICROSECONDS);
        } catch (InterruptedException e) {
            throw new IllegalStateException("nobody interrupts the first waiter in this mode", e);
        }
    }

    /**
     * The second waiter: arrives a random moment after the first ({@link HeldLock#lockAndUnlock},
     * up to about 2 µs, so that it sometimes finds the first still spinning on its way in), takes
     * the lock and lets go, and returns once the first waiter is done too.
     */
    public final void secondLocksAndUnlocks() {
        while (!firstArriving) {
            Thread.onSpinWait();
        }
        held.lockAndUnlock();
        joinFirst();
    }

    /**
     * The holder: lets go once the second waiter is on its way in ({@link HeldLock#release}), when
     * the {@link First} mode says.
     *
     * @throws IllegalStateException if the first waiter's timed wait took the lock while it was held
     */
    public final void release() {
        switch (mode) {
            case LOCKS -> held.release();
            case GIVES_UP -> {
                joinFirst();
                held.release();
                if (firstTookAHeldLock) {
                    throw new IllegalStateException("tryLock(" + GIVE_UP_MICROS + " µs) returned true while its holder held " + lock);
                }
            }
            case INTERRUPTED_AS_THE_HOLDER_LETS_GO -> {
                boolean interruptFirst = ThreadLocalRandom.current().nextBoolean();
                if (interruptFirst) {
                    first.interrupt();
                }
                HeldLock.spinRandomly(MAX_GAP_SPINS_LOG2);
                held.release();
                if (!interruptFirst) {
                    first.interrupt();
                }
            }
        }
    }

    private void joinFirst() {
        try {
            first.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the first waiter to end", e);
        }
    }
}

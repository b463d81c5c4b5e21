package org.numaloom.stress;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

import org.numaloom.locks.registry.LockType;

/**
 * A waiter that arrives behind another, the unit of the queue's liveness tests: a lock held by the
 * thread that makes this object, a first waiter (a thread of this object's own) on its way into the
 * lock, and a second one, the test's actor, which arrives a random moment after it and so most
 * often queues behind it. The second waiter must get the lock once the first is done, however the
 * first leaves ({@link First}): a lock that wakes nobody as the first waiter leaves leaves the
 * second parked for ever, since no one else comes. Where the holder hands the lock to the first
 * waiter just as its time runs out, and both the hand-over and the give-up win, the lock stays
 * held by a thread that has gone: the second waiter too is blocked for ever.
 */
public class QueuedBehind {
    /** What the first waiter does. */
    public enum First {
        /**
         * It takes the lock once the holder lets go, and lets go itself; the holder lets go at a
         * random moment around the second waiter's arrival, as in {@link HeldLock}.
         */
        LOCKS,
        /** Its timed wait runs out while the holder keeps the lock; the holder lets go after that. */
        GIVES_UP,
        /**
         * It waits with a time-out, and the holder lets go at a random moment around the time
         * its wait runs out: the first waiter either takes the lock, and lets go, or gives up.
         */
        TIMES_OUT_AS_THE_HOLDER_LETS_GO
    }

    /**
     * How long the first waiter waits when it gives up: longer than a thread's way into a queue
     * behind it (a spin of at most 20 µs, then a park), shorter than a few of a test's rounds.
     */
    private static final long GIVE_UP_MICROS = 200;
    /**
     * How far around the first waiter's deadline the holder lets go, in microseconds: from a little
     * before it to past the 50 µs by which Linux lets a timed park oversleep (its timer slack).
     */
    private static final int RELEASE_BEFORE_DEADLINE_MICROS = 20;
    private static final int RELEASE_AFTER_DEADLINE_MICROS = 100;

    private final Lock lock;
    private final First mode;
    private final Thread first;
    private volatile boolean firstArriving;
    /** When the first waiter's timed wait runs out ({@link System#nanoTime()}), once it is set. */
    private volatile long firstDeadline;
    private volatile boolean secondArriving;
    /** Set by the first waiter if its timed wait took the lock that its holder still held. */
    private volatile boolean firstTookAHeldLock;

    /** A new lock of the type, taken by the calling thread, and its first waiter on its way in. */
    protected QueuedBehind(LockType type, First first) {
        this.lock = type.create();
        this.mode = first;
        lock.lock();
        this.first = new Thread(this::firstWaits, "first-waiter");
        this.first.setDaemon(true); // one left waiting by a broken lock must not keep the JVM alive
        this.first.start();
    }

    private void firstWaits() {
        firstArriving = true;
        if (mode == First.LOCKS) {
            lock.lock();
            lock.unlock();
            return;
        }
        boolean acquired;
        firstDeadline = System.nanoTime() + TimeUnit.MICROSECONDS.toNanos(GIVE_UP_MICROS);
        try {
            acquired = lock.tryLock(GIVE_UP_MICROS, TimeUnit.MICROSECONDS);
        } catch (InterruptedException e) {
            throw new IllegalStateException("nobody interrupts the first waiter", e);
        }
        if (acquired) {
            firstTookAHeldLock = mode == First.GIVES_UP;
            lock.unlock();
        }
    }

    /** The second waiter: arrives a random moment after the first, takes the lock and lets go. */
    public final void secondLocksAndUnlocks() {
        while (!firstArriving) {
            Thread.onSpinWait();
        }
        HeldLock.spinRandomly();
        secondArriving = true;
        lock.lock();
        lock.unlock();
    }

    /**
     * The holder: once the second waiter is on its way in, lets go when the {@link First} mode says.
     *
     * @throws IllegalStateException if the first waiter's timed wait took the lock while it was held
     */
    public final void release() {
        while (!secondArriving) {
            Thread.onSpinWait();
        }
        switch (mode) {
            case LOCKS -> HeldLock.spinRandomly();
            case GIVES_UP -> {
                joinFirst();
                if (firstTookAHeldLock) {
                    throw new IllegalStateException("tryLock(" + GIVE_UP_MICROS + " µs) returned true while its holder held " + lock);
                }
            }
            case TIMES_OUT_AS_THE_HOLDER_LETS_GO -> awaitAroundTheFirstDeadline();
        }
        lock.unlock();
    }

    private void awaitAroundTheFirstDeadline() {
        long deadline;
        while ((deadline = firstDeadline) == 0) {
            Thread.onSpinWait();
        }
        long offsetMicros = ThreadLocalRandom.current().nextInt(-RELEASE_BEFORE_DEADLINE_MICROS, RELEASE_AFTER_DEADLINE_MICROS + 1);
        long releaseAt = deadline + TimeUnit.MICROSECONDS.toNanos(offsetMicros);
        while (System.nanoTime() - releaseAt < 0) {
            Thread.onSpinWait();
        }
    }

    private void joinFirst() {
        try {
            first.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the first waiter to give up", e);
        }
    }
}

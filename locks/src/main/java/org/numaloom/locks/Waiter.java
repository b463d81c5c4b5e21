package org.numaloom.locks;

import java.util.concurrent.locks.LockSupport;

/**
 * One thread's wait for a lock or for its turn in a queue.
 *
 * <p>A waiter spins for a bounded number of rounds and then parks. The bound is what keeps a lock
 * from holding a carrier thread hostage: a virtual thread that spins while the holder is unmounted
 * occupies the very carrier the holder needs to finish, so with few carriers an unbounded spin
 * turns into a livelock. After every wake-up the waiter gets a fresh spin budget, because a wake-up
 * means that the state it waits for has probably just changed.
 *
 * <p>A waiter also carries the terms of the wait: an optional deadline, and whether an interrupt
 * ends it. An uninterruptible wait remembers an interrupt so that the lock can re-assert it once
 * acquired, as {@link java.util.concurrent.locks.ReentrantLock#lock()} does.
 *
 * <p>Giving up is final. A thread waits in stages (its place in a queue, then the head of the
 * queue, then the lock word), and an interrupt can be consumed in one stage when the give-up it
 * asks for loses a race: a queued waiter interrupted just as its predecessor makes it the head
 * can no longer cancel its place, and becomes the head. Its next stage must still end the wait.
 * So once an interruptible wait has seen an interrupt, or a timed one its deadline, every later
 * {@link #park} returns false at once instead of parking: the interrupt (or time-out) is acted on
 * at the first point where the thread can leave, and is never forgotten in between.
 *
 * <p>Not thread-safe: a waiter belongs to the thread that waits.
 */
final class Waiter {
    private final int spinLimit;
    private final boolean timed;
    private final long deadline;
    private final boolean interruptible;
    private int spins;
    private boolean interrupted;

    private Waiter(int spinLimit, boolean timed, long deadline, boolean interruptible) {
        this.spinLimit = spinLimit;
        this.timed = timed;
        this.deadline = deadline;
        this.interruptible = interruptible;
    }

    static Waiter untimed(int spinLimit, boolean interruptible) {
        return new Waiter(spinLimit, false, 0L, interruptible);
    }

    /**
     * A wait that gives up at its first park after {@code nanosTimeout}. As in AQS, a negative
     * timeout counts as zero: added to the clock it could wrap into the far future. A large positive
     * one may wrap too, harmlessly, because deadlines are only ever compared by subtraction.
     */
    static Waiter timed(int spinLimit, long nanosTimeout) {
        return new Waiter(spinLimit, true, System.nanoTime() + Math.max(nanosTimeout, 0L), true);
    }

    /**
     * Spins once if the spin budget lasts.
     *
     * @return false once the budget is spent: the caller should then {@link #park} (after making
     *         itself findable by whoever will wake it)
     */
    boolean spin() {
        if (spins >= spinLimit) {
            return false;
        }
        spins++;
        Thread.onSpinWait();
        return true;
    }

    /**
     * Parks until unparked, the deadline passes, or an interrupt; then renews the spin budget.
     * Spurious returns are allowed: callers re-check their condition in a loop.
     *
     * @return false if the wait must be abandoned: the deadline has passed, or an interruptible
     *         wait was interrupted, now or at any earlier park of this waiter (then without parking)
     */
    boolean park(Object blocker) {
        if (abortedByInterrupt()) {
            return false;
        }
        if (timed) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0L) {
                return false;
            }
            LockSupport.parkNanos(blocker, remaining);
        } else {
            LockSupport.park(blocker);
        }
        spins = 0;
        if (Thread.interrupted()) {
            interrupted = true;
            return !interruptible;
        }
        return !timed || deadline - System.nanoTime() > 0L;
    }

    /** Spends the spin budget, so that the next pause parks; a wake-up renews it. */
    void skipSpinning() {
        spins = spinLimit;
    }

    /** Spins while the budget lasts, else parks. Same result as {@link #park}. */
    boolean pause(Object blocker) {
        return spin() || park(blocker);
    }

    /** Whether an interrupt was consumed during the wait. */
    boolean wasInterrupted() {
        return interrupted;
    }

    /** Whether the wait ended because of an interrupt that the caller must report. */
    boolean abortedByInterrupt() {
        return interruptible && interrupted;
    }
}

package org.numaloom.locks;

import java.util.concurrent.locks.LockSupport;

/**
 * One thread's wait for a lock: its terms (an optional deadline, and whether an interrupt ends
 * it) and what happened while it waited.
 *
 * <p>Spinning is the lock's business, not the waiter's: how long a spin may pay off depends on
 * the lock (how long it is held, whether its holder runs), so a lock spins as it sees fit and
 * parks through {@link #park} once spinning no longer pays. The waiter only ends a spin early: a
 * spin lasts no longer than a timed wait has left ({@link #spinLimit}), and stops once an
 * interruptible wait is interrupted ({@link #interruptPending}), so that the next park ends the
 * wait. A lock may spin for seconds if it is built so; a {@code tryLock} of a millisecond must
 * not.
 *
 * <p>An uninterruptible wait remembers an interrupt so that the lock can re-assert it once
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
    private final boolean timed;
    private final long deadline;
    private final boolean interruptible;
    private boolean interrupted;

    private Waiter(boolean timed, long deadline, boolean interruptible) {
        this.timed = timed;
        this.deadline = deadline;
        this.interruptible = interruptible;
    }

    static Waiter untimed(boolean interruptible) {
        return new Waiter(false, 0L, interruptible);
    }

    /**
     * A wait that gives up at its first park after {@code nanosTimeout}. As in AQS, a negative
     * timeout counts as zero: added to the clock it could wrap into the far future. A large positive
     * one may wrap too, harmlessly, because deadlines are only ever compared by subtraction.
     */
    static Waiter timed(long nanosTimeout) {
        return new Waiter(true, System.nanoTime() + Math.max(nanosTimeout, 0L), true);
    }

    /**
     * The longest a spin of up to {@code budget} nanoseconds may last in this wait: a timed wait's
     * time left, if that is less (0 once it has run out).
     */
    long spinLimit(long budget) {
        return timed ? Math.max(0L, Math.min(budget, deadline - System.nanoTime())) : budget;
    }

    /**
     * Whether a spin must stop for this wait to end: an interruptible wait whose thread is, or was,
     * interrupted. The interrupt is left pending for {@link #park} to act on.
     */
    boolean interruptPending() {
        return interruptible && (interrupted || Thread.currentThread().isInterrupted());
    }

    /**
     * Parks until unparked, the deadline passes, or an interrupt. Spurious returns are allowed:
     * callers re-check their condition in a loop.
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
        if (Thread.interrupted()) {
            interrupted = true;
            return !interruptible;
        }
        return !timed || deadline - System.nanoTime() > 0L;
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

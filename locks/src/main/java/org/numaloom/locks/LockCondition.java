package org.numaloom.locks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.Date;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@link Condition} of an {@link AbstractReentrantLock}, with the semantics of
 * {@link java.util.concurrent.locks.AbstractQueuedSynchronizer.ConditionObject}, which the
 * contract suite's differential oracle checks call by call against {@code ReentrantLock}'s.
 *
 * <p>The wait queue is an {@link ArrayDeque} guarded by the lock itself: a thread appends its node
 * before releasing the lock, a signaller removes nodes while holding it, and a waiter that gave up
 * removes its own node after it has taken the lock back. So the queue needs no synchronization of
 * its own; only a node's status is shared with threads that do not hold the lock.
 *
 * <p>Signalling and giving up race for a node by compare-and-set of its status, so each waiter is
 * either signalled or has timed out or been interrupted, never both, and a timed wait reports which:
 * {@code await(time, unit)} and {@code awaitUntil} return true iff the wait was signalled, even if
 * the lock comes back only after the deadline. As in AQS, an interrupt that arrives after the
 * signal does not throw; it is re-asserted when the wait returns. Also as in AQS, a wait checks the
 * interrupt status before it checks that the caller holds the lock, and reads its arguments first.
 *
 * <p>No deadline overflows: a timeout of zero or less has expired at once ({@link NanoDeadline}),
 * and a {@link Date} is compared with the wall clock, never subtracted from it.
 */
final class LockCondition implements Condition {
    private static final int WAITING = 0;
    private static final int SIGNALLED = 1;
    private static final int CANCELLED = 2;

    private static final VarHandle STATUS;

    static {
        try {
            STATUS = MethodHandles.lookup().findVarHandle(Node.class, "status", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final class Node {
        final Thread thread = Thread.currentThread();
        volatile int status;

        boolean transition(int update) {
            return STATUS.compareAndSet(this, WAITING, update);
        }
    }

    /** How one call to await ended. */
    private enum Outcome { SIGNALLED, TIMED_OUT, INTERRUPTED }

    /** When a wait gives up, and how to park until then. */
    private interface Deadline {
        boolean hasPassed();

        /** Parks until the deadline, an unpark or an interrupt, or spuriously. */
        void parkUntil(Object blocker);
    }

    private static final Deadline NONE = new Deadline() {
        @Override
        public boolean hasPassed() {
            return false;
        }

        @Override
        public void parkUntil(Object blocker) {
            LockSupport.park(blocker);
        }
    };

    /**
     * A deadline on the {@link System#nanoTime()} clock. A negative timeout counts as zero, since the
     * clock plus a negative timeout can wrap into the far future; a large positive one may wrap too,
     * harmlessly, because the deadline is only ever compared with the clock by subtraction.
     */
    private static final class NanoDeadline implements Deadline {
        private final long at;

        NanoDeadline(long nanosTimeout) {
            at = System.nanoTime() + Math.max(nanosTimeout, 0L);
        }

        long nanosLeft() {
            return at - System.nanoTime();
        }

        @Override
        public boolean hasPassed() {
            return nanosLeft() <= 0L;
        }

        @Override
        public void parkUntil(Object blocker) {
            LockSupport.parkNanos(blocker, nanosLeft());
        }
    }

    /** A deadline on the wall clock, in milliseconds since the epoch, as a {@link Date} gives it. */
    private record WallClockDeadline(long epochMillis) implements Deadline {
        @Override
        public boolean hasPassed() {
            return System.currentTimeMillis() >= epochMillis;
        }

        @Override
        public void parkUntil(Object blocker) {
            LockSupport.parkUntil(blocker, epochMillis);
        }
    }

    private final AbstractReentrantLock lock;
    private final ArrayDeque<Node> waiters = new ArrayDeque<>();

    LockCondition(AbstractReentrantLock lock) {
        this.lock = lock;
    }

    @Override
    public void await() throws InterruptedException {
        awaitInterruptibly(NONE);
    }

    @Override
    public void awaitUninterruptibly() {
        awaitSignal(NONE, false);
    }

    @Override
    public long awaitNanos(long nanosTimeout) throws InterruptedException {
        NanoDeadline deadline = new NanoDeadline(nanosTimeout);
        awaitInterruptibly(deadline);
        long remaining = deadline.nanosLeft();
        // As AQS, never more than the argument: after a negative timeout the wait ran to zero, so the
        // time left is reckoned from zero; where that exceeds the argument, Long.MIN_VALUE stands for
        // the argument minus the time spent, which could overflow.
        return remaining <= nanosTimeout ? remaining : Long.MIN_VALUE;
    }

    @Override
    public boolean await(long time, TimeUnit unit) throws InterruptedException {
        long nanosTimeout = Objects.requireNonNull(unit, "unit").toNanos(time);
        return awaitInterruptibly(new NanoDeadline(nanosTimeout)) == Outcome.SIGNALLED;
    }

    @Override
    public boolean awaitUntil(Date deadline) throws InterruptedException {
        long epochMillis = Objects.requireNonNull(deadline, "deadline").getTime();
        return awaitInterruptibly(new WallClockDeadline(epochMillis)) == Outcome.SIGNALLED;
    }

    @Override
    public void signal() {
        requireHeld();
        for (Node node; (node = waiters.pollFirst()) != null; ) {
            if (node.transition(SIGNALLED)) {
                LockSupport.unpark(node.thread);
                return;
            }
        }
    }

    @Override
    public void signalAll() {
        requireHeld();
        for (Node node; (node = waiters.pollFirst()) != null; ) {
            if (node.transition(SIGNALLED)) {
                LockSupport.unpark(node.thread);
            }
        }
    }

    /** A wait that throws if the thread is interrupted before the call, or while waiting before a signal. */
    private Outcome awaitInterruptibly(Deadline deadline) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        Outcome outcome = awaitSignal(deadline, true);
        if (outcome == Outcome.INTERRUPTED) {
            throw new InterruptedException();
        }
        return outcome;
    }

    /**
     * Releases every hold, waits until signalled (or the deadline passes, or, if interruptible, an
     * interrupt), and takes the holds back. An interrupt it consumed without acting on it is
     * re-asserted.
     */
    private Outcome awaitSignal(Deadline deadline, boolean interruptible) {
        requireHeld();
        Node node = new Node();
        waiters.addLast(node);
        int holds = lock.releaseFully();
        boolean interrupted = false;
        Outcome outcome = null;
        while (outcome == null) {
            if (node.status == SIGNALLED) {
                outcome = Outcome.SIGNALLED;
            } else if (deadline.hasPassed()) {
                outcome = node.transition(CANCELLED) ? Outcome.TIMED_OUT : Outcome.SIGNALLED;
            } else {
                deadline.parkUntil(this);
                if (Thread.interrupted()) {
                    interrupted = true;
                    if (interruptible) {
                        outcome = node.transition(CANCELLED) ? Outcome.INTERRUPTED : Outcome.SIGNALLED;
                    }
                }
            }
        }
        lock.reacquire(holds);
        if (node.status == CANCELLED) {
            waiters.remove(node);
        }
        if (interrupted && outcome != Outcome.INTERRUPTED) {
            Thread.currentThread().interrupt();
        }
        return outcome;
    }

    private void requireHeld() {
        if (!lock.isHeldByCurrentThread()) {
            throw new IllegalMonitorStateException(Thread.currentThread() + " does not hold " + lock);
        }
    }
}

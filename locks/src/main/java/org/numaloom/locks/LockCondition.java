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
 * {@link java.util.concurrent.locks.AbstractQueuedSynchronizer.ConditionObject}.
 *
 * <p>The wait queue is an {@link ArrayDeque} guarded by the lock itself: a thread appends its node
 * before releasing the lock, a signaller removes nodes while holding it, and a waiter that gave up
 * removes its own node after it has taken the lock back. So the queue needs no synchronization of
 * its own; only a node's status is shared with threads that do not hold the lock.
 *
 * <p>Signalling and giving up race for a node by compare-and-set of its status, so each waiter is
 * either signalled or has timed out or been interrupted, never both. As in AQS, an interrupt that
 * arrives after the signal does not throw; it is re-asserted when {@code await} returns.
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

    private final AbstractReentrantLock lock;
    private final ArrayDeque<Node> waiters = new ArrayDeque<>();

    LockCondition(AbstractReentrantLock lock) {
        this.lock = lock;
    }

    @Override
    public void await() throws InterruptedException {
        if (awaitNanosUntil(false, 0L, true) == Outcome.INTERRUPTED) {
            throw new InterruptedException();
        }
    }

    @Override
    public void awaitUninterruptibly() {
        awaitNanosUntil(false, 0L, false);
    }

    @Override
    public long awaitNanos(long nanosTimeout) throws InterruptedException {
        long deadline = System.nanoTime() + nanosTimeout;
        if (awaitNanosUntil(true, deadline, true) == Outcome.INTERRUPTED) {
            throw new InterruptedException();
        }
        return deadline - System.nanoTime();
    }

    @Override
    public boolean await(long time, TimeUnit unit) throws InterruptedException {
        return awaitNanos(Objects.requireNonNull(unit, "unit").toNanos(time)) > 0L;
    }

    @Override
    public boolean awaitUntil(Date deadline) throws InterruptedException {
        long millis = Objects.requireNonNull(deadline, "deadline").getTime() - System.currentTimeMillis();
        return awaitNanos(TimeUnit.MILLISECONDS.toNanos(millis)) > 0L;
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

    private Outcome awaitNanosUntil(boolean timed, long deadline, boolean interruptible) {
        requireHeld();
        if (interruptible && Thread.interrupted()) {
            return Outcome.INTERRUPTED;
        }
        Node node = new Node();
        waiters.addLast(node);
        int holds = lock.releaseFully();
        boolean interrupted = false;
        Outcome outcome = null;
        while (outcome == null) {
            if (node.status == SIGNALLED) {
                outcome = Outcome.SIGNALLED;
            } else if (timed && deadline - System.nanoTime() <= 0L) {
                outcome = node.transition(CANCELLED) ? Outcome.TIMED_OUT : Outcome.SIGNALLED;
            } else {
                park(timed, deadline);
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

    private void park(boolean timed, long deadline) {
        if (timed) {
            LockSupport.parkNanos(this, deadline - System.nanoTime());
        } else {
            LockSupport.park(this);
        }
    }

    private void requireHeld() {
        if (!lock.isHeldByCurrentThread()) {
            throw new IllegalMonitorStateException(Thread.currentThread() + " does not hold " + lock);
        }
    }
}

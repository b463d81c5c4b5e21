package org.numaloom.locks;

import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * NEGATIVE CONTROL, known broken: no mutual exclusion at all. Every acquisition succeeds at once,
 * so any number of threads run their critical sections together. A suite that cannot tell this
 * lock from a real one checks nothing.
 *
 * <p>Everything else keeps the {@link Lock} contract, so that a suite sees this one flaw and no
 * other: each thread counts its own holds, and an unlock without a hold throws
 * {@link IllegalMonitorStateException}. A condition's waits return at once, as a spurious wake-up
 * may, and a signal has nobody to wake; with no exclusion there is nothing to wait for.
 */
final class NoExclusionLock implements Lock {
    private final ThreadLocal<Integer> holds = ThreadLocal.withInitial(() -> 0);

    @Override
    public void lock() {
        holds.set(holds.get() + 1);
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        throwIfInterrupted();
        lock();
    }

    @Override
    public boolean tryLock() {
        lock();
        return true;
    }

    @Override
    public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
        lockInterruptibly();
        return true;
    }

    @Override
    public void unlock() {
        requireHeld();
        holds.set(holds.get() - 1);
    }

    @Override
    public Condition newCondition() {
        return new NoWaitCondition();
    }

    private void requireHeld() {
        if (holds.get() == 0) {
            throw new IllegalMonitorStateException(Thread.currentThread() + " does not hold " + this);
        }
    }

    private static void throwIfInterrupted() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }

    /** Waits end at once, as spurious wake-ups; the callers' loops re-check their conditions. */
    private final class NoWaitCondition implements Condition {
        @Override
        public void await() throws InterruptedException {
            requireHeld();
            throwIfInterrupted();
        }

        @Override
        public void awaitUninterruptibly() {
            requireHeld();
        }

        @Override
        public long awaitNanos(long nanosTimeout) throws InterruptedException {
            await();
            return nanosTimeout;
        }

        @Override
        public boolean await(long time, TimeUnit unit) throws InterruptedException {
            await();
            return true;
        }

        @Override
        public boolean awaitUntil(Date deadline) throws InterruptedException {
            await();
            return true;
        }

        @Override
        public void signal() {
            requireHeld();
        }

        @Override
        public void signalAll() {
            requireHeld();
        }
    }
}

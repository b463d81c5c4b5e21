package org.numaloom.example;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * A lock as a user of the kit might write one and plug in ({@code ExamplePluggedLocks}): a
 * reentrant, barging lock on {@link AbstractQueuedSynchronizer}, the state counting holds. It
 * stands for "your lock" wherever the kit shows what it does with one: every suite runs it, and
 * {@code ./numaloom mutate --lock EXAMPLE_PLUGGED} mutates it from its class files alone.
 */
public final class ExampleUserLock implements Lock {
    private final Holds holds = new Holds();

    /** The synchronizer: state 0 is free, n > 0 is n holds by the owner. */
    private static final class Holds extends AbstractQueuedSynchronizer {
        @Override
        protected boolean tryAcquire(int count) {
            Thread caller = Thread.currentThread();
            int held = getState();
            if (held == 0) {
                if (compareAndSetState(0, count)) {
                    setExclusiveOwnerThread(caller);
                    return true;
                }
                return false;
            }
            if (getExclusiveOwnerThread() != caller) {
                return false;
            }
            if (held + count < 0) {
                throw new Error("more than " + Integer.MAX_VALUE + " holds");
            }
            setState(held + count); // the owner alone writes the state while it holds the lock
            return true;
        }

        @Override
        protected boolean tryRelease(int count) {
            if (getExclusiveOwnerThread() != Thread.currentThread()) {
                throw new IllegalMonitorStateException(Thread.currentThread() + " does not hold this lock");
            }
            int left = getState() - count;
            if (left == 0) {
                setExclusiveOwnerThread(null);
            }
            setState(left); // a volatile write: publishes the owner's clearing before the lock is free
            return left == 0;
        }

        @Override
        protected boolean isHeldExclusively() {
            return getExclusiveOwnerThread() == Thread.currentThread();
        }

        Condition newCondition() {
            return new ConditionObject();
        }
    }

    @Override
    public void lock() {
        holds.acquire(1);
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        holds.acquireInterruptibly(1);
    }

    @Override
    public boolean tryLock() {
        return holds.tryAcquire(1);
    }

    @Override
    public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
        return holds.tryAcquireNanos(1, unit.toNanos(time));
    }

    @Override
    public void unlock() {
        holds.release(1);
    }

    @Override
    public Condition newCondition() {
        return holds.newCondition();
    }
}

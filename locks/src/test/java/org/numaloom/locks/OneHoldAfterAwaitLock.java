package org.numaloom.locks;

import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * NEGATIVE CONTROL: a reentrant lock whose conditions' waits give back one hold, not the count the
 * waiter held: a thread that locked twice and awaited holds the lock once after the wait, so its
 * second unlock throws (or, with a lock that let it, would free a lock another thread holds). Built
 * on {@link ReentrantLock}: the waits give up the extra holds before the real wait, which then
 * restores the one hold left.
 */
final class OneHoldAfterAwaitLock extends ReentrantLock {
    @Override
    public Condition newCondition() {
        return new ForwardingCondition(super.newCondition()) {
            @Override
            public void await() throws InterruptedException {
                keepOneHold();
                super.await();
            }

            @Override
            public void awaitUninterruptibly() {
                keepOneHold();
                super.awaitUninterruptibly();
            }

            @Override
            public long awaitNanos(long nanosTimeout) throws InterruptedException {
                keepOneHold();
                return super.awaitNanos(nanosTimeout);
            }

            @Override
            public boolean await(long time, TimeUnit unit) throws InterruptedException {
                keepOneHold();
                return super.await(time, unit);
            }

            @Override
            public boolean awaitUntil(Date deadline) throws InterruptedException {
                keepOneHold();
                return super.awaitUntil(deadline);
            }
        };
    }

    private void keepOneHold() {
        while (getHoldCount() > 1) {
            unlock();
        }
    }
}

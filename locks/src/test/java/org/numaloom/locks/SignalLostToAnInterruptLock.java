package org.numaloom.locks;

import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * NEGATIVE CONTROL: a reentrant lock whose conditions' interruptible waits answer an interrupt
 * that came with a signal by throwing {@link InterruptedException}, and keep the signal: the
 * waiter behind is never woken. The {@link Condition} contract allows a wait to favour the
 * interrupt over the signal only if the signal then goes to another waiter. Built on
 * {@link ReentrantLock}, whose wait returns normally, the interrupt re-asserted, when the signal
 * came first: this one throws instead.
 */
final class SignalLostToAnInterruptLock extends ReentrantLock {
    @Override
    public Condition newCondition() {
        return new ForwardingCondition(super.newCondition()) {
            @Override
            public void await() throws InterruptedException {
                super.await();
                throwIfInterrupted();
            }

            @Override
            public long awaitNanos(long nanosTimeout) throws InterruptedException {
                long left = super.awaitNanos(nanosTimeout);
                throwIfInterrupted();
                return left;
            }

            @Override
            public boolean await(long time, TimeUnit unit) throws InterruptedException {
                boolean signalled = super.await(time, unit);
                throwIfInterrupted();
                return signalled;
            }

            @Override
            public boolean awaitUntil(Date deadline) throws InterruptedException {
                boolean signalled = super.awaitUntil(deadline);
                throwIfInterrupted();
                return signalled;
            }
        };
    }

    private static void throwIfInterrupted() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }
}

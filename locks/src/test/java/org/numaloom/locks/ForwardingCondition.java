package org.numaloom.locks;

import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;

/**
 * A {@link Condition} that passes every call to a real one: the base of the negative controls that
 * break one thing about a condition, each overriding only the calls it breaks.
 */
class ForwardingCondition implements Condition {
    private final Condition real;

    ForwardingCondition(Condition real) {
        this.real = real;
    }

    @Override
    public void await() throws InterruptedException {
        real.await();
    }

    @Override
    public void awaitUninterruptibly() {
        real.awaitUninterruptibly();
    }

    @Override
    public long awaitNanos(long nanosTimeout) throws InterruptedException {
        return real.awaitNanos(nanosTimeout);
    }

    @Override
    public boolean await(long time, TimeUnit unit) throws InterruptedException {
        return real.await(time, unit);
    }

    @Override
    public boolean awaitUntil(Date deadline) throws InterruptedException {
        return real.awaitUntil(deadline);
    }

    @Override
    public void signal() {
        real.signal();
    }

    @Override
    public void signalAll() {
        real.signalAll();
    }
}

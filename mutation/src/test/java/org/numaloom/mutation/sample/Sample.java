package org.numaloom.mutation.sample;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/** One site of each mutation operator, in methods the tests call on the original and on mutants. */
public class Sample {
    private static final VarHandle VALUE;
    private static final VarHandle OWNER;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(Sample.class, "value", int.class);
            OWNER = MethodHandles.lookup().findVarHandle(Sample.class, "owner", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public volatile boolean flag;
    private volatile int value;
    private Thread owner = Thread.currentThread();

    public int value() {
        return value;
    }

    public boolean compareAndSet(int expected, int update) {
        return VALUE.compareAndSet(this, expected, update);
    }

    /** A compare-and-set to a null literal, which javac types as Void in the call's descriptor. */
    public boolean clearOwner(Thread expected) {
        return OWNER.compareAndSet(this, expected, null);
    }

    /** A compare-and-set from a null literal, typed Void in the call's descriptor as well. */
    public boolean claimOwner(Thread update) {
        return OWNER.compareAndSet(this, null, update);
    }

    public int getAndSet(int update) {
        return (int) VALUE.getAndSet(this, update);
    }

    public void setRelease(int update) {
        VALUE.setRelease(this, update);
    }

    public boolean interrupted() {
        return Thread.interrupted();
    }

    public boolean below(int a, int bound) {
        return a < bound;
    }

    public void wake(Thread thread) {
        LockSupport.unpark(thread);
    }

    public void park() {
        LockSupport.park(this);
    }

    /** Increments the value n times with a compare-and-set loop. */
    public void increment(int n) {
        for (int i = 0; i < n; i++) {
            int current;
            do {
                current = value;
            } while (!compareAndSet(current, current + 1));
        }
    }
}

package org.numaloom.locks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * A simple correct lock that two negative controls break in one place each: a lock word, and
 * waiters that park in a queue and are woken one at a time.
 *
 * <p>A waiter joins the queue, then tries the word, and parks if it is taken; a releaser frees the
 * word, then wakes the first waiter of the queue. No wake-up is lost because both sides write,
 * then read the other's variable, with volatile (sequentially consistent) accesses: of a waiter
 * that is about to park and a releaser, at least one sees the other (the Dekker-style pairing of
 * {@link LockWord}). A woken waiter that loses the word to a barging thread parks again; the
 * barger's release wakes it. A waiter that gives up (timeout, interrupt) leaves the queue and
 * passes a wake-up it may have received on to the next waiter.
 *
 * <p>The controls override {@link #takeWord()} and {@link #freeWord()}; nothing else differs.
 */
abstract class ParkingWordLock extends OwnerFieldLock {
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ParkingWordLock.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** 0 when free, 1 when held; accessed through {@link #STATE} in the mode each method says. */
    @SuppressWarnings("unused")
    private int state;
    private final Queue<Thread> waiters = new ConcurrentLinkedQueue<>();

    ParkingWordLock() {
    }

    /** Takes the word if it is free: one atomic compare-and-set. */
    boolean takeWord() {
        return (int) STATE.getVolatile(this) == 0 && STATE.compareAndSet(this, 0, 1);
    }

    /** Frees the word with a volatile write, which orders it before the read of the queue. */
    void freeWord() {
        STATE.setVolatile(this, 0);
    }

    final boolean wordIsFree() {
        return (int) STATE.getVolatile(this) == 0;
    }

    final void setWordVolatile(int value) {
        STATE.setVolatile(this, value);
    }

    final void setWordPlain(int value) {
        STATE.set(this, value);
    }

    @Override
    final boolean take() {
        return takeWord();
    }

    @Override
    final boolean await(Waiter waiter) {
        Thread me = Thread.currentThread();
        waiters.add(me);
        while (!takeWord()) {
            if (!waiter.park(this)) {
                waiters.remove(me);
                if (wordIsFree()) {
                    wakeFirstWaiter();
                }
                return false;
            }
        }
        waiters.remove(me);
        return true;
    }

    @Override
    final void letGo() {
        freeWord();
        wakeFirstWaiter();
    }

    private void wakeFirstWaiter() {
        Thread first = waiters.peek();
        if (first != null) {
            LockSupport.unpark(first);
        }
    }
}

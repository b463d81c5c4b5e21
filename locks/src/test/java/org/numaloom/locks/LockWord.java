package org.numaloom.locks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A test-and-test-and-set lock word, alone on its cache lines: 0 when free, 1 when held.
 *
 * <p>{@link #release()} is a volatile write, not a release-store: locks pair it with a volatile
 * read of their waiters' "parked" marks (and waiters pair a volatile write of that mark with a
 * volatile read of this word), so that of a releasing holder and a waiter about to park, at least
 * one sees the other. That Dekker-style pairing is what prevents a lost wake-up.
 */
final class LockWord extends LockWordState {
    @SuppressWarnings("unused")
    private long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(LockWordState.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Takes the word if it is free; reads before it writes, so that waiters spin on a shared line. */
    boolean tryTake() {
        return state == 0 && STATE.compareAndSet(this, 0, 1);
    }

    boolean isFree() {
        return state == 0;
    }

    void release() {
        state = 0;
    }
}

abstract class LockWordState extends Padding {
    volatile int state;
}

package org.numaloom.locks;

/**
 * NEGATIVE CONTROL, known broken: a check-then-set race. The lock word is taken by reading it and,
 * if it is free, writing it, in two steps instead of one compare-and-set; two threads that read
 * "free" at the same time both take it and both enter the critical section. Each access is
 * volatile, so the flaw is the race alone, not a memory-ordering one.
 *
 * <p>Everything else is {@link ParkingWordLock}, a correct lock.
 */
final class CheckThenSetLock extends ParkingWordLock {
    @Override
    boolean takeWord() {
        if (!wordIsFree()) {
            return false;
        }
        setWordVolatile(1);
        return true;
    }
}

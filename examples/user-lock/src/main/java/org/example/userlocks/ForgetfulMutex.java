package org.example.userlocks;

/**
 * {@link Mutex} with one mistake, registered so that the kit's suites show what they do with a broken
 * lock of yours: {@link #lock()} tries once and, when the mutex is taken, goes into the critical
 * section anyway, and {@link #unlock()} lets go only of a mutex it holds. Two threads can then be
 * inside at once; the virtual-thread harness, jcstress and Lincheck each report it.
 */
public final class ForgetfulMutex extends Mutex {
    @Override
    public void lock() {
        tryLock();
    }

    @Override
    public void unlock() {
        if (isHeldByCurrentThread()) {
            super.unlock();
        }
    }
}

package org.numaloom.locks;

import java.util.concurrent.locks.ReentrantLock;

/**
 * NEGATIVE CONTROL: a reentrant lock whose {@code lockInterruptibly()} takes a free lock without
 * looking at the interrupt status: a thread interrupted before the call gets the lock, where the
 * {@link java.util.concurrent.locks.Lock} contract says it must throw {@link InterruptedException}.
 * Only a contended call reaches {@link ReentrantLock}'s own, which checks.
 */
final class InterruptIgnoredOnEntryLock extends ReentrantLock {
    @Override
    public void lockInterruptibly() throws InterruptedException {
        if (!tryLock()) {
            super.lockInterruptibly();
        }
    }
}
